import { z } from 'zod';

/**
 * The live channel (issue 11): one WebSocket per tab at `/ws`. Messages carry ids only; the browser reads the
 * rows through the REST routes, which stay the authority on who sees what. Pages import this file's types only
 * (`import type`), so zod stays out of the entry chunk.
 */
export type RealtimeMessage =
  /** A trade the user may see has a new history line (`trade_events.id`, one global sequence). */
  | { type: 'trade'; tradeId: number; eventId: number }
  /** A new notification of the user, and how many are unread now. */
  | { type: 'notification'; id: number; unread: number }
  /** Sent once the socket is set up (after any replay): the newest event id the user may see. */
  | { type: 'hello'; lastEventId: number }
  /** A trade's chat has a new message or a new read mark: the tab rereads the chat (not replayed: see 013). */
  | { type: 'chat'; tradeId: number; change: ChatChange }
  /** Something may have been missed (a replay too long, a server that lost its feed): read everything again. */
  | { type: 'resync' };

/** What changed in a trade's chat. */
export type ChatChange = 'message' | 'read';

/** At most this many missed trade events are replayed on reconnect; beyond that the server says 'resync'. */
export const REALTIME_REPLAY_LIMIT = 200;

/** `GET /ws?since=<eventId>`: the last trade event id the tab saw, to replay what came after it. */
export const realtimeQuery = z.object({
  since: z.coerce.number().int().min(0).max(2_147_483_647).optional(),
});
