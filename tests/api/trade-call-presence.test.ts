import type { ClientMessage, RealtimeMessage } from '@shared/realtime';
import type { RoomPresenceView } from '@shared/trade-call';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { createStaff, createUser } from '../factories/accounts';
import { createTradeRow } from '../factories/trades';
import { apiOf } from '../helpers/api';
import { sessionCookie } from '../helpers/sessions';
import { createTestApp, type TestApp } from '../helpers/test-app';

/**
 * `GET /api/trades/:id/call/presence`: the room's list as the socket's `presence` message gives it, read again by
 * a tab told to `resync` (its server lost its feed, so presence changes of other processes may have been missed).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ STUN_URLS: '' });
});
const open: WebSocket[] = [];
afterAll(async () => {
  for (const ws of open) ws.terminate();
  await t?.close();
});

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

async function member(isStaff = false) {
  const user = isStaff ? await createStaff(t.db) : await createUser(t.db);
  return { id: user.id, cookie: await sessionCookie(t, user.id) };
}

async function openTrade() {
  const buyer = await member();
  const seller = await member();
  const trade = await createTradeRow(t.db, { buyerId: buyer.id, sellerId: seller.id, amountCents: 10_000 });
  return { id: trade.id, buyer, seller };
}

type Presence = Extract<RealtimeMessage, { type: 'presence' }>;

/** A socket of `cookie` on `app`, in the trade's room (in its call when told); answers its presence lists. */
async function enter(app: FastifyInstance, cookie: string, tradeId: number, call = false) {
  const lists: Presence[] = [];
  const waiters: { match: (p: Presence) => boolean; resolve: (p: Presence) => void }[] = [];
  const ws = await apiOf(() => ({ ...t, app }))
    .as(cookie)
    .socket('/ws', (socket: WebSocket) => {
      socket.on('message', (data) => {
        const message = JSON.parse(String(data)) as RealtimeMessage;
        if (message.type !== 'presence' || message.tradeId !== tradeId) return;
        lists.push(message);
        for (const waiter of [...waiters]) {
          if (!waiter.match(message)) continue;
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(message);
        }
      });
    });
  open.push(ws);
  const presence = (match: (p: Presence) => boolean) =>
    lists.find(match) ?? new Promise<Presence>((resolve) => waiters.push({ match, resolve }));
  const send = (message: ClientMessage) => ws.send(JSON.stringify(message));
  send({ type: 'room-join', tradeId });
  const { you } = await presence(() => true);
  if (call) {
    send({ type: 'call-join', tradeId });
    await presence((p) => p.peers.some((peer) => peer.connectionId === you && peer.inCall));
  }
  return { you, presence };
}

const readPresence = (app: FastifyInstance, tradeId: number, cookie?: string) =>
  app.inject({
    method: 'GET',
    url: `/api/trades/${tradeId}/call/presence`,
    headers: cookie ? { cookie } : {},
  });

describe('the room read again', () => {
  it('lists the people in the room as the socket does: who, their role, in the call or not', async () => {
    const trade = await openTrade();
    const buyer = await enter(t.app, trade.buyer.cookie, trade.id, true);
    const seller = await enter(t.app, trade.seller.cookie, trade.id);
    const pushed = await seller.presence((p) => p.peers.length === 2);

    const res = await readPresence(t.app, trade.id, trade.seller.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { peers } = res.json() as RoomPresenceView;
    expect(peers).toEqual(pushed.peers);
    expect(peers.map((peer) => [peer.connectionId, peer.role, peer.inCall])).toEqual([
      [buyer.you, 'comprador', true],
      [seller.you, 'vendedor', false],
    ]);
  });

  it('is for whoever may enter the room: staff yes; a stranger or a guest no', async () => {
    const trade = await openTrade();
    const staff = await member(true);
    expect((await readPresence(t.app, trade.id, staff.cookie)).statusCode).toBe(200);
    const stranger = await member();
    expect((await readPresence(t.app, trade.id, stranger.cookie)).statusCode).toBe(404);
    expect((await readPresence(t.app, trade.id)).statusCode).toBe(401);
    expect((await readPresence(t.app, 2_000_000_000, staff.cookie)).statusCode).toBe(404);
  });

  it.runIf(onPostgres)(
    "shows someone who entered through another process, whatever this process's feed missed",
    async () => {
      const trade = await openTrade();
      const b = await t.sibling();
      if (!b) throw new Error('the second process needs PostgreSQL');
      const seller = await enter(t.app, trade.seller.cookie, trade.id);
      const buyer = await enter(b, trade.buyer.cookie, trade.id, true);

      const res = await readPresence(t.app, trade.id, trade.seller.cookie);
      expect(res.statusCode, res.body).toBe(200);
      const { peers } = res.json() as RoomPresenceView;
      expect(peers.map((peer) => [peer.connectionId, peer.role, peer.inCall])).toEqual([
        [seller.you, 'vendedor', false],
        [buyer.you, 'comprador', true],
      ]);
    },
  );
});
