import type { CallSignal, ChatChange, RoomPeerId } from '@shared/realtime';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db, Unlisten } from '../db/client';

/**
 * The one PostgreSQL channel every process LISTENs on; the triggers of the migrations
 * `realtime_notify` (trade events, notifications) and `realtime_sessions` (sessions, staff roles) NOTIFY on it.
 */
const REALTIME_CHANNEL = 'realtime';

/** What travels between processes: ids and the user ids that route them, never the rows. */
type BusEvent =
  | { type: 'trade'; tradeId: number; eventId: number; buyerId: string; sellerId: string }
  | { type: 'notification'; id: number; userId: string }
  // Presence and the voice call (realtime/rooms.ts): the room's list is read again; a signal travels whole.
  | { type: 'presence'; tradeId: number }
  | { type: 'signal'; tradeId: number; from: RoomPeerId; to: string | null; signal: CallSignal }
  /** A trade's chat changed: a new message, or someone's read mark (modules/trade-chat). */
  | { type: 'chat'; tradeId: number; change: ChatChange; buyerId: string; sellerId: string }
  /**
   * A session of the user ended, or their staff role changed (migration 0030's triggers, whatever the path): each
   * process reads again the session of that user's sockets and closes those that lost it (realtime/hub.ts).
   */
  | { type: 'sessions-ended'; userId: string }
  | { type: 'rights-changed'; userId: string }
  /** The status page's round trip (modules/status/realtime-check.ts); every process but its sender ignores it. */
  | { type: 'probe'; id: string };

/** `gap`: this process lost its feed for a while (PostgreSQL reconnect); its sockets should read again. */
export type BusMessage = BusEvent | { type: 'gap' };

/**
 * Fan-out to every server process. One path for both databases: a publish is a `pg_notify` run on the caller's
 * transaction, delivered only if it commits (PostgreSQL across processes through the LISTEN connection, PGlite
 * in-process); each subscriber of every process receives it.
 */
export interface RealtimeBus {
  /** Announces `event` once `via` commits: pass the transaction when inside one (by default the app's db). */
  publish(event: BusEvent, via?: Db): Promise<void>;
  /**
   * Calls `handler` with every event any process publishes, and with `gap` after a lost feed. `sentAt` is when the
   * sender stamped it (epoch ms: the publisher's clock, or the database's for trade events and notifications, migration
   * 0036; the metrics' delivery lag), null when unstamped (the session and role triggers').
   */
  subscribe(handler: (message: BusMessage, sentAt: number | null) => void): Promise<Unlisten>;
}

export function createRealtimeBus(database: Database, log: FastifyBaseLogger): RealtimeBus {
  const parse = (payload: string): { event: BusEvent; sentAt: number | null } | null => {
    try {
      const { sentAt, ...event } = JSON.parse(payload) as BusEvent & { sentAt?: number };
      return { event: event as BusEvent, sentAt: typeof sentAt === 'number' ? sentAt : null };
    } catch {
      log.warn({ payload }, 'realtime: aviso ilegível ignorado');
      return null;
    }
  };

  return {
    async publish(event, via = database.db) {
      const stamped = JSON.stringify({ ...event, sentAt: Date.now() });
      await via.execute(sql`select pg_notify(${REALTIME_CHANNEL}, ${stamped})`);
    },

    subscribe(handler) {
      const deliver = (message: BusMessage, sentAt: number | null = null) => {
        try {
          handler(message, sentAt);
        } catch (err) {
          log.error({ err }, 'realtime: falha ao entregar um aviso');
        }
      };
      return database.listen(
        REALTIME_CHANNEL,
        (payload) => {
          const parsed = parse(payload);
          if (parsed) deliver(parsed.event, parsed.sentAt);
        },
        () => {
          log.warn('realtime: conexão LISTEN restabelecida; avisos do intervalo podem ter se perdido');
          deliver({ type: 'gap' });
        },
      );
    },
  };
}
