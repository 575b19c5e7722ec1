import { type ChildProcess, execSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { OAuth2Server } from 'oauth2-mock-server';

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

async function waitForHealth(url: string, server: ChildProcess) {
  // The first start seeds the demo listings and renders their photos.
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
  discord.service.on('beforeUserinfo', (userInfo) => {
    userInfo.body = {
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
  const server = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: baseUrl,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      // Every journey signs in from 127.0.0.1; the limits themselves are covered by the API tests.
      RATE_LIMIT_MAX: '1000',
      DISCORD_INVITE_URL: 'https://discord.gg/mercadogamer',
      DISCORD_CLIENT_ID: 'e2e-client',
      DISCORD_CLIENT_SECRET: 'e2e-secret',
      DISCORD_AUTHORIZATION_URL: `${discord.issuer.url}/authorize`,
      DISCORD_TOKEN_URL: `${discord.issuer.url}/token`,
      DISCORD_USERINFO_URL: `${discord.issuer.url}/userinfo`,
    },
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

  return async () => {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await discord.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
