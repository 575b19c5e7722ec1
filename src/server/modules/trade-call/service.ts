import { createHmac } from 'node:crypto';
import { callMessages as m } from '@shared/call-messages';
import { canJoinTradeCall } from '@shared/permissions';
import type { IceServersView, RoomPresenceView } from '@shared/trade-call';
import type { Viewer } from '../../auth/session';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { readRoomPeers } from '../../realtime/rooms';
import { tradeSeenBy } from '../trades/access';

/**
 * A TURN credential as coturn's `use-auth-secret` (the TURN REST API draft) checks it: the username is the
 * expiry (Unix seconds) and the user id, the password base64(HMAC-SHA1(secret, username)).
 */
function turnCredential(secret: string, userId: string, ttlSeconds: number, now = Date.now()) {
  const username = `${Math.floor(now / 1000) + ttlSeconds}:${userId}`;
  const credential = createHmac('sha1', secret).update(username).digest('base64');
  return { username, credential };
}

/** The voice call's ICE servers, for the parties of one trade only. */
export function createTradeCallService(db: Db, config: Config['call']) {
  return {
    async iceServers(viewer: Viewer, tradeId: number): Promise<IceServersView> {
      // Seeing the trade is not enough: a moderator joins only a call of a trade nobody else holds.
      const trade = await tradeSeenBy(db, viewer, tradeId, { notFound: m.iceNotInTrade });
      if (!canJoinTradeCall(viewer, trade)) throw new AppError('NOT_FOUND', m.iceNotInTrade);
      const iceServers: IceServersView['iceServers'] = [];
      if (config.stunUrls.length > 0) iceServers.push({ urls: config.stunUrls });
      if (config.turn) {
        iceServers.push({
          urls: config.turn.urls,
          ...turnCredential(config.turn.secret, viewer.userId, config.turn.ttlSeconds),
        });
      }
      return { iceServers, expiresInSeconds: config.turn ? config.turn.ttlSeconds : null };
    },

    /**
     * The room's people now, for whoever may enter the room (the same list, and order, as the socket's
     * `presence` message of realtime/rooms.ts): read again by a tab told to `resync`.
     */
    async presence(viewer: Viewer, tradeId: number): Promise<RoomPresenceView> {
      await tradeSeenBy(db, viewer, tradeId, { notFound: m.iceNotInTrade });
      const peers = await readRoomPeers(db, tradeId);
      return { peers: peers as RoomPresenceView['peers'] };
    },
  };
}

export type TradeCallService = ReturnType<typeof createTradeCallService>;
