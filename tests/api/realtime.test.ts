import type { RealtimeMessage } from '@shared/realtime';
import { REALTIME_REPLAY_LIMIT } from '@shared/realtime';
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { listings, notifications, tradeEvents } from '../../src/server/db/schema';
import { createStaff, createUser } from '../factories/accounts';
import { createGames, createListing } from '../factories/listings';
import { apiOf } from '../helpers/api';
import { signIn } from '../helpers/http';
import { sessionCookie } from '../helpers/sessions';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../helpers/test-app';

let t: TestApp;
let gameId: number;
let staffCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  gameId = Object.values(await createGames(t.db))[0] as number;
  const staff = await createStaff(t.db);
  staffCookie = await signIn(t.app, staff.email, staff.password);
});
afterAll(() => t?.close());

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

const api = apiOf(() => t);

async function member() {
  const user = await createUser(t.db);
  return { id: user.id, password: user.password, cookie: await sessionCookie(t, user.id) };
}

/** A seller with a listing and a default PIX key, a buyer, and the trade the buyer opened on it. */
async function openTrade() {
  const seller = await member();
  const buyer = await member();
  const listingId = await createListing(t.db, seller.id, {
    gameId,
    title: `Conta ao vivo ${Math.random().toString(36).slice(2, 8)}`,
    priceCents: 10_000,
  });
  await t.db.update(listings).set({ quantity: 5 }).where(eq(listings.id, listingId));
  const key = await api.as(seller.cookie).post('/api/pix-keys', {
    password: seller.password,
    type: 'email',
    key: `vendedor.${Math.random().toString(36).slice(2, 8)}@exemplo.com.br`,
  });
  expect(key.statusCode, key.body).toBe(201);
  const res = await api.as(buyer.cookie).post('/api/trades', { listingId });
  expect(res.statusCode, res.body).toBe(201);
  return { seller, buyer, listingId, id: (res.json() as { id: number }).id };
}

async function step(cookie: string, id: number, path: string, body: object = {}) {
  const res = await api.as(cookie).post(`/api/trades/${id}/${path}`, body);
  expect(res.statusCode, res.body).toBe(200);
}

const confirmValue = (trade: { seller: { cookie: string }; id: number }) =>
  step(trade.seller.cookie, trade.id, 'value', { amount: '100,00' });

const eventIdsOf = async (tradeId: number) =>
  (
    await t.db
      .select({ id: tradeEvents.id })
      .from(tradeEvents)
      .where(eq(tradeEvents.tradeId, tradeId))
      .orderBy(asc(tradeEvents.id))
  ).map((row) => row.id);
const notificationIdsOf = async (userId: string) =>
  (
    await t.db.select({ id: notifications.id }).from(notifications).where(eq(notifications.userId, userId))
  ).map((r) => r.id);

interface Live {
  ws: WebSocket;
  messages: RealtimeMessage[];
  /** Resolves with the first message (already received or to come) that `match` accepts. */
  next<T extends RealtimeMessage>(match: (message: RealtimeMessage) => message is T): Promise<T>;
  next(match: (message: RealtimeMessage) => boolean): Promise<RealtimeMessage>;
}

const open: Live[] = [];
afterAll(() => {
  for (const live of open) live.ws.terminate();
});

/** A socket on `/ws` as a browser tab of `cookie` opens it (trusted Origin unless told otherwise). */
async function connect(
  cookie: string | undefined,
  {
    app = t.app,
    since,
    origin = TEST_ORIGIN,
  }: { app?: FastifyInstance; since?: number; origin?: string | null } = {},
): Promise<Live> {
  const messages: RealtimeMessage[] = [];
  const waiters: { match: (m: RealtimeMessage) => boolean; resolve: (m: RealtimeMessage) => void }[] = [];
  const ws = await app.injectWS(
    since === undefined ? '/ws' : `/ws?since=${since}`,
    {
      headers: { ...(cookie && { cookie }), ...(origin && { origin }) },
    } as never,
    {
      // Collect from the first frame: the replay and 'hello' may arrive before injectWS resolves.
      onInit: (socket: WebSocket) =>
        socket.on('message', (data) => {
          const message = JSON.parse(String(data)) as RealtimeMessage;
          messages.push(message);
          for (const waiter of [...waiters]) {
            if (!waiter.match(message)) continue;
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.resolve(message);
          }
        }),
    } as never,
  );
  const live: Live = {
    ws,
    messages,
    next: (match: (m: RealtimeMessage) => boolean) => {
      const seen = messages.find(match);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve) => waiters.push({ match, resolve }));
    },
  } as Live;
  open.push(live);
  return live;
}

