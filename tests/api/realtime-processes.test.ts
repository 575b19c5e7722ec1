import type { RealtimeMessage } from '@shared/realtime';
import { REALTIME_CLOSE } from '@shared/realtime-close';
import { and, asc, desc, eq, gt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { listings, notifications, tradeEvents } from '../../src/server/db/schema';
import { createStaff, createUser } from '../factories/accounts';
import { createGames, createListing } from '../factories/listings';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../helpers/test-app';

/**
 * Two server processes on one PostgreSQL database, as behind a load balancer: each app listens on its own port
 * with its own pool and LISTEN connection, the sockets are real `ws` clients over TCP, and the steps go through
 * app A's HTTP API. PGlite belongs to one process, so this file needs PostgreSQL (TEST_DATABASE_URL).
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let t: TestApp;
let b: FastifyInstance;
let urlA: string;
let urlB: string;
let gameId: number;
let staffCookie: string;

beforeAll(async () => {
  if (!onPostgres) return;
  t = await createTestApp();
  const sibling = await t.sibling();
  if (!sibling) throw new Error('the second process needs PostgreSQL');
  b = sibling;
  urlA = await t.app.listen({ port: 0, host: '127.0.0.1' });
  urlB = await b.listen({ port: 0, host: '127.0.0.1' });
  gameId = Object.values(await createGames(t.db))[0] as number;
  staffCookie = await signIn(urlA, await createStaff(t.db));
});
afterAll(async () => {
  for (const live of open) live.ws.terminate();
  await t?.close();
});

/** A request to a listening app, as the browser sends it (trusted Origin, the session cookie). */
async function call(
  base: string,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  cookie?: string,
  body?: object,
) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      origin: TEST_ORIGIN,
      ...(cookie && { cookie }),
      ...(body && { 'content-type': 'application/json' }),
    },
    body: body && JSON.stringify(body),
  });
  return { status: res.status, text: await res.text(), headers: res.headers };
}

async function signIn(base: string, user: { email: string; password: string }): Promise<string> {
  const res = await call(base, 'POST', '/api/accounts/login', undefined, {
    email: user.email,
    password: user.password,
  });
  expect(res.status, res.text).toBe(200);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

async function member() {
  const user = await createUser(t.db);
  return { id: user.id, email: user.email, password: user.password, cookie: await signIn(urlA, user) };
}

/** A seller with a listing and a PIX key, a buyer, and the trade the buyer opened on it (all through A). */
async function openTrade() {
  const seller = await member();
  const buyer = await member();
  const listingId = await createListing(t.db, seller.id, {
    gameId,
    title: `Conta entre processos ${Math.random().toString(36).slice(2, 8)}`,
    priceCents: 10_000,
  });
  await t.db.update(listings).set({ quantity: 5 }).where(eq(listings.id, listingId));
  const key = await call(urlA, 'POST', '/api/pix-keys', seller.cookie, {
    password: seller.password,
    type: 'email',
    key: `vendedor.${Math.random().toString(36).slice(2, 8)}@exemplo.com.br`,
  });
  expect(key.status, key.text).toBe(201);
  const res = await call(urlA, 'POST', '/api/trades', buyer.cookie, { listingId });
  expect(res.status, res.text).toBe(201);
  return { seller, buyer, id: (JSON.parse(res.text) as { id: number }).id };
}

async function stepOnA(cookie: string, id: number, path: string, body: object = {}) {
  const res = await call(urlA, 'POST', `/api/trades/${id}/${path}`, cookie, body);
  expect(res.status, res.text).toBe(200);
}

const eventIdsOf = async (tradeId: number, after = 0) =>
  (
    await t.db
      .select({ id: tradeEvents.id })
      .from(tradeEvents)
      .where(and(eq(tradeEvents.tradeId, tradeId), gt(tradeEvents.id, after)))
      .orderBy(asc(tradeEvents.id))
  ).map((row) => row.id);

interface Live {
  ws: WebSocket;
  messages: RealtimeMessage[];
  next(match: (message: RealtimeMessage) => boolean): Promise<RealtimeMessage>;
}
const open: Live[] = [];

/** A real socket to `/ws` of the app at `base`, as a tab of `cookie` opens it; resolves once it is open. */
function connect(base: string, cookie: string, since?: number): Promise<Live> {
  const url = `${base.replace(/^http/, 'ws')}/ws${since === undefined ? '' : `?since=${since}`}`;
  const ws = new WebSocket(url, { headers: { cookie, origin: TEST_ORIGIN } });
  const messages: RealtimeMessage[] = [];
  const waiters: { match: (m: RealtimeMessage) => boolean; resolve: (m: RealtimeMessage) => void }[] = [];
  // Listening from the start: a replay may arrive right after the upgrade.
  ws.on('message', (data) => {
    const message = JSON.parse(String(data)) as RealtimeMessage;
    messages.push(message);
    for (const waiter of [...waiters]) {
      if (!waiter.match(message)) continue;
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(message);
    }
  });
  const live: Live = {
    ws,
    messages,
    next: (match) => {
      const seen = messages.find(match);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve) => waiters.push({ match, resolve }));
    },
  };
  open.push(live);
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(live));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`refused: ${res.statusCode}`)));
    ws.once('error', reject);
  });
}

