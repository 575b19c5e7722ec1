import type { IceServersView } from '@shared/trade-call';
import { api } from '@web/lib/api';

/** The call's ICE servers, asked for when a call starts (a TURN credential is short-lived: never cached). */
export const fetchIceServers = (tradeId: number) =>
  api<IceServersView>(`/api/trades/${tradeId}/call/ice-servers`);
