import { createHmac } from 'node:crypto';
import { callMessages as m } from '@shared/call-messages';
import type { ClientMessage, RealtimeMessage } from '@shared/realtime';
import { CLIENT_MESSAGE_BURST, MAX_CLIENT_FRAME_BYTES } from '@shared/realtime';
import { CALL_SEAT_TAKEN_OVER, type IceServersView } from '@shared/trade-call';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { tradePresence, trades } from '../../src/server/db/schema';
import { createStaff, createUser } from '../factories/accounts';
import { createTradeRow } from '../factories/trades';
import { apiOf } from '../helpers/api';
import { signIn } from '../helpers/http';
import { sessionCookie } from '../helpers/sessions';
import { createTestApp, type TestApp } from '../helpers/test-app';

const TURN_SECRET = 'segredo-do-coturn-para-testes-0123456789';
const TURN_TTL_SECONDS = 600;

let t: TestApp;
const api = apiOf(() => t);
let staff: { id: string; cookie: string };

beforeAll(async () => {
  // No internet here: no STUN; a TURN server configured to check the credentials' format.
  t = await createTestApp({
    STUN_URLS: '',
    TURN_URLS: 'turn:turn.exemplo.com.br:3478?transport=udp,turns:turn.exemplo.com.br:5349',
    TURN_SECRET,
    TURN_TTL_SECONDS: String(TURN_TTL_SECONDS),
  });
  staff = await member(true);
});
afterAll(() => t?.close());

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
type Signal = Extract<RealtimeMessage, { type: 'signal' }>;

interface Live {
  ws: WebSocket;
  messages: RealtimeMessage[];
  closed: Promise<number>;
  send(message: ClientMessage | Record<string, unknown>): void;
  next(match: (message: RealtimeMessage) => boolean): Promise<RealtimeMessage>;
  presence(match: (message: Presence) => boolean): Promise<Presence>;
  /** This socket's connection id, from the first presence message it got. */
  you(): Promise<string>;
}

const open: Live[] = [];
afterAll(() => {
  for (const live of open) live.ws.terminate();
});

async function connect(cookie: string, app: FastifyInstance = t.app): Promise<Live> {
  const messages: RealtimeMessage[] = [];
  const waiters: { match: (m: RealtimeMessage) => boolean; resolve: (m: RealtimeMessage) => void }[] = [];
  let onClose: (code: number) => void = () => {};
  const closed = new Promise<number>((resolve) => {
    onClose = resolve;
  });
  const ws = await apiOf(() => ({ ...t, app }))
    .as(cookie)
    .socket('/ws', (socket: WebSocket) => {
      socket.on('close', (code) => onClose(code));
      socket.on('message', (data) => {
        const message = JSON.parse(String(data)) as RealtimeMessage;
        messages.push(message);
        for (const waiter of [...waiters]) {
          if (!waiter.match(message)) continue;
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(message);
        }
      });
    });
  const next = (match: (m: RealtimeMessage) => boolean) => {
    const seen = messages.find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise<RealtimeMessage>((resolve) => waiters.push({ match, resolve }));
  };
  const live: Live = {
    ws,
    messages,
    closed,
    send: (message) => ws.send(JSON.stringify(message)),
    next,
    presence: (match) =>
      next((message) => message.type === 'presence' && match(message)) as Promise<Presence>,
    you: async () => ((await next((message) => message.type === 'presence')) as Presence).you,
  };
  open.push(live);
  return live;
}

/** A socket of `who` in the trade's room (and its call when told), once the server has it there. */
async function enter(who: { cookie: string }, tradeId: number, { call = false, app = t.app } = {}) {
  const live = await connect(who.cookie, app);
  live.send({ type: 'room-join', tradeId });
  const you = await live.you();
  if (call) {
    live.send({ type: 'call-join', tradeId });
    await live.presence((p) => p.peers.some((peer) => peer.connectionId === you && peer.inCall));
  }
  return { live, you };
}

const peerOf = (p: Presence, connectionId: string) =>
  p.peers.find((peer) => peer.connectionId === connectionId);
const errors = (live: Live) => live.messages.filter((message) => message.type === 'error');
const signalsIn = (live: Live) =>
  live.messages.filter((message): message is Signal => message.type === 'signal');

