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
