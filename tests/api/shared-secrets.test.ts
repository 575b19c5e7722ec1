import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { ConfigError, loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';
import { withSessionSecret } from '../../src/server/db/server-secrets';
import { createUser } from '../factories/accounts';
import { call, signIn } from '../helpers/http';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../helpers/test-app';

/**
 * Processes on one PostgreSQL database, each with its own DATA_DIR, share the session secret the first one kept
 * in the database (decision 025); the delivery key must come from the environment.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const dataDirs: string[] = [];
const deliverySecret = randomBytes(32).toString('base64url');

/** The environment of a process on PostgreSQL with nothing but the delivery key set, in a data folder of its own. */
function postgresEnv(url: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mg-secrets-'));
  dataDirs.push(dataDir);
  return {
    DATA_DIR: dataDir,
    DATABASE_URL: url,
    DELIVERY_SECRET: deliverySecret,
    PUBLIC_URL: TEST_ORIGIN,
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
  };
}

afterAll(() => {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

describe('the delivery key with PostgreSQL', () => {
  it('is required: the server refuses to start without DELIVERY_SECRET, naming it', () => {
    const env = { ...postgresEnv('postgres://postgres@127.0.0.1:5432/mercadogamer'), DELIVERY_SECRET: '' };
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(
      /^Configuração inválida:\n {2}DATABASE_URL exige DELIVERY_SECRET .*não pode ficar no mesmo banco/,
    );
    // Nothing was generated into the data folder meanwhile.
    expect(existsSync(path.join(env.DATA_DIR, 'delivery-secret'))).toBe(false);
  });

  it('is taken from the environment, and the session secret left to the database', () => {
    const config = loadConfig(postgresEnv('postgres://postgres@127.0.0.1:5432/mercadogamer'));
    expect(config.deliverySecret).toBe(deliverySecret);
    expect(config.sessionSecret).toBeNull();
    expect(existsSync(path.join(config.dataDir, 'session-secret'))).toBe(false);
  });
});

describe.skipIf(!onPostgres)('two processes on one PostgreSQL database (skipped on PGlite)', () => {
  let t: TestApp;
  const apps: { app: FastifyInstance; close: () => Promise<void> }[] = [];

  /** A process: its own configuration read from its environment, its own pool, the app built on them. */
  async function startProcess() {
    const url = t.database.url as string;
    const database = await openDatabase({ url, pgliteDir: 'memory://' });
    const app = await buildApp(loadConfig(postgresEnv(url)), { database, logger: false, indexHtml: null });
    await app.ready();
    apps.push({ app, close: () => app.close().then(() => database.close()) });
    return app;
  }

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    for (const { close } of apps) await close();
    await t?.close();
  });

  it('agree on one session secret, generated once even when both ask at once', async () => {
    const config = loadConfig(postgresEnv(t.database.url as string));
    const [a, b] = await Promise.all([withSessionSecret(config, t.db), withSessionSecret(config, t.db)]);
    expect(a.sessionSecret).toMatch(/^[\w-]{43}$/);
    expect(b.sessionSecret).toBe(a.sessionSecret);
    expect((await withSessionSecret(config, t.db)).sessionSecret).toBe(a.sessionSecret);
  });

  it('accept on one the session a member signed in to on the other', async () => {
    const [a, b] = [await startProcess(), await startProcess()];
    const member = await createUser(t.db);
    const cookie = await signIn(a, member.email, member.password);

    for (const app of [a, b]) {
      const me = await call(app, 'GET', '/api/accounts/me', cookie);
      expect(me.statusCode).toBe(200);
      expect(me.json().user).toMatchObject({ id: member.id, email: member.email });
    }
  });
});