describe('the room: who may enter, who is there', () => {
  it('lists the people really connected, with their roles, and drops one whose socket closes', async () => {
    const trade = await openTrade();
    const buyer = await enter(trade.buyer, trade.id);
    const seller = await enter(trade.seller, trade.id);
    const both = await buyer.live.presence((p) => p.peers.length === 2);
    expect(both.tradeId).toBe(trade.id);
    expect(both.you).toBe(buyer.you);
    expect(peerOf(both, buyer.you)).toMatchObject({
      userId: trade.buyer.id,
      role: 'comprador',
      inCall: false,
    });
    expect(peerOf(both, seller.you)).toMatchObject({
      userId: trade.seller.id,
      role: 'vendedor',
      inCall: false,
    });
    expect(typeof peerOf(both, seller.you)?.name).toBe('string');

    // Staff see every room; until one takes the trade, they are its intermediary.
    const desk = await enter(staff, trade.id);
    const three = await seller.live.presence((p) => p.peers.length === 3);
    expect(peerOf(three, desk.you)).toMatchObject({ userId: staff.id, role: 'intermediador' });

    seller.live.ws.terminate();
    const after = await buyer.live.presence((p) => p.peers.length === 2 && !peerOf(p, seller.you));
    expect(after.peers.map((peer) => peer.userId).sort()).toEqual([trade.buyer.id, staff.id].sort());
    expect(await t.db.select().from(tradePresence).where(eq(tradePresence.connectionId, seller.you))).toEqual(
      [],
    );
  });

  it('refuses an outsider: an error, no presence, nothing written, and no signal reaches the call', async () => {
    const trade = await openTrade();
    const buyer = await enter(trade.buyer, trade.id, { call: true });
    const outsider = await connect((await member()).cookie);
    outsider.send({ type: 'room-join', tradeId: trade.id });
    expect(await outsider.next((message) => message.type === 'error')).toEqual({
      type: 'error',
      code: 'REFUSED',
      message: m.notInTrade,
    });
    outsider.send({ type: 'call-join', tradeId: trade.id });
    outsider.send({
      type: 'signal',
      tradeId: trade.id,
      to: buyer.you,
      signal: { kind: 'offer', sdp: 'v=0' },
    });
    await outsider.next(() => errors(outsider).length === 3);
    expect(errors(outsider).map((e) => (e as { message: string }).message)).toEqual([
      m.notInTrade,
      m.notInRoom,
      m.notInRoom,
    ]);
    expect(outsider.messages.filter((message) => message.type === 'presence')).toEqual([]);
    const rows = await t.db.select().from(tradePresence).where(eq(tradePresence.tradeId, trade.id));
    expect(rows.map((row) => row.connectionId)).toEqual([buyer.you]);

    // A marker through the same path: once the seller's offer arrives, the outsider's would have too.
    const seller = await enter(trade.seller, trade.id, { call: true });
    seller.live.send({
      type: 'signal',
      tradeId: trade.id,
      to: buyer.you,
      signal: { kind: 'offer', sdp: 'marca' },
    });
    await buyer.live.next((message) => message.type === 'signal' && message.signal.kind === 'offer');
    expect(signalsIn(buyer.live).filter((s) => s.signal.kind === 'offer')).toHaveLength(1);
    expect(signalsIn(buyer.live).every((s) => s.from.userId === trade.seller.id)).toBe(true);
  });

  it('refuses a trade that does not exist, and a message it does not know', async () => {
    const someone = await connect((await member()).cookie);
    someone.send({ type: 'room-join', tradeId: 2_000_000_000 });
    someone.send({ type: 'room-join', tradeId: 'um' });
    someone.send({ type: 'who-knows' });
    await someone.next(() => errors(someone).length === 3);
    expect(errors(someone).map((e) => (e as { message: string }).message)).toEqual([
      m.notInTrade,
      m.badMessage,
      m.badMessage,
    ]);
  });
});

