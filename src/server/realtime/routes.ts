import { callMessages } from '@shared/call-messages';
import { errorMessages } from '@shared/errors';
import {
  CLIENT_MESSAGE_BURST,
  CLIENT_MESSAGES_PER_SECOND,
  clientMessage,
  type RealtimeMessage,
  realtimeQuery,
} from '@shared/realtime';
import { REALTIME_CLOSE } from '@shared/realtime-close';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser, viewerOf } from '../auth/guards';
import type { Viewer } from '../auth/session';
import type { Db } from '../db/client';
import { AppError } from '../errors';
import type { RealtimeClient, RealtimeHub } from './hub';
import { lastTradeEventId, missedTradeEvents } from './replay';
import type { TradeRooms } from './rooms';

/** A ping this often; a socket that did not answer the previous one is dropped. */
const HEARTBEAT_MS = 30_000;
/**
 * Every this many beats the session is read again, as a safety net: a session that ends or a role that changes
 * is announced on the bus at once (`sessions-ended`, `rights-changed`), and the hub rechecks at that moment.
 */
const SESSION_CHECK_BEATS = 10;
/**
 * A peer that has not answered our close within this long is cut off: `ws` would wait 30 s, and a shutdown waits
 * for every socket (a sleeping laptop's tab would hold it past SHUTDOWN_TIMEOUT_SECONDS).
 */
const CLOSE_ANSWER_MS = 3000;
/** A socket that stops reading and lets this much pile up is dropped (it resumes from its last id). */
const MAX_BUFFERED_BYTES = 1_000_000;

/**
 * A token bucket per socket: a burst of `CLIENT_MESSAGE_BURST`, refilled at `CLIENT_MESSAGES_PER_SECOND`. The
 * answer is false once it is empty, and the socket is closed (1008): a browser never sends that fast.
 */
function messageAllowance(now: () => number = Date.now) {
  let tokens = CLIENT_MESSAGE_BURST;
  let last = now();
  return () => {
    const at = now();
    tokens = Math.min(CLIENT_MESSAGE_BURST, tokens + ((at - last) / 1000) * CLIENT_MESSAGES_PER_SECOND);
    last = at;
    if (tokens < 1) return false;
    tokens -= 1;
    return true;
  };
}

/**
 * The WebSocket upgrade is a GET, which the app's Origin hook lets through: a page on another site could open
 * it with the user's cookie. Only a trusted Origin (which every browser sends on an upgrade) may open one.
 */
function refuseForeignOrigin(trustedOrigins: ReadonlySet<string>) {
  return async (request: FastifyRequest) => {
    const origin = request.headers.origin;
    if (!origin || !trustedOrigins.has(origin))
      throw new AppError('FOREIGN_ORIGIN', errorMessages.foreignOrigin);
  };
}

/** `GET /ws`: the live channel of a signed-in user (docs/decisions/011-realtime.md). */
export const realtimeRoutes: FastifyPluginAsyncZod<{
  db: Db;
  hub: RealtimeHub;
  rooms: TradeRooms;
  trustedOrigins: ReadonlySet<string>;
}> = async (app, { db, hub, rooms, trustedOrigins }) => {
  app.get(
    '/ws',
    {
      websocket: true,
      // Both run before the upgrade: a foreign page or a guest is answered 403/401 and never gets a socket.
      onRequest: [refuseForeignOrigin(trustedOrigins), requireUser()],
      schema: { hide: true, querystring: realtimeQuery },
    },
    async (socket, request) => {
      const viewer = viewerOf(request);
      const client: RealtimeClient = {
        viewer,
        send(message: RealtimeMessage) {
          if (socket.readyState !== socket.OPEN) return;
          if (socket.bufferedAmount > MAX_BUFFERED_BYTES) socket.terminate();
          else socket.send(JSON.stringify(message));
        },
        recheck: () => recheckSession(),
        close(code, reason) {
          remove();
          socket.close(code, reason);
          setTimeout(() => socket.terminate(), CLOSE_ANSWER_MS).unref();
        },
      };
      // Live events first, then the replay: an event in between arrives twice rather than never.
      const remove = hub.add(client);

      let alive = true;
      let beats = 0;
      socket.on('pong', () => {
        alive = true;
      });
      const heartbeat = setInterval(() => {
        if (!alive) return socket.terminate();
        alive = false;
        socket.ping();
        beats += 1;
        if (beats % SESSION_CHECK_BEATS === 0) void recheckSession();
      }, HEARTBEAT_MS);
      heartbeat.unref();
      // What the browser says: the trade rooms' presence and the call's signals (decision 014).
      const roomClient = rooms.client(() => viewer, client.send);
      const allowance = messageAllowance();
      // One message at a time, in the order sent: an offer before its ICE candidates, a join before a signal.
      let queue = Promise.resolve();
      socket.on('message', (data, isBinary) => {
        if (!allowance()) return socket.close(1008, 'rate');
        let parsed: ReturnType<typeof clientMessage.safeParse>;
        try {
          parsed = clientMessage.safeParse(isBinary ? null : JSON.parse(String(data)));
        } catch {
          parsed = clientMessage.safeParse(null);
        }
        if (!parsed.success) {
          queue = queue.then(() =>
            client.send({ type: 'error', code: 'VALIDATION', message: callMessages.badMessage }),
          );
          return;
        }
        const message = parsed.data;
        queue = queue.then(() => rooms.handle(roomClient, message));
      });
      socket.on('close', () => {
        clearInterval(heartbeat);
        remove();
        queue = queue.then(() => rooms.close(roomClient));
      });

      /**
       * The session read again (on the bus's word, and every few minutes): ended, or someone else's → closed with
       * `sessionEnded`; the staff role given, changed or removed → closed with `rightsChanged`. Closing rather than
       * re-routing in place: the hub's staff set, the trade room and its call, and the replay were all decided
       * from the viewer at the upgrade; the browser reconnects at once and gets all of them again from the new
       * rights. Out of the hub at once: nothing more is sent while the close handshake runs.
       */
      async function recheckSession() {
        if (socket.readyState !== socket.OPEN) return;
        let now: Viewer | null;
        try {
          now = await request.server.session.read(request);
        } catch (err) {
          // The database failed to answer: keep the socket; the next announcement or beat reads it again.
          request.log.warn({ err }, 'realtime: sessão não relida');
          return;
        }
        if (!now || now.userId !== viewer.userId) client.close(REALTIME_CLOSE.sessionEnded, 'session');
        else if (now.role !== viewer.role) client.close(REALTIME_CLOSE.rightsChanged, 'rights');
      }

      try {
        const query = request.query as { since?: number };
        if (query.since !== undefined) {
          const missed = await missedTradeEvents(db, viewer, query.since);
          if (missed) for (const event of missed) client.send({ type: 'trade', ...event });
          else client.send({ type: 'resync' });
        }
        client.send({ type: 'hello', lastEventId: await lastTradeEventId(db, viewer) });
      } catch (err) {
        request.log.error({ err }, 'realtime: falha ao abrir o canal');
        socket.close(1011);
      }
    },
  );
};
