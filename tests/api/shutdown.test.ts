import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REALTIME_CLOSE } from '@shared/realtime-close';
import { afterAll, describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';
import { lastLinkTo } from '../helpers/outbox';
import { buildServer } from '../helpers/server-bundle';
import { createPostgresDatabase } from '../helpers/test-database';

/**
 * Issue 24: the real server (the production bundle of src/server/main.ts) stopped with SIGTERM while a sign-up is still
 * arriving and a member's socket is open, then started again on the same data. On PostgreSQL runs the server uses
 * a database of its own (cloned from the migrated template); otherwise the embedded one in the temp DATA_DIR.
 */
const root = path.resolve(import.meta.dirname, '../..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'mg-shutdown-'));
const server = buildServer();
const origin = 'http://mercado.test';
const adminUrl = process.env.TEST_DATABASE_URL;
const database = adminUrl
  ? await createPostgresDatabase(adminUrl, { template: inject('migratedPostgresTemplate') })
  : null;
const started: ChildProcess[] = [];

interface Server {
  child: ChildProcess;
  url: string;
  output: () => string;
  exit: Promise<number | null>;
}

/** Starts the server; resolves with its address once it listens (read from its log, as it picked the port). */
async function start(): Promise<Server> {
  const child = spawn(process.execPath, [server.entry], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: database?.url ?? '',
      // With PostgreSQL the server refuses to start without it (decision 025).
      DELIVERY_SECRET: 'chave-de-entrega-do-teste-de-encerramento-0123456789',
      PORT: '0',
      HOST: '127.0.0.1',
      PUBLIC_URL: origin,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let output = '';
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const listening = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (listening?.[1]) resolve(listening[1]);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    void exit.then((code) => reject(new Error(`exited ${code} before listening:\n${output}`)));
  });
  return { child, url, output: () => output, exit };
}

/** Resolves once `condition` holds for the server's log so far (checked on each new chunk). */
const untilLogged = (server: Server, condition: (log: string) => boolean) =>
  new Promise<void>((resolve) => {
    const check = () => {
      if (!condition(server.output())) return;
      server.child.stdout?.off('data', check);
      resolve();
    };
    server.child.stdout?.on('data', check);
    check();
  });

const registration = (email: string) => ({
  email,
  nickname: `Membro${email.slice(0, 6)}`,
  password: 'segredo123',
  confirmPassword: 'segredo123',
});

/** A member signed in through their confirmation link; answers the session cookie. */
async function signedInMember(server: Server, email: string): Promise<string> {
  const res = await fetch(`${server.url}/api/accounts/register`, {
    method: 'POST',
    headers: { origin, 'content-type': 'application/json' },
    body: JSON.stringify(registration(email)),
  });
  expect(res.status, await res.text()).toBe(201);
  return confirm(server, email);
}

async function confirm(server: Server, email: string): Promise<string> {
  const link = new URL(lastLinkTo(dataDir, email));
  const res = await fetch(`${server.url}${link.pathname}${link.search}`, { redirect: 'manual' });
  expect(res.status).toBe(302);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** A request on a new connection: its status, or 'refused' when nothing listens any more. */
const tryNewConnection = (url: string) =>
  new Promise<number | 'refused'>((resolve, reject) => {
    const req = http.get(`${url}/api/health/ready`, { agent: false }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'ECONNREFUSED' ? resolve('refused') : reject(error),
    );
  });

afterAll(async () => {
  for (const child of started)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await Promise.all(started.map((child) => child.exitCode ?? new Promise((r) => child.once('exit', r))));
  rmSync(dataDir, { recursive: true, force: true });
  server.remove();
  await database?.drop();
});

describe('SIGTERM', () => {
  it('finishes the request in flight, refuses new connections, tells sockets to reconnect, exits 0 with nothing lost', {
    timeout: 240_000,
  }, async () => {
    const first = await start();
    const socketCookie = await signedInMember(first, 'aberta@teste.com');
    const ws = new WebSocket(`${first.url.replace('http', 'ws')}/ws`, {
      headers: { cookie: socketCookie, origin },
    });
    const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
    await new Promise((resolve) => ws.once('message', resolve)); // 'hello': the socket is live

    // A sign-up whose body is still arriving: routed (logged), not yet handled.
    const body = Buffer.from(JSON.stringify(registration('no-meio@teste.com')));
    const slow = http.request(`${first.url}/api/accounts/register`, {
      method: 'POST',
      agent: false,
      headers: { origin, 'content-type': 'application/json', 'content-length': body.length },
    });
    const answered = new Promise<{ status: number; text: string }>((resolve, reject) => {
      slow.on('response', (res) => {
        let text = '';
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      });
      slow.on('error', reject);
    });
    slow.write(body.subarray(0, 10));
    const registrationsArrived = (log: string) =>
      log.split('\n').filter((l) => l.includes('incoming request') && l.includes('/api/accounts/register'))
        .length;
    await untilLogged(first, (log) => registrationsArrived(log) === 2);

    first.child.kill('SIGTERM');
    expect(await closed).toBe(REALTIME_CLOSE.serviceRestart);
    // Until the listener closes a new connection may still be answered, never as ready; then it is refused.
    const seen: (number | 'refused')[] = [];
    while (seen.at(-1) !== 'refused') seen.push(await tryNewConnection(first.url));
    expect(seen.filter((s) => s !== 'refused' && s !== 503)).toEqual([]);

    slow.end(body.subarray(10));
    const { status, text } = await answered;
    expect(status, text).toBe(201);
    expect(await first.exit, first.output()).toBe(0);
    expect(existsSync(path.join(dataDir, 'server.lock'))).toBe(false);

    // Started again on the same data: the member who signed up during the shutdown confirms and is signed in.
    const second = await start();
    expect(await tryNewConnection(second.url)).toBe(200);
    expect(await confirm(second, 'no-meio@teste.com')).not.toBe('');
    second.child.kill('SIGTERM');
    expect(await second.exit, second.output()).toBe(0);
  });
});