const isHello = (m: RealtimeMessage): m is Extract<RealtimeMessage, { type: 'hello' }> => m.type === 'hello';
const tradeEventOf =
  (tradeId: number, eventId?: number) =>
  (m: RealtimeMessage): m is Extract<RealtimeMessage, { type: 'trade' }> =>
    m.type === 'trade' && m.tradeId === tradeId && (eventId === undefined || m.eventId === eventId);
const tradeIdsIn = (live: Live) => live.messages.flatMap((m) => (m.type === 'trade' ? [m.tradeId] : []));

describe('opening the live channel', () => {
  it('refuses a guest before the upgrade (401)', async () => {
    await expect(connect(undefined)).rejects.toThrow('Unexpected server response: 401');
  });

  it('refuses a foreign Origin, and a missing one, even with a valid session (403)', async () => {
    const { cookie } = await member();
    await expect(connect(cookie, { origin: 'https://malicioso.example' })).rejects.toThrow(
      'Unexpected server response: 403',
    );
    await expect(connect(cookie, { origin: null })).rejects.toThrow('Unexpected server response: 403');
  });

  it('refuses a bad resume point before the upgrade (400)', async () => {
    const { cookie } = await member();
    await expect(connect(cookie, { since: -1 })).rejects.toThrow('Unexpected server response: 400');
  });

  it('greets a member with the newest event id they may see', async () => {
    const trade = await openTrade();
    const buyer = await connect(trade.buyer.cookie);
    const outsider = await connect((await member()).cookie);
    const ids = await eventIdsOf(trade.id);
    expect((await buyer.next(isHello)).lastEventId).toBe(ids.at(-1));
    expect((await outsider.next(isHello)).lastEventId).toBe(0);
  });
});

describe('who receives what', () => {
  it("sends a trade's steps to its buyer and seller and to staff, never to a member outside it", async () => {
    const trade = await openTrade();
    const own = await openTrade(); // the outsider's own trade, to know when everything before it arrived
    const buyer = await connect(trade.buyer.cookie);
    const seller = await connect(trade.seller.cookie);
    const staff = await connect(staffCookie);
    const outsider = await connect(own.buyer.cookie);
    await Promise.all([buyer, seller, staff, outsider].map((live) => live.next(isHello)));

    await confirmValue(trade);
    const [eventId] = (await eventIdsOf(trade.id)).slice(-1);
    for (const live of [buyer, seller, staff]) {
      expect(await live.next(tradeEventOf(trade.id, eventId))).toEqual({
        type: 'trade',
        tradeId: trade.id,
        eventId,
      });
    }

    await confirmValue(own);
    await outsider.next(tradeEventOf(own.id));
    await staff.next(tradeEventOf(own.id));
    expect(tradeIdsIn(outsider)).toEqual([own.id]);
    expect(tradeIdsIn(buyer)).not.toContain(own.id);
    expect(tradeIdsIn(seller)).not.toContain(own.id);
  });

  it('sends a notification to its user only, with the unread count', async () => {
    const trade = await openTrade();
    const buyer = await connect(trade.buyer.cookie);
    const seller = await connect(trade.seller.cookie);
    await Promise.all([buyer.next(isHello), seller.next(isHello)]);

    await confirmValue(trade);
    const [row] = await t.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(eq(notifications.userId, trade.buyer.id))
      .orderBy(sql`${notifications.id} desc`)
      .limit(1);
    const unread = await api.as(trade.buyer.cookie).get('/api/notifications/unread-count');
    expect(await buyer.next((m) => m.type === 'notification')).toEqual({
      type: 'notification',
      id: row?.id,
      unread: unread.json().unread,
    });

    // The seller confirmed, so the seller is not told; the buyer's next step reaches the seller.
    await step(staffCookie, trade.id, 'payment');
    await seller.next(tradeEventOf(trade.id));
    await seller.next((m) => m.type === 'notification');
    const sellerNotes = seller.messages.filter((m) => m.type === 'notification');
    const own = await t.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(eq(notifications.userId, trade.seller.id));
    expect(sellerNotes.map((m) => (m as { id: number }).id).every((id) => own.some((r) => r.id === id))).toBe(
      true,
    );
  });

  it('sends nothing for a transaction that rolls back', async () => {
    const trade = await openTrade();
    const buyer = await connect(trade.buyer.cookie);
    await buyer.next(isHello);
    // What the trade's opening sent may still be on its way to the socket: only what comes after counts.
    const eventsBefore = new Set(await eventIdsOf(trade.id));
    const notesBefore = new Set(await notificationIdsOf(trade.buyer.id));

    await t.db
      .transaction(async (tx) => {
        await tx
          .insert(tradeEvents)
          .values({ tradeId: trade.id, actorId: null, kind: 'flagged', detail: 'x' });
        await tx.insert(notifications).values({
          userId: trade.buyer.id,
          kind: 'trade_step',
          title: 'Nunca chega',
          body: 'desfeito',
          link: '/',
        });
        throw new Error('rollback');
      })
      .catch(() => {});
    await confirmValue(trade);
    const [last] = (await eventIdsOf(trade.id)).slice(-1);
    await buyer.next(tradeEventOf(trade.id, last));
    await buyer.next((m) => m.type === 'notification');

    const events = new Set(await eventIdsOf(trade.id));
    const notes = new Set(await notificationIdsOf(trade.buyer.id));
    for (const m of buyer.messages) {
      if (m.type === 'trade') expect(events.has(m.eventId)).toBe(true);
      if (m.type === 'notification') expect(notes.has(m.id)).toBe(true);
    }
    const sentAfter = (m: RealtimeMessage) =>
      (m.type === 'trade' && !eventsBefore.has(m.eventId)) ||
      (m.type === 'notification' && !notesBefore.has(m.id));
    expect(buyer.messages.filter((m) => m.type === 'trade' && sentAfter(m))).toHaveLength(1);
    expect(buyer.messages.filter((m) => m.type === 'notification' && sentAfter(m))).toHaveLength(1);
  });
});

