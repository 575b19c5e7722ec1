import { readFileSync } from 'node:fs';
import Fastify, { type FastifyContextConfig } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADDRESS_FACTOR,
  type RateLimitRule,
  registerRateLimits,
  type WriteRoute,
} from '../../src/server/auth/rate-limit';
import { registerErrorHandling } from '../../src/server/error-handler';
import { createUser } from '../factories/accounts';
import { apiOf } from '../helpers/api';
import { errorOf } from '../helpers/http';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
const api = apiOf(() => t);
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '3' });
});
afterAll(() => t.close());

const login = (email: string, password: string, ip: string) =>
  api.as().post('/api/accounts/login', { email, password }, { remoteAddress: ip });

describe('sign-in and sign-up limits', () => {
  it('stops guessing one account even from many addresses, and lets others in', async () => {
    const victim = await createUser(t.db);
    for (let i = 0; i < 3; i++)
      expect((await login(victim.email, 'errada123', `10.0.0.${i}`)).statusCode).toBe(401);
    const blocked = await login(victim.email, victim.password, '10.0.0.9');
    expect(blocked.statusCode).toBe(429);
    expect(errorOf(blocked).message).toBe('Muitas tentativas. Aguarde alguns minutos e tente novamente.');
    const other = await createUser(t.db);
    expect((await login(other.email, other.password, '10.0.0.10')).statusCode).toBe(200);
  });

  it('stops one address trying many accounts (five times the per-account allowance)', async () => {
    for (let i = 0; i < 15; i++)
      expect((await login(`alvo${i}@teste.com`, 'errada123', '10.0.1.1')).statusCode).toBe(401);
    expect((await login('alvo9@teste.com', 'errada123', '10.0.1.1')).statusCode).toBe(429);
  });

  it('limits sign-ups per address', async () => {
    const signUp = (n: number) =>
      api.as().post(
        '/api/accounts/register',
        {
          email: `novo${n}@teste.com`,
          nickname: `n${n}`,
          mainGame: 'outro',
          password: 'segredo1',
          confirmPassword: 'segredo1',
        },
        { remoteAddress: '10.0.2.1' },
      );
    for (let i = 0; i < 15; i++) expect((await signUp(i)).statusCode).toBe(201);
    expect((await signUp(15)).statusCode).toBe(429);
  });
});

/** A write's row in the README's table of limits: route, the counters it adds to, the most each allows per window. */
function rowOf(route: WriteRoute): string {
  if (route.rateLimitExempt)
    return `| \`${route.method} ${route.url}\` | exempt: ${route.rateLimitExempt} | – |`;
  const counterOf = (rule: RateLimitRule): [string, string] => {
    if (rule.per === 'account') return ['e-mail `credentials`', '`RATE_LIMIT_MAX`'];
    if (rule.per === 'member') {
      const when = rule.multipartOnly ? ' (with files)' : '';
      return [`member \`${rule.action}\`${when}`, String(rule.max)];
    }
    if ('action' in rule) return [`address \`${rule.action}\``, String(rule.max)];
    return ['address `credentials`', `${ADDRESS_FACTOR} × \`RATE_LIMIT_MAX\``];
  };
  const counters = (route.rateLimit ?? []).map(counterOf);
  const per = counters.map(([counter]) => counter).join('; ');
  const max = counters.map(([, most]) => most).join('; ');
  return `| \`${route.method} ${route.url}\` | ${per} | ${max} |`;
}

describe('every write has a declared limit', () => {
  it('finds none among the routes of the real app without a limit or a stated exemption', () => {
    const writes = t.app.writeRoutes;
    // The walk sees the whole app: member, public, staff and better-auth routes alike.
    const seen = writes.map((route) => `${route.method} ${route.url}`);
    for (const route of [
      'POST /api/listings',
      'PUT /api/listings/:id',
      'POST /api/pix/webhook',
      'POST /api/auth/sign-in/social',
      'POST /api/admin/banners',
      'PUT /api/trades/:id/recordings/:recordingId/chunks/:seq',
    ]) {
      expect(seen).toContain(route);
    }
    const undeclared = writes.filter((route) => !route.rateLimit?.length && !route.rateLimitExempt?.trim());
    expect(undeclared.map((route) => `${route.method} ${route.url}`)).toEqual([]);
  });

  it('lists each one in the README with the limit it declares, and no other', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const rows = t.app.writeRoutes.map(rowOf);
    // What is missing, ready to paste into the README's table of limits.
    expect(rows.filter((row) => !readme.includes(row)).join('\n')).toBe('');
    const listed = readme.split('\n').filter((line) => /^\| `(POST|PUT|PATCH|DELETE) \//.test(line));
    expect(listed.filter((line) => !rows.includes(line))).toEqual([]);
  });

  it('counts a counter marked multipartOnly only on requests that carry files', async () => {
    const app = Fastify({ logger: false });
    registerRateLimits(app, { db: t.db, windowSeconds: 60, maxAttempts: 3 });
    registerErrorHandling(app, null);
    app.addContentTypeParser('multipart/form-data', (_request, _payload, done) => done(null, {}));
    app.post(
      '/passos',
      {
        onRequest: async (request) => {
          request.viewer = { userId: 'membro-com-fotos', email: 'm@teste.com', role: null };
        },
        config: { rateLimit: [{ per: 'member', action: 'test-photos', max: 2, multipartOnly: true }] },
      },
      async () => ({ ok: true }),
    );
    const send = (multipart: boolean) =>
      app.inject({
        method: 'POST',
        url: '/passos',
        headers: { 'content-type': multipart ? 'multipart/form-data; boundary=x' : 'application/json' },
        payload: multipart ? '--x--' : '{}',
      });
    for (let i = 0; i < 4; i++) expect((await send(false)).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) expect((await send(true)).statusCode).toBe(200);
    const refused = await send(true);
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused).message).toBe('Muitas tentativas. Aguarde alguns minutos e tente novamente.');
    expect((await send(false)).statusCode).toBe(200);
    await app.close();
  });

  it('refuses to start with a route that declares both a limit and an exemption, or an empty one', async () => {
    const contradictions: FastifyContextConfig[] = [
      { rateLimit: [{ per: 'address' }], rateLimitExempt: 'both' },
      { rateLimit: [] },
      { rateLimitExempt: ' ' },
    ];
    for (const config of contradictions) {
      const app = Fastify({ logger: false });
      registerRateLimits(app, { db: t.db, windowSeconds: 60, maxAttempts: 3 });
      expect(() => app.post('/x', { config }, async () => null)).toThrow(/rateLimit/);
      await app.close();
    }
  });
});
