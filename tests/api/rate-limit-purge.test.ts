import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from '../../src/server/db/schema';
import { rateLimitPurgeJob } from '../../src/server/jobs/rate-limit-purge';
import { createUser } from '../factories/accounts';
import { apiOf } from '../helpers/api';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '3' });
});
afterAll(() => t?.close());

const api = apiOf(() => t);
const login = (email: string, ip: string) =>
  api.as().post('/api/accounts/login', { email, password: 'errada123' }, { remoteAddress: ip });

const keysOf = async (keys: string[]) =>
  (await t.db.select({ key: rateLimits.key }).from(rateLimits).where(inArray(rateLimits.key, keys)))
    .map((row) => row.key)
    .sort();

describe('the rate-limit purge job', () => {
  it('deletes the counters whose window ended and keeps the current ones, which still count', async () => {
    const windowSeconds = t.config.rateLimit.windowSeconds;
    const [old, current] = [await createUser(t.db), await createUser(t.db)];
    // Every e-mail typed at sign-in leaves a counter (and its address one).
    await login(old.email, '10.9.0.1');
    for (let i = 0; i < 3; i++) await login(current.email, '10.9.0.2');
    const oldKeys = [`credentials:account:${old.email.toLowerCase()}`, 'credentials:ip:10.9.0.1'];
    const currentKeys = [`credentials:account:${current.email.toLowerCase()}`, 'credentials:ip:10.9.0.2'];
    expect(await keysOf([...oldKeys, ...currentKeys])).toEqual([...oldKeys, ...currentKeys].sort());

    // The first two counters' window ended a minute ago.
    await t.db
      .update(rateLimits)
      .set({ windowStart: sql`now() - ${sql.raw(`interval '${windowSeconds + 60} seconds'`)}` })
      .where(inArray(rateLimits.key, oldKeys));
    await rateLimitPurgeJob(t.db, windowSeconds, t.app.log).run();

    expect(await keysOf([...oldKeys, ...currentKeys])).toEqual(currentKeys.sort());
    // The account still in its window is still stopped: nothing of the limit was lost.
    expect((await login(current.email, '10.9.0.3')).statusCode).toBe(429);
    expect((await login(old.email, '10.9.0.1')).statusCode).toBe(401);
  });

  it("is one of the app's jobs", async () => {
    expect((await t.app.jobs.status()).map((job) => job.name)).toContain('rate-limit-purge');
  });
});