describe('resuming after a gap', () => {
  it('replays the events a closed tab missed, and only those it may see', async () => {
    const trade = await openTrade();
    const other = await openTrade();
    const first = await connect(trade.buyer.cookie);
    const since = (await first.next(isHello)).lastEventId;
    first.ws.terminate();
    const witness = await connect(trade.seller.cookie);
    await witness.next(isHello);

    await confirmValue(trade);
    await confirmValue(other);
    await step(staffCookie, trade.id, 'payment');
    const missed = (await eventIdsOf(trade.id)).filter((id) => id > since);
    expect(missed).toHaveLength(2);
    // Delivered live to the seller: nothing of these is still on its way, so what follows is replay only.
    await witness.next(tradeEventOf(trade.id, missed.at(-1)));

    const again = await connect(trade.buyer.cookie, { since });
    const hello = await again.next(isHello);
    const replayed = again.messages.filter((m) => m.type === 'trade');
    expect(replayed).toEqual(missed.map((eventId) => ({ type: 'trade', tradeId: trade.id, eventId })));
    expect(hello.lastEventId).toBe(missed.at(-1));
    // 'hello' comes after the replay.
    expect(again.messages.indexOf(hello)).toBe(again.messages.length - 1);

    const staff = await connect(staffCookie, { since });
    await staff.next(isHello);
    expect(new Set(tradeIdsIn(staff))).toEqual(new Set([trade.id, other.id]));
  });

  it('asks for a full reread when more was missed than it replays', async () => {
    const trade = await openTrade();
    const first = await connect(trade.buyer.cookie);
    const since = (await first.next(isHello)).lastEventId;
    first.ws.terminate();
    const seller = await connect(trade.seller.cookie);
    await seller.next(isHello);
    const inserted = await t.db
      .insert(tradeEvents)
      .values(
        Array.from({ length: REALTIME_REPLAY_LIMIT + 1 }, () => ({
          tradeId: trade.id,
          actorId: null,
          kind: 'flagged' as const,
          detail: null,
        })),
      )
      .returning({ id: tradeEvents.id });
    // Once the seller has the last one live, this process is done delivering them: what follows is replay only.
    await seller.next(tradeEventOf(trade.id, Math.max(...inserted.map((row) => row.id))));
    const again = await connect(trade.buyer.cookie, { since });
    await again.next(isHello);
    expect(again.messages.map((m) => m.type)).toEqual(['resync', 'hello']);
  });
});

describe.runIf(onPostgres)('across server processes (PostgreSQL)', () => {
  it('a step done through process A reaches a socket on process B, and staff there', async () => {
    const b = await t.sibling();
    if (!b) throw new Error('sibling needs PostgreSQL');
    const trade = await openTrade();
    const buyerOnB = await connect(trade.buyer.cookie, { app: b });
    const staffOnB = await connect(staffCookie, { app: b });
    await Promise.all([buyerOnB.next(isHello), staffOnB.next(isHello)]);

    await confirmValue(trade); // through A
    const [eventId] = (await eventIdsOf(trade.id)).slice(-1);
    await buyerOnB.next(tradeEventOf(trade.id, eventId));
    await buyerOnB.next((m) => m.type === 'notification');
    await staffOnB.next(tradeEventOf(trade.id, eventId));
  });

  it('comes back after its LISTEN connection drops, telling sockets to read again', async () => {
    const trade = await openTrade();
    const buyer = await connect(trade.buyer.cookie);
    await buyer.next(isHello);
    await t.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where application_name = 'realtime-listen' and datname = current_database()`,
    );
    await buyer.next((m) => m.type === 'resync');
    await confirmValue(trade);
    await buyer.next(tradeEventOf(trade.id));
  });
});
