import type { RealtimeMessage } from '@shared/realtime';
import { REALTIME_CLOSE } from '@shared/realtime-close';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { notifications, sessions, tradeEvents } from '../../src/server/db/schema';
import { createStaff, createUser } from '../factories/accounts';
import { createTradeRow } from '../factories/trades';
import { apiOf } from '../helpers/api';
import { cookiesOf, signIn } from '../helpers/http';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../helpers/test-app';

let t: TestApp;
const api = apiOf(() => t);
let wsUrl: string;

beforeAll(async () => {
  t = await createTestApp();
  // Real sockets over TCP, as a browser opens them: a clean close is a close handshake, then the TCP end.
  wsUrl = `${(await t.app.listen({ port: 0, host: '127.0.0.1' })).replace(/^http/, 'ws')}/ws`;
});
afterAll(() => t?.close());

const opened: WebSocket[] = [];
afterAll(() => {
  for (const ws of opened) ws.terminate();
});

/** A socket on `/ws` as a tab of `cookie` opens it; resolves once the server said 'hello'. */
function connect(cookie: string): Promise<WebSocket> {
  const ws = new WebSocket(wsUrl, { headers: { cookie, origin: TEST_ORIGIN } });
  opened.push(ws);
  return new Promise((resolve, reject) => {
    ws.on('message', (data) => {
      if ((JSON.parse(String(data)) as RealtimeMessage).type === 'hello') resolve(ws);
    });
    ws.once('unexpected-response', (_req, res) => reject(new Error(`refused: ${res.statusCode}`)));
    ws.once('error', reject);
  });
}

async function member() {
  const user = await createUser(t.db);
  return { id: user.id, cookie: await signIn(t.app, user.email, user.password) };
}

interface Live {
  ws: WebSocket;
  messages: RealtimeMessage[];
  /** The first message (already received or still to come) that matches. */
  next(match: (message: RealtimeMessage) => boolean): Promise<RealtimeMessage>;
  /** The close as the tab sees it: the code and reason the server gave. */
  closed: Promise<{ code: number; reason: string }>;
}

/** A socket that keeps what it hears and how it closed; resolves once the server said 'hello'. */
async function open(cookie: string): Promise<Live> {
  const ws = new WebSocket(wsUrl, { headers: { cookie, origin: TEST_ORIGIN } });
  opened.push(ws);
  const messages: RealtimeMessage[] = [];
  const waiters: { match: (m: RealtimeMessage) => boolean; resolve: (m: RealtimeMessage) => void }[] = [];
  ws.on('message', (data) => {
    const message = JSON.parse(String(data)) as RealtimeMessage;
    messages.push(message);
    for (const waiter of [...waiters]) {
      if (!waiter.match(message)) continue;
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(message);
    }
  });
  const next = (match: (m: RealtimeMessage) => boolean) => {
    const seen = messages.find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise<RealtimeMessage>((resolve) => waiters.push({ match, resolve }));
  };
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.once('close', (code, reason) => resolve({ code, reason: String(reason) })),
  );
  await new Promise((resolve, reject) => {
    ws.once('unexpected-response', (_req, res) => reject(new Error(`refused: ${res.statusCode}`)));
    ws.once('error', reject);
    ws.once('open', resolve);
  });
  const live = { ws, messages, next, closed };
  await next((m) => m.type === 'hello');
  return live;
}

/** Waits for the close the server gives once `act` has ended a session: the code, and how long after `act`. */
async function closeAfter(live: Live, act: () => Promise<void>) {
  await act();
  const ended = Date.now();
  const { code, reason } = await live.closed; // bounded by the test's timeout
  return { code, reason, afterMs: Date.now() - ended };
}

async function post(cookie: string, url: string, payload?: object, method: 'POST' | 'DELETE' = 'POST') {
  const res = await api.as(cookie).request(method, url, payload);
  expect(res.statusCode, res.body).toBeLessThan(300);
}

/** A trade of two fresh members (no staff in it), and a way to add a history line to it, as a step would. */
async function foreignTrade() {
  const [seller, buyer] = [await createUser(t.db), await createUser(t.db)];
  const trade = await createTradeRow(t.db, { sellerId: seller.id, buyerId: buyer.id, amountCents: 10_000 });
  return {
    id: trade.id,
    step: async () => {
      const [row] = await t.db
        .insert(tradeEvents)
        .values({ tradeId: trade.id, kind: 'value_confirmed' })
        .returning({ id: tradeEvents.id });
      return row?.id as number;
    },
  };
}

const notify = (userId: string) =>
  t.db
    .insert(notifications)
    .values({ userId, kind: 'trade_step', title: 'Aviso', body: 'Aviso.', link: '/' });

describe('a session that ended cannot open the live channel', () => {
  it('closes the socket of a member who signed out, and refuses their cookie (401)', async () => {
    const { cookie } = await member();
    const tab = await open(cookie);
    const out = await api.as(cookie).post('/api/accounts/logout');
    expect(out.statusCode, out.body).toBeLessThan(300);
    expect((await tab.closed).code).toBe(REALTIME_CLOSE.sessionEnded);
    await expect(connect(cookie)).rejects.toThrow('refused: 401');
  });

  it('closes the socket of a session deleted on the server, and refuses its cookie (401)', async () => {
    const { id, cookie } = await member();
    const tab = await open(cookie);
    await t.db.delete(sessions).where(eq(sessions.userId, id));
    expect((await tab.closed).code).toBe(REALTIME_CLOSE.sessionEnded);
    await expect(connect(cookie)).rejects.toThrow('refused: 401');
  });
});

