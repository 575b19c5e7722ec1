/**
 * Protected trades under load: N trades driven concurrently through their whole life over the HTTP API of a real
 * server process (the production build, `node dist/server/main.js`), on a throwaway PGlite folder and a
 * throwaway PostgreSQL database, along the trade process (src/shared/trade-process.ts): start → value confirmed at
 * the agreed amount (seller) → payment (admin, with the transfer's E2E id) → delivery (seller) → confirmation
 * (buyer; the payout becomes due) → release (admin, with the payout's E2E id). Prints requests per second, p50/p99
 * per step, then stops the server, opens the database itself and runs the ledger's reconciliation and the trades'
 * own checks (which must hold).
 *
 * Members and staff are made before the server starts, with sessions, the way the e2e member pool is
 * (tests/e2e/support/member-pool.ts): signing up through the routes would measure scrypt and the sign-up
 * limits. Listings (quantity 1, kind 'items': no warranty window, so the payout is due at the buyer's
 * confirmation) and the sellers' PIX keys are written straight to the database.
 *
 * Run: npm run bench:trades -- [--trades=200] [--concurrency=24] [--dbs=pglite,postgres]
 *        [--pg=postgres://postgres@127.0.0.1:5432] [--skip-build] [--profile=dir]
 * `--profile=dir` writes the server's CPU profile (`--cpu-prof`) and its SQL statements per route, counted and
 * timed (bench/support/trace-queries.mjs), into dir.
 */
import { type ChildProcess, execSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism, cpus, loadavg, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { platformAccounts } from '@shared/ledger';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { loadConfig } from '../src/server/config';
import { type Database, openDatabase, queryRows } from '../src/server/db/client';
import { games, listings, pixKeys } from '../src/server/db/schema';
import { gameCatalogue } from '../src/server/modules/games/catalogue';
import { createLedger } from '../src/server/modules/ledger/service';
import { createMemberPool } from '../tests/e2e/support/member-pool';
import type { PoolMember } from '../tests/e2e/support/members';

const root = path.resolve(import.meta.dirname, '..');
const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [key, value] = a.replace(/^--/, '').split('=');
    return [key, value ?? 'true'];
  }),
);
const N = Number(args.trades ?? 200);
const concurrency = Number(args.concurrency ?? 24);
const dbKinds = (args.dbs ?? 'pglite,postgres').split(',') as Database['kind'][];
const pgAdminUrl = args.pg ?? 'postgres://postgres@127.0.0.1:5432';
const profileDir = args.profile ? path.resolve(args.profile) : null;

// Each buyer and seller takes part in 4 trades, each staff member in 25 (50 steps): under the per-member limits
// (20 starts and 120 steps per 10 minutes) without raising them.
const buyerCount = Math.ceil(N / 4);
const sellerCount = Math.ceil(N / 4);
const staffCount = Math.ceil(N / 25);

const steps = ['start', 'value', 'payment', 'delivery', 'confirm', 'release'] as const;
type Step = (typeof steps)[number];
/** The state each step leaves the trade in (the room it answers with says so). */
const after: Record<Exclude<Step, 'start'>, string> = {
  value: 'awaiting_payment',
  payment: 'awaiting_delivery',
  delivery: 'delivered',
  confirm: 'awaiting_release',
  release: 'completed',
};

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