describe('the call: signals between its members only', () => {
  it('stamps the sender itself: a forged one is ignored', async () => {
    const trade = await openTrade();
    const buyer = await enter(trade.buyer, trade.id, { call: true });
    const seller = await enter(trade.seller, trade.id, { call: true });
    // The seller pretends to be staff.
    seller.live.send({
      type: 'signal',
      tradeId: trade.id,
      to: buyer.you,
      from: { connectionId: 'forjado', userId: staff.id, role: 'intermediador' },
      signal: { kind: 'offer', sdp: 'v=0 oferta', from: staff.id },
    });
    const got = (await buyer.live.next(
      (message) => message.type === 'signal' && message.signal.kind === 'offer',
    )) as Signal;
    expect(got).toEqual({
      type: 'signal',
      tradeId: trade.id,
      from: { connectionId: seller.you, userId: trade.seller.id, role: 'vendedor' },
      signal: { kind: 'offer', sdp: 'v=0 oferta' },
    });
  });

  it('tells the call who joined and left, and drops a signal to someone who is not in it', async () => {
    const trade = await openTrade();
    const buyer = await enter(trade.buyer, trade.id, { call: true });
    const seller = await enter(trade.seller, trade.id); // in the room, not in the call
    const desk = await enter(staff, trade.id, { call: true });
    const joined = (await buyer.live.next(
      (message) => message.type === 'signal' && message.signal.kind === 'user-joined',
    )) as Signal;
    expect(joined.from).toEqual({ connectionId: desk.you, userId: staff.id, role: 'intermediador' });

    buyer.live.send({
      type: 'signal',
      tradeId: trade.id,
      to: seller.you,
      signal: { kind: 'offer', sdp: 'a' },
    });
    buyer.live.send({
      type: 'signal',
      tradeId: trade.id,
      to: desk.you,
      signal: {
        kind: 'ice-candidate',
        candidate: { candidate: 'candidate:1 1 udp 1 10.0.0.1 5000 typ host' },
      },
    });
    await desk.live.next((message) => message.type === 'signal' && message.signal.kind === 'ice-candidate');
    expect(signalsIn(seller.live)).toEqual([]);

    desk.live.send({ type: 'call-mute', tradeId: trade.id, muted: true });
    await buyer.live.presence((p) => peerOf(p, desk.you)?.muted === true);
    desk.live.send({ type: 'call-leave', tradeId: trade.id });
    const left = (await buyer.live.next(
      (message) => message.type === 'signal' && message.signal.kind === 'user-left',
    )) as Signal;
    expect(left.from.connectionId).toBe(desk.you);
    await buyer.live.presence((p) => peerOf(p, desk.you)?.inCall === false);

    // Out of the call, the desk's signals are refused.
    desk.live.send({
      type: 'signal',
      tradeId: trade.id,
      to: buyer.you,
      signal: { kind: 'answer', sdp: 'b' },
    });
    expect(await desk.live.next((message) => message.type === 'error')).toMatchObject({
      message: m.notInCall,
    });
  });

  it('lets one connection per role into a call, and a staff member not handling the trade in no call', async () => {
    const trade = await openTrade();
    await enter(trade.buyer, trade.id, { call: true });
    const secondTab = await enter(trade.buyer, trade.id);
    secondTab.live.send({ type: 'call-join', tradeId: trade.id });
    expect(await secondTab.live.next((message) => message.type === 'error')).toMatchObject({
      message: m.roleTaken,
    });

    // A trade another staff member took: a moderator may watch the room, not join the call (an admin acts on
    // every trade, decision 020).
    const taken = await openTrade();
    const other = await member(true);
    await t.db.update(trades).set({ intermediaryId: other.id }).where(eq(trades.id, taken.id));
    const moderator = await createStaff(t.db, 'moderator');
    const watcher = await enter(
      { cookie: await signIn(t.app, moderator.email, moderator.password) },
      taken.id,
    );
    const listed = await watcher.live.presence((p) => p.peers.length === 1);
    expect(peerOf(listed, watcher.you)?.role).toBeNull();
    watcher.live.send({ type: 'call-join', tradeId: taken.id });
    expect(await watcher.live.next((message) => message.type === 'error')).toMatchObject({
      message: m.cannotCall,
    });
    const handler = await enter(other, taken.id, { call: true });
    expect(handler.you).toBeTruthy();
  });

  it('refuses an SDP too big for the bus', async () => {
    const trade = await openTrade();
    const buyer = await enter(trade.buyer, trade.id, { call: true });
    const seller = await enter(trade.seller, trade.id, { call: true });
    buyer.live.send({
      type: 'signal',
      tradeId: trade.id,
      to: seller.you,
      signal: { kind: 'offer', sdp: 'x'.repeat(7000) },
    });
    expect(await buyer.live.next((message) => message.type === 'error')).toMatchObject({
      message: m.badMessage,
    });
  });
});

