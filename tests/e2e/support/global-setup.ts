import { type ChildProcess, execSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { OAuth2Server } from 'oauth2-mock-server';
import { loadConfig } from '../../../src/server/config';
import { openDatabase } from '../../../src/server/db/client';
import { seedDemoData } from '../../../src/server/demo/seed';
import { createStorage } from '../../../src/server/storage';
import { demoPhotoCache } from '../../helpers/demo-photo-cache';
import { createMemberPool } from './member-pool';

const root = path.resolve(import.meta.dirname, '../../..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Fresh members per test: enough for every test of a full run on both projects, with room to spare. */
const POOL_SIZE = 300;
const STAFF_POOL_SIZE = 96;

/**
 * Before the server starts (PGlite admits one process per data folder): migrates, seeds the demo data the
 * way the server would on an empty database, then creates the member pool with its sessions.
 */
async function prepareData(env: NodeJS.ProcessEnv) {
  const config = loadConfig(env);
  const database = await openDatabase({ url: undefined, pgliteDir: config.pgliteDir });
  try {
    await database.migrate();
    // The seed only runs into an empty database: it must come before the pool, or the server would skip it.
    await seedDemoData(database.db, config, createStorage(config.media), demoPhotoCache);
    await createMemberPool(config, database.db, { count: POOL_SIZE, staffCount: STAFF_POOL_SIZE });
  } finally {
    await database.close();
  }
  mkdirSync(path.join(config.dataDir, 'e2e-claims'), { recursive: true });
}

async function waitForHealth(url: string, server: ChildProcess) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error('server did not become healthy in 90 s');
}

/** Builds the production bundle and runs it on a free port over a fresh data folder. */
export default async function globalSetup() {
  if (!process.env.E2E_SKIP_BUILD) execSync('npm run -s build', { cwd: root, stdio: 'inherit' });
  // A local OAuth2 server stands in for Discord; the browser journey goes through it.
  const discord = new OAuth2Server();
  await discord.issuer.keys.generate('RS256');
  await discord.start(0, '127.0.0.1');
  // Discord answers as Discordiano, or as the member whose e-mail a test put in the authorize URL's
  // `login_hint` (carried from the code into the tokens, which the userinfo request presents; not as an `email`
  // claim, or better-auth would read the identity from the id_token, unverified).
  const hints = new Map<string, string>();
  discord.service.on('beforeAuthorizeRedirect', (redirect, req) => {
    const hint = new URL(req.url ?? '/', 'http://mock').searchParams.get('login_hint');
    const code = redirect.url.searchParams.get('code');
    if (hint && code) hints.set(code, hint);
  });
  discord.service.on('beforeTokenSigning', (token, req) => {
    const hint = 'code' in req.body ? hints.get(String(req.body.code)) : undefined;
    if (hint) token.payload.login_hint = hint;
  });
  discord.service.on('beforeUserinfo', (userInfo, req) => {
    const jwt = req.headers.authorization?.split(' ')[1]?.split('.')[1] ?? '';
    const email = jwt
      ? (JSON.parse(Buffer.from(jwt, 'base64url').toString()) as { login_hint?: string }).login_hint
      : null;
    userInfo.body = email
      ? { id: `hint-${email}`, username: email.split('@')[0], global_name: null, email, verified: true }
      : {
          id: '4242',
          username: 'discordiano',
          global_name: 'Discordiano',
          email: 'discordiano@discord.test',
          verified: true,
        };
  });
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mg-e2e-'));
  const baseUrl = `http://localhost:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: baseUrl,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    // The member pool's sessions are signed here, before the server starts: both must use this secret.
    SESSION_SECRET: randomBytes(32).toString('base64url'),
    DISCORD_INVITE_URL: 'https://discord.gg/mercadogamer',
    DISCORD_CLIENT_ID: 'e2e-client',
    DISCORD_CLIENT_SECRET: 'e2e-secret',
    DISCORD_AUTHORIZATION_URL: `${discord.issuer.url}/authorize`,
    DISCORD_TOKEN_URL: `${discord.issuer.url}/token`,
    DISCORD_USERINFO_URL: `${discord.issuer.url}/userinfo`,
    // No internet here: the voice call connects over host candidates, without STUN.
    STUN_URLS: '',
    // Web Push (issue 38): tests/e2e/push.spec.ts's stand-in push service listens on 127.0.0.1.
    PUSH_SERVICE_HOSTS: '127.0.0.1',
  };
  // The prepared data as it is before the server opens it: payouts-automatic.spec.ts starts a second server, with
  // the automatic payouts' provider, over a copy of it (the same members and sessions).
  const pristineDir = mkdtempSync(path.join(tmpdir(), 'mg-e2e-pristine-'));
  try {
    await prepareData(env);
    cpSync(dataDir, pristineDir, { recursive: true });
  } catch (error) {
    await discord.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(pristineDir, { recursive: true, force: true });
    throw error;
  }
  const server = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: root,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForHealth(baseUrl, server).catch(async (error) => {
    // Never leave a half-started server behind: it would hold the test run's output open.
    server.kill('SIGKILL');
    await discord.stop();
    throw error;
  });
  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_DATA_DIR = dataDir;
  process.env.E2E_PRISTINE_DIR = pristineDir;
  process.env.E2E_SESSION_SECRET = env.SESSION_SECRET;

  return async () => {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await discord.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(pristineDir, { recursive: true, force: true });
  };
}