/** A fresh database: a PGlite folder inside DATA_DIR, or a new PostgreSQL database dropped at the end. */
async function freshDatabase(kind: Database['kind']) {
  if (kind === 'pglite') return { url: '', drop: async () => {} };
  const name = `mg_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: `${pgAdminUrl}/postgres` });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  return {
    url: `${pgAdminUrl}/${name}`,
    drop: async () => {
      const c = new pg.Client({ connectionString: `${pgAdminUrl}/postgres` });
      await c.connect();
      // pool.end() resolves before its sockets close: a forced drop would kill backends still saying goodbye,
      // and their FATAL would surface here as an uncaught error (tests/helpers/test-app.ts). Let them leave.
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

/** Migrates, then writes the people (with sessions), the listings and the sellers' PIX keys. */
async function prepare(env: NodeJS.ProcessEnv) {
  const config = loadConfig(env);
  const database = await openDatabase({ url: config.databaseUrl, pgliteDir: config.pgliteDir });
  try {
    await database.migrate();
    const { db } = database;
    const [game] = await db
      .insert(games)
      .values(gameCatalogue.map((g, i) => ({ ...g, sortOrder: i })))
      .returning({ id: games.id });
    const pool = await createMemberPool(config, db, { count: buyerCount + sellerCount, staffCount });
    const sellers = pool.members.slice(0, sellerCount);
    const buyers = pool.members.slice(sellerCount);
    await db.insert(pixKeys).values(
      sellers.map((s, i) => ({
        userId: s.userId,
        type: 'email' as const,
        key: `vendedor${i}@exemplo.com.br`,
        isDefault: true,
      })),
    );
    const rows = await db
      .insert(listings)
      .values(
        Array.from({ length: N }, (_, i) => ({
          gameId: game?.id as number,
          sellerId: (sellers[i % sellerCount] as PoolMember).userId,
          title: `Item de bancada ${i + 1}`,
          description: 'Item entregue por troca no jogo, com código de resgate.',
          shortDescription: 'Item entregue por troca no jogo, com código de resgate.',
          priceCents: 1_000 + ((i * 7_919) % 49_000),
          quantity: 1,
          kind: 'items' as const,
          whatsapp: '5511987654321',
        })),
      )
      .returning({ id: listings.id, priceCents: listings.priceCents });
    return { sellers, buyers, staff: pool.staff, listings: rows };
  } finally {
    await database.close();
  }
}

async function startServer(env: NodeJS.ProcessEnv, url: string) {
  const child: ChildProcess = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
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
  return async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    process.kill(-(child.pid as number), 'SIGTERM');
    await exited;
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

async function drive(
  url: string,
  origin: string,
  people: Awaited<ReturnType<typeof prepare>>,
): Promise<{ seconds: number; times: Record<Step, number[]>; failures: string[] }> {
  const times = Object.fromEntries(steps.map((s) => [s, [] as number[]])) as Record<Step, number[]>;
  const failures: string[] = [];
  const cookieOf = (m: PoolMember) => `${m.cookie.name}=${m.cookie.value}`;
  // PIX end-to-end ids as END_TO_END_PATTERN wants them, unique across the ledger (and across runs on one
  // database): 'E', an ISPB, the minute (UTC, AAAAMMDDHHMM), then 11 letters or digits.
  const minute = new Date().toISOString().slice(0, 16).replace(/\D/g, '');
  const run = randomBytes(2).toString('hex').toUpperCase();
  let e2e = 0;
  const nextE2E = () => `E60701190${minute}B${run}${String(++e2e).padStart(6, '0')}`;

  async function post(step: Step, who: PoolMember, pathname: string, body: object) {
    const started = performance.now();
    const res = await fetch(`${url}/api/trades${pathname}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin, cookie: cookieOf(who) },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    times[step].push(performance.now() - started);
    if (res.status !== 200 && res.status !== 201) throw new Error(`${step}: ${res.status} ${text}`);
    const room = JSON.parse(text) as { id: number; state?: string };
    if (step !== 'start' && room.state !== after[step]) {
      throw new Error(`${step}: the room says ${room.state}, expected ${after[step]}`);
    }
    return room;
  }

  async function oneTrade(i: number) {
    const listing = people.listings[i] as { id: number; priceCents: number };
    const buyer = people.buyers[i % buyerCount] as PoolMember;
    const seller = people.sellers[i % sellerCount] as PoolMember;
    const staff = people.staff[i % staffCount] as PoolMember;
    const { id } = await post('start', buyer, '', { listingId: listing.id });
    const reais = `${Math.floor(listing.priceCents / 100)},${String(listing.priceCents % 100).padStart(2, '0')}`;
    // The agreed amount (the listing's price): a different one would only be a proposal to the buyer.
    await post('value', seller, `/${id}/value`, { amount: reais });
    await post('payment', staff, `/${id}/payment`, { endToEndId: nextE2E() });
    await post('delivery', seller, `/${id}/delivery`, {
      note: 'Item entregue por troca no jogo',
      credentials: 'código de resgate: 7KXQ-4M2P-9RTA',
    });
    // The room says 'awaiting_release' (the payout is due); the buyer's room shows no payout (the seller's key).
    await post('confirm', buyer, `/${id}/delivery/confirm`, {});
    await post('release', staff, `/${id}/release`, { endToEndId: nextE2E() });
  }

  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: Math.min(concurrency, N) }, async () => {
      while (next < N) {
        const i = next++;
        await oneTrade(i).catch((error: Error) => failures.push(`trade ${i}: ${error.message}`));
      }
    }),
  );
  return { seconds: (performance.now() - started) / 1000, times, failures };
}