describe('abuse', () => {
  it('closes a socket that floods the server', async () => {
    const trade = await openTrade();
    const buyer = await enter(trade.buyer, trade.id);
    for (let i = 0; i < CLIENT_MESSAGE_BURST + 20; i++)
      buyer.live.send({ type: 'call-mute', tradeId: trade.id, muted: true });
    expect(await buyer.live.closed).toBe(1008);
  });

  it('closes a socket that sends a frame bigger than the limit', async () => {
    const trade = await openTrade();
    const buyer = await enter(trade.buyer, trade.id);
    buyer.live.ws.send('x'.repeat(MAX_CLIENT_FRAME_BYTES + 1));
    expect(await buyer.live.closed).toBe(1009);
  });
});

describe('a process that dies', () => {
  it('leaves rows that expire: they are not listed, and the sweep tells the call they left', async () => {
    const trade = await openTrade();
    const buyer = await enter(trade.buyer, trade.id, { call: true });
    // The seller's row as a dead process left it: never refreshed again.
    const ghost = '00000000-0000-4000-8000-000000000001';
    await t.db.insert(tradePresence).values({
      connectionId: ghost,
      tradeId: trade.id,
      userId: trade.seller.id,
      role: 'vendedor',
      inCall: true,
      expiresAt: new Date(Date.now() - 1000),
    });
    buyer.live.send({ type: 'call-mute', tradeId: trade.id, muted: true });
    const listed = await buyer.live.presence((p) => peerOf(p, buyer.you)?.muted === true);
    expect(listed.peers.map((peer) => peer.connectionId)).toEqual([buyer.you]);

    expect(await t.app.tradeRooms.sweep()).toBeGreaterThanOrEqual(1);
    const left = (await buyer.live.next(
      (message) => message.type === 'signal' && message.signal.kind === 'user-left',
    )) as Signal;
    expect(left.from).toEqual({ connectionId: ghost, userId: trade.seller.id, role: 'vendedor' });
    expect(await t.db.select().from(tradePresence).where(eq(tradePresence.connectionId, ghost))).toEqual([]);
  });
});

describe('GET /api/trades/:id/call/ice-servers', () => {
  const ice = (id: number, cookie?: string) => api.as(cookie).get(`/api/trades/${id}/call/ice-servers`);

  it('answers a guest 401 and an outsider 404', async () => {
    const trade = await openTrade();
    expect((await ice(trade.id)).statusCode).toBe(401);
    const outsider = await ice(trade.id, (await member()).cookie);
    expect(outsider.statusCode).toBe(404);
    expect(outsider.json().error.message).toBe(m.iceNotInTrade);
  });

  it('gives each party a short-lived TURN credential coturn accepts (use-auth-secret)', async () => {
    const trade = await openTrade();
    for (const who of [trade.buyer, trade.seller, staff]) {
      const before = Math.floor(Date.now() / 1000);
      const res = await ice(trade.id, who.cookie);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const body = res.json() as IceServersView;
      expect(body.expiresInSeconds).toBe(TURN_TTL_SECONDS);
      expect(body.iceServers).toHaveLength(1); // STUN_URLS is empty here
      const [turn] = body.iceServers;
      expect(turn?.urls).toEqual([
        'turn:turn.exemplo.com.br:3478?transport=udp',
        'turns:turn.exemplo.com.br:5349',
      ]);
      const [expiry, userId] = (turn?.username ?? '').split(':');
      expect(userId).toBe(who.id);
      expect(Number(expiry)).toBeGreaterThanOrEqual(before + TURN_TTL_SECONDS);
      expect(Number(expiry)).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + TURN_TTL_SECONDS);
      expect(turn?.credential).toBe(
        createHmac('sha1', TURN_SECRET)
          .update(turn?.username ?? '')
          .digest('base64'),
      );
    }
  });

  it('serves the two public STUN servers by default, and no TURN without it', async () => {
    const other = await createTestApp();
    try {
      const user = await createUser(other.db);
      const seller = await createUser(other.db);
      const trade = await createTradeRow(other.db, {
        buyerId: user.id,
        sellerId: seller.id,
        amountCents: 500,
      });
      const cookie = await signIn(other.app, user.email, user.password);
      const res = await apiOf(() => other)
        .as(cookie)
        .get(`/api/trades/${trade.id}/call/ice-servers`);
      expect(res.json()).toEqual({
        iceServers: [{ urls: ['stun:stun.l.google.com:19302', 'stun:stun1.l.google.com:19302'] }],
        expiresInSeconds: null,
      });
    } finally {
      await other.close();
    }
  });
});

