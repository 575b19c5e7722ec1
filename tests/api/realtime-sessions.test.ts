import type { RealtimeMessage } from '@shared/realtime';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { sessions } from '../../src/server/db/schema';
import { createStaff, createUser } from '../factories/accounts';
import { signIn } from '../helpers/http';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../helpers/test-app';

let t: TestApp;
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

describe('a session that ended cannot open the live channel', () => {
  it('refuses the cookie of a member who signed out (401), though it opened a socket before', async () => {
    const { cookie } = await member();
    await connect(cookie);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/logout',
      headers: { origin: TEST_ORIGIN, cookie },
    });
    expect(out.statusCode, out.body).toBeLessThan(300);
    await expect(connect(cookie)).rejects.toThrow('refused: 401');
  });

  it('refuses the cookie of a session deleted on the server (401)', async () => {
    const { id, cookie } = await member();
    await connect(cookie);
    await t.db.delete(sessions).where(eq(sessions.userId, id));
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