describe('the hub lets go of closed sockets', () => {
  it('counts every open socket, and is back to none once they close or drop', async () => {
    await vi.waitFor(() =>
      expect(t.app.realtimeHub.size()).toBe(opened.filter((ws) => ws.readyState === ws.OPEN).length),
    );
    for (const ws of opened.splice(0)) ws.terminate();
    await vi.waitFor(() => expect(t.app.realtimeHub.size()).toBe(0));

    const one = await member();
    const staff = await createStaff(t.db);
    const staffCookie = await signIn(t.app, staff.email, staff.password);
    const tabs = [await connect(one.cookie), await connect(one.cookie), await connect(staffCookie)];
    expect(t.app.realtimeHub.size()).toBe(3);

    tabs[0]?.close(); // a tab closed cleanly
    await vi.waitFor(() => expect(t.app.realtimeHub.size()).toBe(2));
    tabs[1]?.terminate(); // a tab that dropped (no close frame)
    tabs[2]?.close();
    await vi.waitFor(() => expect(t.app.realtimeHub.size()).toBe(0));
  });
});

describe('a session that ends closes its sockets at once (issue 25)', () => {
  it("'Encerrar outras sessões' closes the other device's socket within a second; this one stays", async () => {
    const user = await createUser(t.db);
    const here = await signIn(t.app, user.email, user.password);
    const elsewhere = await signIn(t.app, user.email, user.password);
    const mine = await open(here);
    const other = await open(elsewhere);

    const closed = await closeAfter(other, () => post(here, '/api/accounts/me/sessions/end-others'));
    expect(closed.code).toBe(REALTIME_CLOSE.sessionEnded);
    expect(closed.afterMs).toBeLessThan(1000);
    // The other device's reconnect is refused; this tab's socket still hears its user.
    await expect(open(elsewhere)).rejects.toThrow('refused: 401');
    await notify(user.id);
    await mine.next((m) => m.type === 'notification');
    expect(mine.ws.readyState).toBe(WebSocket.OPEN);
  });

  it("a password change closes the other device's socket; deleting the account closes the last one", async () => {
    const user = await createUser(t.db);
    const here = await signIn(t.app, user.email, user.password);
    const other = await open(await signIn(t.app, user.email, user.password));
    await open(here);

    const newPassword = 'Outra@456';
    let renewed = '';
    const changed = await closeAfter(other, async () => {
      const res = await api.as(here).post('/api/accounts/me/password', {
        currentPassword: user.password,
        newPassword,
        confirmPassword: newPassword,
      });
      expect(res.statusCode, res.body).toBeLessThan(300);
      renewed = cookiesOf(res) || here;
    });
    expect(changed.code).toBe(REALTIME_CLOSE.sessionEnded);
    expect(changed.afterMs).toBeLessThan(1000);

    // This device goes on with the cookie the answer set, until the account is deleted.
    const last = await open(renewed);
    const deleted = await closeAfter(last, () =>
      post(renewed, '/api/accounts/me/delete', { password: newPassword }),
    );
    expect(deleted.code).toBe(REALTIME_CLOSE.sessionEnded);
    expect(deleted.afterMs).toBeLessThan(1000);
  });

  it('a suspension closes the member’s socket within a second, and the reconnect is refused', async () => {
    const { id, cookie } = await member();
    const moderator = await createStaff(t.db, 'moderator');
    const staffCookie = await signIn(t.app, moderator.email, moderator.password);
    const live = await open(cookie);

    const closed = await closeAfter(live, () =>
      post(staffCookie, `/api/staff/users/${id}/suspend`, {
        penalty: '7_dias',
        reason: 'Golpe em negociação',
      }),
    );
    expect(closed.code).toBe(REALTIME_CLOSE.sessionEnded);
    expect(closed.afterMs).toBeLessThan(1000);
    await expect(open(cookie)).rejects.toThrow('refused: 401');
  });

  it("a staff role removed closes the socket at once; reconnected, it no longer hears other members' trades", async () => {
    const admin = await createStaff(t.db, 'admin');
    const adminCookie = await signIn(t.app, admin.email, admin.password);
    const moderator = await createStaff(t.db, 'moderator');
    const cookie = await signIn(t.app, moderator.email, moderator.password);
    const trade = await foreignTrade();
    const staffSocket = await open(cookie);
    const before = await trade.step();
    await staffSocket.next((m) => m.type === 'trade' && m.eventId === before);

    const closed = await closeAfter(staffSocket, () =>
      post(adminCookie, `/api/admin/staff/${moderator.id}`, undefined, 'DELETE'),
    );
    expect(closed.code).toBe(REALTIME_CLOSE.rightsChanged);
    expect(closed.afterMs).toBeLessThan(1000);

    // The session is kept: the tab reconnects as the member it now is, outside the staff rooms.
    const again = await open(cookie);
    const after = await trade.step();
    await notify(moderator.id); // sent after the step: once it arrives, the step's message would have too
    await again.next((m) => m.type === 'notification');
    expect(again.messages.filter((m) => m.type === 'trade')).toEqual([]);
    expect(staffSocket.messages.some((m) => m.type === 'trade' && m.eventId === after)).toBe(false);
  });

  it('a member made staff is reconnected into the staff rooms', async () => {
    const admin = await createStaff(t.db, 'admin');
    const adminCookie = await signIn(t.app, admin.email, admin.password);
    const { id, cookie } = await member();
    const live = await open(cookie);

    const closed = await closeAfter(live, () =>
      post(adminCookie, '/api/admin/staff', { userId: id, role: 'moderator' }),
    );
    expect(closed.code).toBe(REALTIME_CLOSE.rightsChanged);
    const trade = await foreignTrade();
    const again = await open(cookie);
    const eventId = await trade.step();
    await again.next((m) => m.type === 'trade' && m.eventId === eventId);
  });
});
