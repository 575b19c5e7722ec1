import type { RoomPeer } from '@shared/realtime';
import { onRealtime, sendRealtime, useRealtimeLive } from '@web/lib/realtime';
import { useEffect, useState } from 'react';

/** Who is in a trade's room, from the server: this tab's connection (`you`) and every socket there. */
export interface RoomPresence {
  you: string;
  peers: RoomPeer[];
}

/**
 * Enters the trade's room on the live socket while mounted (again after every reconnect: a new socket starts
 * outside every room) and answers who is there now; null until the server says, and while the socket is down.
 */
export function useTradePresence(tradeId: number): RoomPresence | null {
  const live = useRealtimeLive();
  const [presence, setPresence] = useState<RoomPresence | null>(null);

  useEffect(
    () =>
      onRealtime((signal) => {
        if (signal.type === 'presence' && signal.tradeId === tradeId)
          setPresence({ you: signal.you, peers: signal.peers });
      }),
    [tradeId],
  );

  useEffect(() => {
    if (!live) {
      setPresence(null);
      return;
    }
    sendRealtime({ type: 'room-join', tradeId });
    return () => {
      sendRealtime({ type: 'room-leave', tradeId });
      setPresence(null);
    };
  }, [live, tradeId]);

  return presence;
}