const closeOf = (live: Live) =>
  new Promise<{ code: number }>((resolve) => live.ws.once('close', (code) => resolve({ code })));

const isHello = (m: RealtimeMessage) => m.type === 'hello';
const tradeEventOf = (tradeId: number, eventId?: number) => (m: RealtimeMessage) =>
  m.type === 'trade' && m.tradeId === tradeId && (eventId === undefined || m.eventId === eventId);
const tradeEventsIn = (live: Live, tradeId: number) =>
  live.messages.flatMap((m) => (m.type === 'trade' && m.tradeId === tradeId ? [m.eventId] : []));

describe.skipIf(!onPostgres)(
  'two server processes on one PostgreSQL database (skipped without TEST_DATABASE_URL: PGlite belongs to one process)',
  () => {
    it("a step done through A's HTTP API reaches the buyer's socket on B and the seller's on A", async () => {
      const trade = await openTrade();
      const buyerOnB = await connect(urlB, trade.buyer.cookie);
      const sellerOnA = await connect(urlA, trade.seller.cookie);
      const staffOnB = await connect(urlB, staffCookie);
      await Promise.all([buyerOnB, sellerOnA, staffOnB].map((live) => live.next(isHello)));

      await stepOnA(trade.seller.cookie, trade.id, 'value', { amount: '100,00' });
      const [eventId] = (await eventIdsOf(trade.id)).slice(-1);
      for (const live of [buyerOnB, sellerOnA, staffOnB]) {
        expect(await live.next(tradeEventOf(trade.id, eventId))).toEqual({
          type: 'trade',
          tradeId: trade.id,
          eventId,
        });
      }
    });

    it('a notification created through A reaches its user on B, with the unread count, and no one else', async () => {
      const trade = await openTrade();
      const buyerOnB = await connect(urlB, trade.buyer.cookie);
      const sellerOnB = await connect(urlB, trade.seller.cookie);
      await Promise.all([buyerOnB.next(isHello), sellerOnB.next(isHello)]);

      // The seller's step tells the buyer (trades/service.ts notifies the other party).
      await stepOnA(trade.seller.cookie, trade.id, 'value', { amount: '100,00' });
      const message = await buyerOnB.next((m) => m.type === 'notification');
      const [row] = await t.db
        .select({ id: notifications.id })
        .from(notifications)
        .where(eq(notifications.userId, trade.buyer.id))
        .orderBy(desc(notifications.id))
        .limit(1);
      const unread = await call(urlB, 'GET', '/api/notifications/unread-count', trade.buyer.cookie);
      expect(message).toEqual({
        type: 'notification',
        id: row?.id,
        unread: (JSON.parse(unread.text) as { unread: number }).unread,
      });

      // Staff's payment step (through A) tells the parties: each socket gets its own user's notes only.
      await stepOnA(staffCookie, trade.id, 'payment');
      await sellerOnB.next((m) => m.type === 'notification');
      for (const [live, userId] of [
        [buyerOnB, trade.buyer.id],
        [sellerOnB, trade.seller.id],
      ] as const) {
        const own = await t.db
          .select({ id: notifications.id })
          .from(notifications)
          .where(eq(notifications.userId, userId));
        const ids = live.messages.flatMap((m) => (m.type === 'notification' ? [m.id] : []));
        expect(ids.length).toBeGreaterThan(0);
        expect(ids.every((id) => own.some((r) => r.id === id))).toBe(true);
      }
    });

    it('a socket on B that missed steps done through A recovers them in order with ?since=', async () => {
      const trade = await openTrade();
      const first = await connect(urlB, trade.buyer.cookie);
      const since = ((await first.next(isHello)) as { lastEventId: number }).lastEventId;
      const closed = new Promise((resolve) => first.ws.once('close', resolve));
      first.ws.close();
      await closed;
      // The seller stays connected on A: once the last step reaches it, nothing of these is still on its way.
      const witness = await connect(urlA, trade.seller.cookie);
      await witness.next(isHello);

      await stepOnA(trade.seller.cookie, trade.id, 'value', { amount: '100,00' });
      await stepOnA(staffCookie, trade.id, 'payment');
      await stepOnA(trade.seller.cookie, trade.id, 'delivery', {
        note: 'Conta entregue',
        credentials: 'login: heroi / senha: s3nh4',
      });
      const missed = await eventIdsOf(trade.id, since);
      expect(missed).toHaveLength(3);
      await witness.next(tradeEventOf(trade.id, missed.at(-1)));
      expect(tradeEventsIn(first, trade.id)).toEqual([]);

      const again = await connect(urlB, trade.buyer.cookie, since);
      const hello = await again.next(isHello);
      expect(tradeEventsIn(again, trade.id)).toEqual(missed);
      expect(hello).toEqual({ type: 'hello', lastEventId: missed.at(-1) });
      expect(again.messages.indexOf(hello)).toBe(again.messages.length - 1);
    });

    it("'Encerrar outras sessões' through A closes, within a second, the other device's socket on B", async () => {
      const user = await member();
      const elsewhere = await signIn(urlA, user);
      const onB = await connect(urlB, elsewhere);
      await onB.next(isHello);
      const closed = closeOf(onB);

      const res = await call(urlA, 'POST', '/api/accounts/me/sessions/end-others', user.cookie);
      expect(res.status, res.text).toBeLessThan(300);
      const ended = Date.now();
      const { code } = await closed; // bounded by the test's timeout
      expect(code).toBe(REALTIME_CLOSE.sessionEnded);
      expect(Date.now() - ended).toBeLessThan(1000);
      await expect(connect(urlB, elsewhere)).rejects.toThrow('refused: 401');
    });

    it('a staff role removed through A closes the staff socket on B, which reconnects outside the staff rooms', async () => {
      const moderator = await createStaff(t.db, 'moderator');
      const cookie = await signIn(urlA, moderator);
      const onB = await connect(urlB, cookie);
      await onB.next(isHello);
      const closed = closeOf(onB);

      const res = await call(urlA, 'DELETE', `/api/admin/staff/${moderator.id}`, staffCookie);
      expect(res.status, res.text).toBe(204);
      const ended = Date.now();
      expect((await closed).code).toBe(REALTIME_CLOSE.rightsChanged);
      expect(Date.now() - ended).toBeLessThan(1000);

      const again = await connect(urlB, cookie);
      await again.next(isHello);
      const trade = await openTrade();
      const sellerOnB = await connect(urlB, trade.seller.cookie);
      await sellerOnB.next(isHello);
      await stepOnA(trade.seller.cookie, trade.id, 'value', { amount: '100,00' });
      const [eventId] = (await eventIdsOf(trade.id)).slice(-1);
      await sellerOnB.next(tradeEventOf(trade.id, eventId));
      // A note to the ex-staff member after the step: once it arrives on their socket, the step would have too.
      await t.db
        .insert(notifications)
        .values({ userId: moderator.id, kind: 'trade_step', title: 'Aviso', body: 'Aviso.', link: '/' });
      await again.next((m) => m.type === 'notification');
      expect(tradeEventsIn(again, trade.id)).toEqual([]);
    });
  },
);
