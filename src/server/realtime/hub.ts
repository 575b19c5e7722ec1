import type { RealtimeMessage } from '@shared/realtime';
import type { FastifyBaseLogger } from 'fastify';
import type { Viewer } from '../auth/session';
import type { BusMessage } from './bus';

/** One open socket of this process, as the hub sees it. */
export interface RealtimeClient {
  viewer: Viewer;
  send(message: RealtimeMessage): void;
  /**
   * Reads the socket's session again; closes the socket if it ended (or is now someone else's) or if the user's
   * rights changed. Never throws.
   */
  recheck(): Promise<void>;
  /** Takes the socket out of the hub and closes it with `code` (the browser acts on it: realtime-close.ts). */
  close(code: number, reason: string): void;
}

/**
 * The sockets of this process and who may see what: a trade event goes to its buyer, its seller and every staff
 * socket (an intermediary is staff); a notification to its user only. The rule mirrors `canSeeTrade`, and the
 * REST routes the browser then calls check it again. When a session of a user ends or their staff role changes,
 * each of that user's sockets reads its session again and closes if it lost it (issue 25).
 */
export function createRealtimeHub({
  log,
  unreadCount,
}: {
  log: FastifyBaseLogger;
  /** The notifications module's count, handed in by app.ts (realtime sits below the modules). */
  unreadCount: (viewer: Viewer) => Promise<number>;
}) {
  const byUser = new Map<string, Set<RealtimeClient>>();
  const staff = new Set<RealtimeClient>();

  function add(client: RealtimeClient): () => void {
    const own = byUser.get(client.viewer.userId) ?? new Set();
    own.add(client);
    byUser.set(client.viewer.userId, own);
    if (client.viewer.role) staff.add(client);
    return () => {
      own.delete(client);
      if (own.size === 0 && byUser.get(client.viewer.userId) === own) byUser.delete(client.viewer.userId);
      staff.delete(client);
    };
  }

  const sendAll = (clients: Iterable<RealtimeClient>, message: RealtimeMessage) => {
    for (const client of clients) client.send(message);
  };

  /** The sockets that may see a trade: its buyer's, its seller's and every staff socket. */
  const tradeRoom = (trade: { buyerId: string; sellerId: string }) =>
    new Set([...(byUser.get(trade.buyerId) ?? []), ...(byUser.get(trade.sellerId) ?? []), ...staff]);

  async function deliver(message: BusMessage): Promise<void> {
    if (message.type === 'gap') {
      for (const own of byUser.values()) sendAll(own, { type: 'resync' });
      // A session that ended meanwhile was announced in the gap too.
      await Promise.all([...byUser.values()].flatMap((own) => [...own].map((client) => client.recheck())));
      return;
    }
    if (message.type === 'trade') {
      sendAll(tradeRoom(message), { type: 'trade', tradeId: message.tradeId, eventId: message.eventId });
      return;
    }
    if (message.type === 'chat') {
      sendAll(tradeRoom(message), { type: 'chat', tradeId: message.tradeId, change: message.change });
      return;
    }
    if (message.type === 'sessions-ended' || message.type === 'rights-changed') {
      await Promise.all([...(byUser.get(message.userId) ?? [])].map((client) => client.recheck()));
      return;
    }
    if (message.type !== 'notification') return; // presence and signals: realtime/rooms.ts; probes: the status check
    const own = byUser.get(message.userId);
    if (!own || own.size === 0) return;
    const first = own.values().next().value as RealtimeClient;
    const unread = await unreadCount(first.viewer);
    sendAll(own, { type: 'notification', id: message.id, unread });
  }

  return {
    add,
    /** For the bus: never throws (a failed count is logged; the next event or a resync catches up). */
    receive(message: BusMessage) {
      deliver(message).catch((err) => log.error({ err }, 'realtime: falha ao encaminhar um aviso'));
    },
    /** Closes every socket here with `code`: on shutdown, 'service restart', so each tab reconnects elsewhere. */
    closeAll(code: number, reason: string) {
      for (const own of [...byUser.values()]) for (const client of [...own]) client.close(code, reason);
    },
    /** How many sockets are open here (tests and the benchmark read it). */
    size: () => [...byUser.values()].reduce((n, set) => n + set.size, 0),
  };
}

export type RealtimeHub = ReturnType<typeof createRealtimeHub>;