/** After the server stopped: the ledger's reconciliation and what N completed trades must have left. */
async function verify(databaseUrl: string, pgliteDir: string) {
  const database = await openDatabase({ url: databaseUrl || undefined, pgliteDir });
  try {
    const { db } = database;
    const reconciliation = await createLedger(db).reconcile();
    const count = async (query: ReturnType<typeof sql>) =>
      Number((await queryRows<{ n: string | number }>(db, query))[0]?.n ?? 0);
    const completed = await count(sql`select count(*) as n from trades where state = 'completed'`);
    const trades = await count(sql`select count(*) as n from trades`);
    const movements = await count(sql`select count(*) as n from ledger_transactions`);
    const sold = await count(sql`select count(*) as n from listings where status = 'sold' and quantity = 0`);
    const escrow = await createLedger(db).balanceOf(platformAccounts.escrow);
    const problems = [...reconciliation.problems];
    if (trades !== N || completed !== N)
      problems.push(`${completed} of ${trades} trades completed, expected ${N}`);
    if (movements !== 3 * N) problems.push(`${movements} ledger transactions, expected ${3 * N}`);
    if (sold !== N) problems.push(`${sold} listings sold, expected ${N}`);
    if (escrow !== 0) problems.push(`escrow holds ${escrow} cents, expected 0`);
    return { figures: reconciliation.figures, problems, completed, movements, sold };
  } finally {
    await database.close();
  }
}

if (args['skip-build'] !== 'true') execSync('npm run -s build', { cwd: root, stdio: 'inherit' });
console.log(
  `${new Date().toISOString().slice(0, 10)}, ${availableParallelism()} cores (${cpus()[0]?.model.trim()}), ` +
    `${(totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.versions.node}; N=${N}, concurrency ${concurrency}; ` +
    `${buyerCount} buyers, ${sellerCount} sellers, ${staffCount} staff`,
);

let failed = false;
for (const kind of dbKinds) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mg-bench-trades-'));
  const fresh = await freshDatabase(kind);
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: origin,
    DATA_DIR: dataDir,
    DATABASE_URL: fresh.url,
    // The pool's sessions are signed before the server starts: both must use this secret.
    SESSION_SECRET: randomBytes(32).toString('base64url'),
    // PostgreSQL refuses to start without it (decision 025).
    DELIVERY_SECRET: randomBytes(32).toString('base64url'),
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    ...(profileDir && {
      MG_TRACE_DIR: profileDir,
      NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${profileDir} --import=${path.join(import.meta.dirname, 'support/trace-queries.mjs')}`,
    }),
  };
  try {
    const people = await prepare(env);
    const stop = await startServer(env, `http://127.0.0.1:${port}`);
    let run: Awaited<ReturnType<typeof drive>>;
    const load = loadavg()[0] as number;
    try {
      run = await drive(`http://127.0.0.1:${port}`, origin, people);
    } finally {
      await stop();
    }
    const requests = steps.reduce((n, s) => n + run.times[s].length, 0);
    const transitions = steps.filter((s) => s !== 'start').reduce((n, s) => n + run.times[s].length, 0);
    console.log(
      `\n${kind === 'pglite' ? 'PGlite' : 'PostgreSQL'}: ${N} trades in ${run.seconds.toFixed(1)} s ` +
        `(load average ${load.toFixed(1)} → ${(loadavg()[0] as number).toFixed(1)}): ` +
        `${(requests / run.seconds).toFixed(1)} requests/s, ${(transitions / run.seconds).toFixed(1)} transitions/s, ` +
        `${(N / run.seconds).toFixed(1)} whole trades/s`,
    );
    console.log('  step       p50 ms   p99 ms   max ms');
    for (const s of steps) {
      const sorted = [...run.times[s]].sort((a, b) => a - b);
      console.log(
        `  ${s.padEnd(9)} ${percentile(sorted, 50).toFixed(0).padStart(7)} ${percentile(sorted, 99).toFixed(0).padStart(8)} ${(sorted.at(-1) ?? 0).toFixed(0).padStart(8)}`,
      );
    }
    for (const f of run.failures.slice(0, 10)) console.log(`  FAILED ${f}`);
    const check = await verify(fresh.url, loadConfig(env).pgliteDir);
    console.log(
      `  invariants: ${check.problems.length === 0 ? 'hold' : 'BROKEN'} — ${check.completed} completed, ` +
        `${check.movements} ledger transactions, ${check.sold} listings sold; ` +
        `cash ${check.figures.cash}, escrow ${check.figures.escrow}, fee revenue ${check.figures.feeRevenue} ` +
        `(expected ${check.figures.expectedFeeRevenue}), payables ${check.figures.payables} cents`,
    );
    for (const p of check.problems) console.log(`  PROBLEM ${p}`);
    if (check.problems.length > 0 || run.failures.length > 0) failed = true;
  } finally {
    await fresh.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
if (failed) process.exitCode = 1;