/**
 * An admin takes over a trade whose moderator is in its call: the moderator's tab (on `moderatorApp`, another
 * process on PostgreSQL) is taken out at once and told why; the others see them leave; the admin gets the seat.
 */
async function takeOverWhileInCall(moderatorApp: FastifyInstance) {
  const trade = await openTrade();
  const moderator = await createStaff(t.db, 'moderator');
  await t.db.update(trades).set({ intermediaryId: moderator.id }).where(eq(trades.id, trade.id));
  const modCookie = await signIn(moderatorApp, moderator.email, moderator.password);
  const held = await enter({ cookie: modCookie }, trade.id, { call: true, app: moderatorApp });
  const buyer = await enter(trade.buyer, trade.id, { call: true });
  const admin = await createStaff(t.db, 'admin');
  const adminCookie = await sessionCookie(t, admin.id);

  const res = await api.as(adminCookie).post(`/api/trades/${trade.id}/take-over`, {
    reason: 'Moderador ausente, assumo a intermediação.',
  });
  expect(res.statusCode, res.body).toBe(200);

  // The admin takes the seat at once: no 'Alguém com o seu papel já está nesta chamada'.
  const adminTab = await enter({ cookie: adminCookie }, trade.id);
  adminTab.live.send({ type: 'call-join', tradeId: trade.id });
  const answer = await adminTab.live.next(
    (message) =>
      message.type === 'error' ||
      (message.type === 'presence' && peerOf(message, adminTab.you)?.inCall === true),
  );
  expect(answer.type === 'error' ? answer.message : 'na chamada').toBe('na chamada');

  // The moderator's tab is told why, and is out of the call (no role left in it).
  expect(
    await held.live.next((message) => message.type === 'error' && message.code === CALL_SEAT_TAKEN_OVER),
  ).toMatchObject({ message: m.seatTakenOver });
  const seen = await buyer.live.presence(
    (p) => peerOf(p, held.you)?.inCall === false && peerOf(p, adminTab.you)?.inCall === true,
  );
  expect(peerOf(seen, held.you)?.role).toBeNull();
  expect(peerOf(seen, adminTab.you)?.role).toBe('intermediador');
  await buyer.live.next(
    (message) =>
      message.type === 'signal' &&
      message.signal.kind === 'user-left' &&
      message.from.connectionId === held.you,
  );
  // Its signals are refused (they reach nobody), and it may not join again.
  held.live.send({ type: 'signal', tradeId: trade.id, to: buyer.you, signal: { kind: 'offer', sdp: 'v=0' } });
  expect(
    await held.live.next((message) => message.type === 'error' && message.message === m.notInCall),
  ).toBeTruthy();
  held.live.send({ type: 'call-join', tradeId: trade.id });
  expect(
    await held.live.next((message) => message.type === 'error' && message.message === m.cannotCall),
  ).toBeTruthy();
}

describe('an admin takes a trade over during its call', () => {
  it('the ousted moderator leaves the call at once, told why; the admin takes the seat', async () => {
    await takeOverWhileInCall(t.app);
  });

  it.runIf(onPostgres)('the same when the moderator’s socket is on another process', async () => {
    const b = await t.sibling();
    if (!b) throw new Error('sibling needs PostgreSQL');
    await takeOverWhileInCall(b);
  });
});

describe.runIf(onPostgres)('across server processes (PostgreSQL)', () => {
  it('presence and a signal cross from process A to a socket on process B', async () => {
    const b = await t.sibling();
    if (!b) throw new Error('sibling needs PostgreSQL');
    const trade = await openTrade();
    const sellerOnB = await enter(trade.seller, trade.id, { call: true, app: b });
    const buyerOnA = await enter(trade.buyer, trade.id, { call: true });
    const seen = await sellerOnB.live.presence((p) => peerOf(p, buyerOnA.you)?.inCall === true);
    expect(peerOf(seen, buyerOnA.you)?.role).toBe('comprador');
    buyerOnA.live.send({
      type: 'signal',
      tradeId: trade.id,
      to: sellerOnB.you,
      signal: { kind: 'offer', sdp: 'v=0 de A para B' },
    });
    const got = (await sellerOnB.live.next(
      (message) => message.type === 'signal' && message.signal.kind === 'offer',
    )) as Signal;
    expect(got.from).toEqual({ connectionId: buyerOnA.you, userId: trade.buyer.id, role: 'comprador' });

    buyerOnA.live.ws.terminate();
    await sellerOnB.live.presence((p) => !peerOf(p, buyerOnA.you));
  });
});
