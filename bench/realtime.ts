/**
 * The live channel under load (issue 11): 1,000 signed-in users each with a WebSocket on `/ws`, then a burst of
 * events, on (a) one server process over PGlite (in-process `listen`), (b) one process over PostgreSQL
 * (LISTEN/NOTIFY on its dedicated connection) and (c) two processes over the same PostgreSQL database, the sockets
 * split between them and the writes too, as behind a load balancer.
 *
 * The server processes are real: `bench/realtime-server.ts` (main.ts's `buildApp` + listen, plus an IPC channel
 * through which the bench orders writes) bundled with esbuild like main.ts and run with `node`. The users and their
 * sessions are written before the servers start, the way the e2e member pool makes them
 * (tests/e2e/support/member-pool.ts), and 200 trades between random pairs of them.
 *
 * Measured: each socket's connect time (upgrade → 'hello'), each process's RSS idle, with the sockets, and after
 * the burst; during the burst, for every message a socket should get (a notification to its user; a trade step to
 * the buyer, the seller and every staff socket, plus the step's notification to the other party), the time from
 * the writing transaction's commit to the socket's receipt, and how many never arrived, arrived twice or reached
 * someone who should not have them.
 *
 * Run: npm run bench:realtime -- [--users=1000] [--staff=10] [--notifications=2000] [--steps=500]
 *        [--concurrency=8] [--modes=pglite,postgres,postgres2] [--pg=postgres://postgres@127.0.0.1:5432]
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism, cpus, loadavg, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { RealtimeMessage } from '@shared/realtime';
import { makeSignature } from 'better-auth/crypto';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import WebSocket from 'ws';
import { createAuth } from '../src/server/auth/auth';
import { type Config, loadConfig } from '../src/server/config';
import { type Database, openDatabase } from '../src/server/db/client';
import { adminRoles, games, listings, trades } from '../src/server/db/schema';
import { withSessionSecret } from '../src/server/db/server-secrets';
import { accountAuthHooks } from '../src/server/modules/accounts/auth-hooks';
import type { BenchMemory, BenchOrder, BenchReply, BenchWrite } from './realtime-server';

const root = path.resolve(import.meta.dirname, '..');
const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [key, value] = a.replace(/^--/, '').split('=');
    return [key, value ?? 'true'];
  }),
);
const USERS = Number(args.users ?? 1000);
const STAFF = Number(args.staff ?? 10);
const NOTIFICATIONS = Number(args.notifications ?? 2000);
const STEPS = Number(args.steps ?? 500);
const TRADES = 200;
const concurrency = Number(args.concurrency ?? 8);
const pgAdminUrl = args.pg ?? 'postgres://postgres@127.0.0.1:5432';

interface Mode {
  name: string;
  kind: Database['kind'];
  processes: number;
}
const allModes: Record<string, Mode> = {
  pglite: { name: 'PGlite, 1 process', kind: 'pglite', processes: 1 },
  postgres: { name: 'PostgreSQL, 1 process', kind: 'postgres', processes: 1 },
  postgres2: { name: 'PostgreSQL, 2 processes', kind: 'postgres', processes: 2 },
};
const modes = (args.modes ?? 'pglite,postgres,postgres2').split(',').map((m: string) => allModes[m] as Mode);

const now = () => performance.timeOrigin + performance.now();
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)] as T;

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

/** A new PostgreSQL database, dropped at the end (bench/trades.ts does the same). */
async function createPostgresDatabase() {
  const name = `mg_bench_rt_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: `${pgAdminUrl}/postgres` });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  return {
    url: `${pgAdminUrl}/${name}`,
    drop: async () => {
      const c = new pg.Client({ connectionString: `${pgAdminUrl}/postgres` });
      await c.connect();
      for (let i = 0; i < 100; i++) {
        const { rows } = await c.query('select count(*)::int as n from pg_stat_activity where datname = $1', [
          name,
        ]);
        if (rows[0].n === 0) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

interface User {
  id: string;
  cookie: string;
  isStaff: boolean;
}
interface People {
  users: User[];
  trades: { id: number; buyerId: string; sellerId: string }[];
}

const silent = new Proxy({}, { get: () => () => {} }) as FastifyBaseLogger;

/**
 * USERS people (the last STAFF of them staff), each with a session signed as better-auth signs `session_token`
 * (member-pool.ts, without the password: nobody signs in), then TRADES trades between random pairs of members.
 */
async function prepare(config: Config): Promise<People> {
  const database = await openDatabase({ url: config.databaseUrl, pgliteDir: config.pgliteDir });
  try {
    await database.migrate();
    const { db } = database;
    const auth = createAuth(
      await withSessionSecret(config, db),
      db,
      { send: async () => {}, queue: async () => {} },
      silent,
      accountAuthHooks(db),
    );
    const ctx = await auth.$context;
    const cookieName = ctx.authCookies.sessionToken.name;
    const run = Date.now().toString(36);
    const users: User[] = new Array(USERS);
    let next = 0;
    // PGlite runs one query at a time; PostgreSQL takes a few at once.
    const workers = database.kind === 'pglite' ? 1 : 8;
    await Promise.all(
      Array.from({ length: workers }, async () => {
        while (next < USERS) {
          const i = next++;
          const user = await ctx.internalAdapter.createUser(
            { email: `tempo-real${i}-${run}@bench.teste`, name: `Ao vivo ${i} ${run}`, emailVerified: true },
            { method: 'test' },
          );
          const session = await ctx.internalAdapter.createSession(user.id);
          const signed = `${session.token}.${await makeSignature(session.token, ctx.secret)}`;
          users[i] = {
            id: user.id,
            cookie: `${cookieName}=${encodeURIComponent(signed)}`,
            isStaff: i >= USERS - STAFF,
          };
        }
      }),
    );
    const staff = users.filter((u) => u.isStaff);
    if (staff.length > 0)
      await db.insert(adminRoles).values(staff.map((u) => ({ userId: u.id, role: 'admin' as const })));

    const members = users.filter((u) => !u.isStaff);
    const [game] = await db
      .insert(games)
      .values({ slug: `tempo-real-${run}`, name: `Tempo real ${run}` })
      .returning({ id: games.id });
    const pairs = Array.from({ length: TRADES }, () => {
      const seller = pick(members);
      let buyer = pick(members);
      while (buyer.id === seller.id) buyer = pick(members);
      return { seller, buyer };
    });
    const rows = await db
      .insert(listings)
      .values(
        pairs.map(({ seller }, i) => ({
          gameId: game?.id as number,
          sellerId: seller.id,
          title: `Conta ao vivo ${i + 1}`,
          description: 'Conta com e-mail trocável e entrega imediata.',
          shortDescription: 'Conta com e-mail trocável e entrega imediata.',
          priceCents: 5_000,
          kind: 'accounts' as const,
          whatsapp: '5511987654321',
        })),
      )
      .returning({ id: listings.id });
    const tradeRows = await db
      .insert(trades)
      .values(
        pairs.map(({ seller, buyer }, i) => ({
          listingId: rows[i]?.id as number,
          listingTitle: `Conta ao vivo ${i + 1}`,
          listingKind: 'accounts' as const,
          sellerId: seller.id,
          buyerId: buyer.id,
          amountCents: 5_000,
          state: 'awaiting_payment' as const,
        })),
      )
      .returning({ id: trades.id, buyerId: trades.buyerId, sellerId: trades.sellerId });
    return { users, trades: tradeRows };
  } finally {
    await database.close();
  }
}

const serverBundle = path.join(root, 'dist', 'bench-realtime', 'server.js');
/** The servers running now: stopped before the temp databases go, also on Ctrl-C. */
const running = new Set<Server>();

interface Server {
  child: ChildProcess;
  url: string;
  /** After a full collection in the server: RSS and the JS heap, in MiB. */
  memory(): Promise<{ rss: number; heap: number }>;
  order(order: BenchOrder): Promise<BenchReply>;
  stop(): Promise<void>;
}

async function startServer(env: NodeJS.ProcessEnv, port: number): Promise<Server> {
  const child = spawn(process.execPath, ['--expose-gc', serverBundle], {
    cwd: root,
    env: { ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('server did not become healthy in 90 s');
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    child,
    url,
    memory: () =>
      new Promise((resolve) => {
        child.once('message', (reply) => {
          const { rss, heapUsed } = reply as BenchMemory;
          resolve({ rss: rss / 2 ** 20, heap: heapUsed / 2 ** 20 });
        });
        child.send({ memory: true });
      }),
    order: (order) =>
      new Promise((resolve) => {
        child.once('message', (reply) => resolve(reply as BenchReply));
        child.send(order);
      }),
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

interface Socket {
  ws: WebSocket;
  user: User;
  connectMs: number;
}

/** What the sockets heard: `<kind>:<id>:<userId>` → receipt times (more than one: a duplicate). */
type Heard = Map<string, number[]>;

function connectAll(people: People, servers: Server[], origin: string, heard: Heard, resyncs: { n: number }) {
  const sockets: Socket[] = [];
  let next = 0;
  const one = (user: User, server: Server) =>
    new Promise<Socket>((resolve, reject) => {
      const started = performance.now();
      const ws = new WebSocket(`${server.url.replace('http', 'ws')}/ws`, {
        headers: { cookie: user.cookie, origin },
      });
      ws.on('message', (data) => {
        const at = now();
        const m = JSON.parse(String(data)) as RealtimeMessage;
        if (m.type === 'hello') return resolve({ ws, user, connectMs: performance.now() - started });
        if (m.type === 'resync') {
          resyncs.n += 1;
          return;
        }
        if (m.type !== 'trade' && m.type !== 'notification') return;
        const key = m.type === 'trade' ? `t:${m.eventId}:${user.id}` : `n:${m.id}:${user.id}`;
        const times = heard.get(key);
        if (times) times.push(at);
        else heard.set(key, [at]);
      });
      ws.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
      ws.once('error', reject);
    });
  return Promise.all(
    Array.from({ length: 50 }, async () => {
      while (next < people.users.length) {
        const i = next++;
        const user = people.users[i] as User;
        sockets.push(await one(user, servers[i % servers.length] as Server));
      }
    }),
  ).then(() => sockets);
}

interface Result {
  mode: Mode;
  connectSeconds: number;
  connect: number[];
  memory: Record<'idle' | 'connected' | 'after', { rss: number; heap: number }[]>;
  writes: number;
  writeSeconds: number;
  expected: number;
  latencies: number[];
  /** The latencies of deliveries to a socket on the writing process, and on another one. */
  sameProcess: number[];
  otherProcess: number[];
  lost: number;
  duplicates: number;
  strays: number;
  resyncs: number;
  failures: string[];
}

async function runMode(mode: Mode, env: NodeJS.ProcessEnv, people: People): Promise<Result> {
  const ports = await Promise.all(Array.from({ length: mode.processes }, freePort));
  const origin = env.PUBLIC_URL as string;
  const servers: Server[] = [];
  const heard: Heard = new Map();
  const resyncs = { n: 0 };
  let sockets: Socket[] = [];
  try {
    for (const port of ports) {
      const server = await startServer(env, port);
      servers.push(server);
      running.add(server);
    }
    const idle = await Promise.all(servers.map((s) => s.memory()));

    const started = performance.now();
    sockets = await connectAll(people, servers, origin, heard, resyncs);
    const connectSeconds = (performance.now() - started) / 1000;
    const connected = await Promise.all(servers.map((s) => s.memory()));

    // The burst: notifications for random users and steps on random trades, shared out among the processes.
    const members = people.users.filter((u) => !u.isStaff);
    const staff = people.users.filter((u) => u.isStaff);
    const writes: BenchWrite[] = [
      ...Array.from({ length: NOTIFICATIONS }, () => ({
        type: 'notification' as const,
        userId: pick(members).id,
      })),
      ...Array.from({ length: STEPS }, () => {
        const trade = pick(people.trades);
        return {
          type: 'step' as const,
          tradeId: trade.id,
          notifyUserId: Math.random() < 0.5 ? trade.buyerId : trade.sellerId,
        };
      }),
    ].sort(() => Math.random() - 0.5);
    const shares = servers.map((_, i) => writes.filter((_, j) => j % servers.length === i));
    const burstStarted = performance.now();
    const replies = await Promise.all(
      servers.map((s, i) => s.order({ writes: shares[i] ?? [], concurrency })),
    );
    const writeSeconds = (performance.now() - burstStarted) / 1000;

    // Who should hear what, when its transaction committed, and on which process (the writer, the socket's).
    const expected = new Map<string, { commitAt: number; sameProcess: boolean }>();
    const tradeOf = new Map(people.trades.map((t) => [t.id, t]));
    const processOf = new Map(people.users.map((u, i) => [u.id, i % servers.length]));
    for (const [writer, reply] of replies.entries()) {
      const expect = (key: string, userId: string, commitAt: number) =>
        expected.set(`${key}:${userId}`, { commitAt, sameProcess: processOf.get(userId) === writer });
      for (const w of reply.written) {
        if (w.type === 'notification') {
          expect(`n:${w.id}`, w.userId, w.commitAt);
          continue;
        }
        const trade = tradeOf.get(w.tradeId);
        if (!trade) continue;
        for (const userId of [trade.buyerId, trade.sellerId, ...staff.map((s) => s.id)])
          expect(`t:${w.eventId}`, userId, w.commitAt);
        expect(`n:${w.notificationId}`, w.notifyUserId, w.commitAt);
      }
    }
    // Wait until everything arrived, or until nothing more came for 10 s.
    let count = -1;
    let quietSince = performance.now();
    while ([...expected.keys()].some((k) => !heard.has(k))) {
      if (heard.size !== count) {
        count = heard.size;
        quietSince = performance.now();
      } else if (performance.now() - quietSince > 10_000) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    await new Promise((r) => setTimeout(r, 500)); // anything extra (a duplicate, a stray) still on its way
    const after = await Promise.all(servers.map((s) => s.memory()));

    const latencies: number[] = [];
    const byProcess = { same: [] as number[], other: [] as number[] };
    let lost = 0;
    let duplicates = 0;
    for (const [key, { commitAt, sameProcess }] of expected) {
      const times = heard.get(key);
      if (!times) lost += 1;
      else {
        const latency = (times[0] as number) - commitAt;
        latencies.push(latency);
        byProcess[sameProcess ? 'same' : 'other'].push(latency);
        duplicates += times.length - 1;
      }
    }
    const strays = [...heard.keys()].filter((k) => !expected.has(k)).length;
    return {
      mode,
      connectSeconds,
      connect: sockets.map((s) => s.connectMs).sort((a, b) => a - b),
      memory: { idle, connected, after },
      writes: writes.length,
      writeSeconds,
      expected: expected.size,
      latencies: latencies.sort((a, b) => a - b),
      sameProcess: byProcess.same.sort((a, b) => a - b),
      otherProcess: byProcess.other.sort((a, b) => a - b),
      lost,
      duplicates,
      strays,
      resyncs: resyncs.n,
      failures: replies.flatMap((r) => r.failures),
    };
  } finally {
    for (const s of sockets) s.ws.terminate();
    for (const s of servers) {
      await s.stop();
      running.delete(s);
    }
  }
}

// The server bundle, built like main.ts (package.json "build"), removed at the end.
execFileSync(
  path.join(root, 'node_modules', '.bin', 'esbuild'),
  [
    'bench/realtime-server.ts',
    '--bundle',
    '--platform=node',
    '--format=esm',
    '--packages=external',
    '--target=node22',
    '--log-level=warning',
    `--outfile=${serverBundle}`,
  ],
  { cwd: root, stdio: 'inherit' },
);

console.log(
  `${new Date().toISOString().slice(0, 10)}, ${availableParallelism()} cores (${cpus()[0]?.model.trim()}), ` +
    `${(totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.versions.node}; ${USERS} users (${STAFF} staff), ` +
    `one socket each; burst of ${NOTIFICATIONS} notifications + ${STEPS} trade steps, ${concurrency} writers per process`,
);

/** 'idle → with sockets → after the burst' for each process, in MiB. */
const memoryLine = (r: Result, what: 'rss' | 'heap', join = ' + ') =>
  r.memory.idle
    .map((idle, i) =>
      [idle, r.memory.connected[i], r.memory.after[i]].map((m) => (m?.[what] ?? 0).toFixed(0)).join(' → '),
    )
    .join(join);
/** How much the JS heaps grew with the sockets, per socket. */
const perSocketKiB = (r: Result) => {
  const grown = r.memory.idle.reduce((n, idle, i) => n + (r.memory.connected[i]?.heap ?? 0) - idle.heap, 0);
  return ((grown * 1024) / Math.max(1, r.connect.length)).toFixed(1);
};

const results: Result[] = [];
const cleanups: (() => Promise<void>)[] = [];
let cleaning: Promise<void> | null = null;
/** Once, whoever asks first (the end of the run or Ctrl-C): stops the servers, drops the temp data. */
function cleanUp() {
  cleaning ??= (async () => {
    for (const server of running) await server.stop();
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch((err) => console.error(err));
    rmSync(path.dirname(serverBundle), { recursive: true, force: true });
  })();
  return cleaning;
}
let interrupted = false;
process.once('SIGINT', () => {
  interrupted = true;
  console.log('\ninterrupted: stopping the servers, removing the temp data');
  cleanUp().finally(() => process.exit(130));
});
let failed = false;
try {
  const prepared = new Map<Database['kind'], { env: NodeJS.ProcessEnv; people: People }>();
  for (const mode of modes) {
    let ready = prepared.get(mode.kind);
    if (!ready) {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'mg-bench-realtime-'));
      cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
      const fresh = mode.kind === 'postgres' ? await createPostgresDatabase() : null;
      if (fresh) cleanups.push(fresh.drop);
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PUBLIC_URL: 'http://localhost:3999',
        DATA_DIR: dataDir,
        DATABASE_URL: fresh?.url ?? '',
        // The sessions are signed before the servers start: all must use this secret.
        SESSION_SECRET: randomBytes(32).toString('base64url'),
        // PostgreSQL refuses to start without it (decision 025).
        DELIVERY_SECRET: randomBytes(32).toString('base64url'),
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
      };
      const started = performance.now();
      const people = await prepare(loadConfig(env));
      console.log(
        `${mode.kind}: ${USERS} users with sessions and ${TRADES} trades written in ` +
          `${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
      ready = { env, people };
      prepared.set(mode.kind, ready);
    }
    const load = loadavg()[0] as number;
    const result = await runMode(mode, ready.env, ready.people);
    results.push(result);
    const f = (n: number) => n.toFixed(0);
    const l = result.latencies;
    console.log(
      `\n${mode.name} (load average ${load.toFixed(1)} → ${(loadavg()[0] as number).toFixed(1)})\n` +
        `  connect: ${result.connect.length} sockets in ${result.connectSeconds.toFixed(1)} s, ` +
        `p50 ${f(percentile(result.connect, 50))} ms, p99 ${f(percentile(result.connect, 99))} ms, ` +
        `max ${f(result.connect.at(-1) ?? 0)} ms\n` +
        `  per process, after a full GC: RSS MiB ${memoryLine(result, 'rss')}; JS heap MiB ${memoryLine(result, 'heap')}; ` +
        `heap per socket ${perSocketKiB(result)} KiB\n` +
        `  burst: ${result.writes} transactions in ${result.writeSeconds.toFixed(1)} s ` +
        `(${(result.writes / result.writeSeconds).toFixed(0)}/s), ${result.expected} deliveries expected\n` +
        `  commit → socket: p50 ${f(percentile(l, 50))} ms, p99 ${f(percentile(l, 99))} ms, max ${f(l.at(-1) ?? 0)} ms; ` +
        `lost ${result.lost}, duplicates ${result.duplicates}, to the wrong user ${result.strays}, ` +
        `resync ${result.resyncs}, write failures ${result.failures.length}`,
    );
    if (mode.processes > 1) {
      const line = (l: number[]) =>
        `p50 ${percentile(l, 50).toFixed(0)} ms, p99 ${percentile(l, 99).toFixed(0)} ms (${l.length})`;
      console.log(
        `  to a socket on the writing process: ${line(result.sameProcess)}; on the other: ${line(result.otherProcess)}`,
      );
    }
    for (const failure of result.failures.slice(0, 5)) console.log(`  FAILED ${failure}`);
    if (result.lost > 0 || result.strays > 0 || result.failures.length > 0) failed = true;
  }
} catch (err) {
  // Ctrl-C also reaches the servers, so a socket or an order fails on the way out: the handler ends the process.
  if (!interrupted) throw err;
} finally {
  await cleanUp();
}

console.log(
  '\n| Mode | Sockets | Connect all | Connect p50 / p99 ms | RSS MiB idle → sockets → after burst | JS heap MiB idle → sockets → after | Heap per socket KiB | Burst tx/s | Deliveries | Commit → socket p50 / p99 / max ms | Lost | Dup. | Wrong user |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|');
for (const r of results) {
  const f = (n: number) => n.toFixed(0);
  console.log(
    `| ${r.mode.name} | ${r.connect.length} | ${r.connectSeconds.toFixed(1)} s | ${f(percentile(r.connect, 50))} / ${f(percentile(r.connect, 99))} | ${memoryLine(r, 'rss', '; ')} | ${memoryLine(r, 'heap', '; ')} | ${perSocketKiB(r)} | ${f(r.writes / r.writeSeconds)} | ${r.expected} | ${f(percentile(r.latencies, 50))} / ${f(percentile(r.latencies, 99))} / ${f(r.latencies.at(-1) ?? 0)} | ${r.lost} | ${r.duplicates} | ${r.strays} |`,
  );
}
if (failed) process.exitCode = 1;
