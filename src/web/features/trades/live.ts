import { useQueryClient } from '@tanstack/react-query';
import { onRealtime } from '@web/lib/realtime';
import { useEffect } from 'react';
import { tradeKeys } from './keys';
import { heardOwnStep, rereadTrade } from './own-steps';

/**
 * Keeps the trade room and the trade lists current from the live socket: a new event of a trade refetches that
 * trade and the lists, unless it is the viewer's own step, whose answer the room already shows (own-steps.ts);
 * a reconnect or a 'resync' refetches every trade query (the REST routes decide what is seen).
 */
export function useLiveTrades() {
  const client = useQueryClient();
  useEffect(
    () =>
      onRealtime((signal) => {
        if (signal.type === 'trade') {
          if (!heardOwnStep(client, signal.tradeId, signal.eventId)) rereadTrade(client, signal.tradeId);
        } else if (signal.type === 'resync') {
          void client.invalidateQueries({ queryKey: tradeKeys.all });
        }
      }),
    [client],
  );
}
