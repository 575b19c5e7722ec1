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
  | { type: 'resync' }
  // — Presence and the voice call (docs/decisions/014-voice-call.md) —
  /** Who is in the trade's room now (every open socket there, this one included as `you`). */
  | { type: 'presence'; tradeId: number; you: string; peers: RoomPeer[] }
  /** A call signal from one peer, stamped by the server (`from` never comes from a client). */
  | { type: 'signal'; tradeId: number; from: RoomPeerId; signal: CallSignal }
  /** A message the server refused (not in the trade, not in the call, too big): nothing happened. */
  | { type: 'error'; code: string; message: string };

/** Who sent a signal: the socket, its user and their role in the trade, as the server knows them. */
export interface RoomPeerId {
  connectionId: string;
  userId: string;
  role: 'comprador' | 'vendedor' | 'intermediador' | null;
}

/** One socket in a trade's room. */
export interface RoomPeer extends RoomPeerId {
  name: string;
  inCall: boolean;
  muted: boolean;
}

/**
 * The voice call's signals (the spec's types). `user-joined` / `user-left` come from the server only; offer,
 * answer and ice-candidate are relayed from one peer to another.
 */
export type CallSignal =
  | { kind: 'user-joined' }
  | { kind: 'user-left' }
  | { kind: 'offer' | 'answer'; sdp: string }
  | { kind: 'ice-candidate'; candidate: IceCandidate | null };

export interface IceCandidate {
  candidate: string;
  sdpMid?: string | null;
  sdpMLineIndex?: number | null;
  usernameFragment?: string | null;
}

/** An SDP longer than this is refused (an audio-only one is a few KB; NOTIFY carries at most 8000 bytes). */
export const MAX_SDP_LENGTH = 6000;
/** A socket may send this many messages in a burst, refilled at `CLIENT_MESSAGES_PER_SECOND`; beyond, it is closed. */
export const CLIENT_MESSAGE_BURST = 60;
export const CLIENT_MESSAGES_PER_SECOND = 20;
/** The largest frame a browser may send on `/ws`; a bigger one closes the socket (1009). */
export const MAX_CLIENT_FRAME_BYTES = 16 * 1024;

const tradeId = z.number().int().positive().max(2_147_483_647);
const connectionId = z.uuid();
const iceCandidate = z.object({
  candidate: z.string().max(1000),
  sdpMid: z.string().max(64).nullish(),
  sdpMLineIndex: z.number().int().min(0).max(64).nullish(),
  usernameFragment: z.string().max(256).nullish(),
});

/** What a browser may send on the socket. Anything else (and any `from` it adds) is refused or ignored. */
export const clientMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('room-join'), tradeId }),
  z.object({ type: z.literal('room-leave'), tradeId }),
  z.object({ type: z.literal('call-join'), tradeId, muted: z.boolean().default(false) }),
  z.object({ type: z.literal('call-leave'), tradeId }),
  z.object({ type: z.literal('call-mute'), tradeId, muted: z.boolean() }),
  z.object({
    type: z.literal('signal'),
    tradeId,
    to: connectionId,
    signal: z.discriminatedUnion('kind', [
      z.object({ kind: z.enum(['offer', 'answer']), sdp: z.string().min(1).max(MAX_SDP_LENGTH) }),
      z.object({ kind: z.literal('ice-candidate'), candidate: iceCandidate.nullable() }),
    ]),
  }),
]);
export type ClientMessage = z.input<typeof clientMessage>;

/** What changed in a trade's chat. */
export type ChatChange = 'message' | 'read';

/** At most this many missed trade events are replayed on reconnect; beyond that the server says 'resync'. */
export const REALTIME_REPLAY_LIMIT = 200;

/** `GET /ws?since=<eventId>`: the last trade event id the tab saw, to replay what came after it. */
export const realtimeQuery = z.object({
  since: z.coerce.number().int().min(0).max(2_147_483_647).optional(),
});
