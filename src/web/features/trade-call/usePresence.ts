import type { RoomPeer } from '@shared/realtime';
import { onRealtime, sendRealtime, useRealtimeLive } from '@web/lib/realtime';
import { useEffect, useRef, useState } from 'react';
import { fetchRoomPresence } from './api';

/** Who is in a trade's room, from the server: this tab's connection (`you`) and every socket there. */
export interface RoomPresence {
  you: string;
  peers: RoomPeer[];
}

/**
 * Enters the trade's room on the live socket while mounted (again after every reconnect: a new socket starts
 * outside every room) and answers who is there now; null until the server says, and while the socket is down.
 * A `resync` (the server lost its feed for a while: presence changes may have been missed) reads the list
 * again through the REST route; a tab the server never listed enters the room again instead.
 */
export function useTradePresence(tradeId: number): RoomPresence | null {
  const live = useRealtimeLive();
  const [presence, setPresence] = useState<RoomPresence | null>(null);
  const current = useRef<RoomPresence | null>(null);
  current.current = presence;
  /** Counts the socket's presence lists: a list read through REST is dropped if a newer one came meanwhile. */
  const heard = useRef(0);

  useEffect(() => {
    let reading = false;
    let again = false;
    const reread = async () => {
      if (reading) {
        again = true;
        return;
      }
      reading = true;
      try {
        do {
          again = false;
          const before = heard.current;
          const { peers } = await fetchRoomPresence(tradeId);
          if (heard.current !== before) continue;
          setPresence((now) => (now ? { you: now.you, peers } : now));
        } while (again);
      } catch {
        // The next presence message, or the next resync, brings the list.
      } finally {
        reading = false;
      }
    };
    return onRealtime((signal) => {
      if (signal.type === 'presence' && signal.tradeId === tradeId) {
        heard.current += 1;
        setPresence({ you: signal.you, peers: signal.peers });
      } else if (signal.type === 'resync') {
        if (current.current) void reread();
        else sendRealtime({ type: 'room-join', tradeId });
      }
    });
  }, [tradeId]);

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
