import type { IceServersView, RoomPresenceView } from '@shared/trade-call';
import { api } from '@web/lib/api';

/** The call's ICE servers, asked for when a call starts (a TURN credential is short-lived: never cached). */
export const fetchIceServers = (tradeId: number) =>
  api<IceServersView>(`/api/trades/${tradeId}/call/ice-servers`);

/** Who is in the trade's room now; the room reads it again after a `resync` of the live socket. */
export const fetchRoomPresence = (tradeId: number) =>
  api<RoomPresenceView>(`/api/trades/${tradeId}/call/presence`);
