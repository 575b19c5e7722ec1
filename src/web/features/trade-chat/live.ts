import { useQueryClient } from '@tanstack/react-query';
import { onRealtime } from '@web/lib/realtime';
import { useEffect } from 'react';
import { chatKeys } from './api';

/**
 * Keeps one trade's chat current from the live socket: a chat change (a message, a read mark) and a step of the
 * trade (a system line) reread it; so does a reconnect, as chat messages are not replayed (decision 013).
 */
export function useLiveChat(tradeId: number) {
  const client = useQueryClient();
  useEffect(
    () =>
      onRealtime((signal) => {
        const mine = (signal.type === 'chat' || signal.type === 'trade') && signal.tradeId === tradeId;
        if (mine || signal.type === 'reconnected' || signal.type === 'resync') {
          void client.invalidateQueries({ queryKey: chatKeys.chat(tradeId) });
        }
      }),
    [client, tradeId],
  );
}
