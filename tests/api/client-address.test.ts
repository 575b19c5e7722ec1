import { errorMessages } from '@shared/errors';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginHistory, sessions } from '../../src/server/db/schema';
import { createUser } from '../factories/accounts';
import { apiOf } from '../helpers/api';
import { errorOf } from '../helpers/http';
import { createTestApp, type TestApp } from '../helpers/test-app';

// Behind a proxy that appends to X-Forwarded-For (an ALB, Cloudflare, Fly), TRUST_PROXY names the proxy: the
// client is the entry it appended, whatever the client wrote before it (security round 3, finding 1).
let t: TestApp;
const PROXY = '10.0.0.5';

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: '10.0.0.0/8' });
});
afterAll(() => t?.close());

/** A request as it reaches the app: from `remoteAddress`, with the X-Forwarded-For it arrived with. */
const api = apiOf(() => t);
const send = (url: string, payload: object, forwardedFor: string, remoteAddress = PROXY) =>
  api.as().post(url, payload, { remoteAddress, headers: { 'x-forwarded-for': forwardedFor } });

const feedback = {
  userEmail: 'bia@example.com',
  subject: 'Busca',
  message: 'A busca podia aceitar filtros.',
};

describe('the client address behind a trusted proxy', () => {
  it('counts a forged X-Forwarded-For toward the address the proxy saw', async () => {
    // The client rotates what it writes; the proxy appends its real address, 203.0.113.7.
    for (let i = 0; i < 20; i++) {
      const res = await send('/api/feedback', feedback, `198.51.100.${i}, 203.0.113.7`);
      expect(res.statusCode).toBe(201);
    }
    const limited = await send('/api/feedback', feedback, '198.51.100.99, 203.0.113.7');
    expect([limited.statusCode, errorOf(limited).message]).toEqual([429, errorMessages.rateLimited]);
    // Another client behind the same proxy has its own count.
    expect((await send('/api/feedback', feedback, '198.51.100.1, 203.0.113.8')).statusCode).toBe(201);
  });

  it('ignores the header of a client that reaches the app directly', async () => {
    for (let i = 0; i < 20; i++) {
      const res = await send('/api/feedback', feedback, `198.51.100.${i}`, '192.0.2.50');
      expect(res.statusCode).toBe(201);
    }
    const limited = await send('/api/feedback', feedback, '198.51.100.200', '192.0.2.50');
    expect(limited.statusCode).toBe(429);
  });

  it('records the real address in the login history and the session staff read', async () => {
    const member = await createUser(t.db);
    const login = await send(
      '/api/accounts/login',
      { email: member.email, password: member.password },
      '8.8.8.8, 203.0.113.9',
    );
    expect(login.statusCode).toBe(200);
    const history = await t.db
      .select({ ip: loginHistory.ipAddress })
      .from(loginHistory)
      .where(eq(loginHistory.userId, member.id));
    expect(history).toEqual([{ ip: '203.0.113.9' }]);
    const held = await t.db
      .select({ ip: sessions.ipAddress })
      .from(sessions)
      .where(eq(sessions.userId, member.id));
    expect(held).toEqual([{ ip: '203.0.113.9' }]);
  });
});
