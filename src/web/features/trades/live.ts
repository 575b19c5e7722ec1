import { useQueryClient } from '@tanstack/react-query';
import { onRealtime } from '@web/lib/realtime';
import { useEffect } from 'react';
import { tradeKeys } from './keys';

/**
 * Keeps the trade room and the trade lists current from the live socket: a new event of a trade refetches that
 * trade and the lists; a reconnect or a 'resync' refetches every trade query (the REST routes decide what is seen).
 */
export function useLiveTrades() {
  const client = useQueryClient();
  useEffect(
    () =>
      onRealtime((signal) => {
        if (signal.type === 'trade') {
          void client.invalidateQueries({ queryKey: tradeKeys.detail(signal.tradeId) });
          void client.invalidateQueries({ queryKey: tradeKeys.lists });
        } else if (signal.type === 'resync') {
          void client.invalidateQueries({ queryKey: tradeKeys.all });
        }
      }),
    [client],
  );
}
