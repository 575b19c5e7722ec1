import { z } from 'zod';

/** `GET /api/trades/:id/call/ice-servers`: what a party's browser hands to RTCPeerConnection. */
export const iceServersView = z.object({
  iceServers: z.array(
    z.object({
      urls: z.array(z.string()),
      username: z.string().optional(),
      credential: z.string().optional(),
    }),
  ),
  /** Seconds the TURN credential lasts (null without TURN): a call that starts later asks again. */
  expiresInSeconds: z.number().int().nullable(),
});
export type IceServersView = z.infer<typeof iceServersView>;

/**
 * `GET /api/trades/:id/call/presence`: who is in the trade's room now, as the live socket's `presence` message
 * lists them. The room reads it again after a `resync` (a server that lost its feed may have missed changes).
 */
export const roomPresenceView = z.object({
  peers: z.array(
    z.object({
      connectionId: z.string(),
      userId: z.string(),
      role: z.enum(['comprador', 'vendedor', 'intermediador']).nullable(),
      name: z.string(),
      inCall: z.boolean(),
      muted: z.boolean(),
    }),
  ),
});
export type RoomPresenceView = z.infer<typeof roomPresenceView>;

/**
 * The `error` code of the live socket's message to an intermediary's tab taken out of the call: an admin took the
 * trade over, and the call's intermediary seat follows the trade's holder. The tab leaves the call and says why.
 */
export const CALL_SEAT_TAKEN_OVER = 'CALL_SEAT_TAKEN_OVER';
