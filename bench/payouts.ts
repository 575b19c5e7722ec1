/**
 * Payouts (issue 36, decision 028): the payout sender against an in-process PSP that answers at once, on a
 * throwaway PGlite (in memory) and, with --pg, a throwaway PostgreSQL database.
 *
 * 1. Latency: `--latency` payouts become due one at a time, each followed by the run its trade step's wake asks for
 *    (`sweep()`); due → paid p50/p90 of that path, then the same with only the period (a run every
 *    PAYOUT_SWEEP_SECONDS, the due time uniform within it: p = period·q + the run's own time).
 * 2. Drain: `--drain` payouts due at once (1,000 by default), swept by two senders at the same time until none is
 *    left: the time, payouts per second, sends per PSP id (must be exactly 1 each: 0 duplicates), the ledger's
 *    reconciliation (must find nothing), and the SQL statements and their time per payout.
 *
 * Run: npx tsx bench/payouts.ts [--drain=1000] [--latency=200] [--dbs=pglite,postgres]
 *        [--pg=postgres://postgres@127.0.0.1:5432]
 */
import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { loadConfig } from '../src/server/config';
import { type Database, openDatabase } from '../src/server/db/client';
import { payouts, trades } from '../src/server/db/schema';
import { createLedger } from '../src/server/modules/ledger/service';
import type { PayoutProvider } from '../src/server/modules/payouts/provider';
import { createPayoutSender } from '../src/server/modules/payouts/sender';
import { payoutBecomesDue } from '../src/server/modules/trades/payout-due';
import { createUser } from '../tests/factories/accounts';
import { createTradeRow } from '../tests/factories/trades';

const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [key, value] = a.replace(/^--/, '').split('=');
    return [key, value ?? 'true'];
  }),
);
const drainCount = Number(args.drain ?? 1000);
const latencyCount = Number(args.latency ?? 200);
const dbKinds = (args.dbs ?? 'pglite').split(',') as Database['kind'][];
const pgAdminUrl = args.pg ?? 'postgres://postgres@127.0.0.1:5432';
const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/mg-bench-payouts' }).payout;

let e2eSequence = 0;
const e2e = () => {
  e2eSequence += 1;
  return `E99999999${new Date().toISOString().slice(0, 16).replace(/[-T:]/g, '')}b${e2eSequence.toString(36).padStart(10, '0')}`;
};

/** The PSP stand-in: pays every send at once, counts sends per id. */
function instantPsp() {
  const sends = new Map<string, number>();
  const provider: PayoutProvider = {
    kind: 'efi',
    automatic: true,
    async send(order) {
      sends.set(order.id, (sends.get(order.id) ?? 0) + 1);
      return { status: 'paid', endToEndId: e2e(), paidAt: new Date(), amountCents: order.amountCents };
    },
    read: async () => null,
    listSent: async () => [],
  };
  return { provider, sends };
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;

async function open(kind: Database['kind']) {
  if (kind === 'pglite') {
    const database = await openDatabase({ pgliteDir: 'memory://' });
    await database.migrate();
    return { database, drop: async () => {} };
  }
  const name = `mg_bench_payouts_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: `${pgAdminUrl}/postgres` });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const database = await openDatabase({ url: `${pgAdminUrl}/${name}`, pgliteDir: 'memory://' });
  await database.migrate();
  return {
    database,
    drop: async () => {
      await database.close();
      await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/**
 * `n` trades paid in the ledger and awaiting their release, their payouts due now (as the buyer's confirmation makes
 * them): one trade row as a template, the others written in one statement like it (no listing: nothing to stock).
 */
async function makeDue(database: Database, sellerId: string, buyerId: string, n: number): Promise<number[]> {
  const { db } = database;
  const ledger = createLedger(db);
  const template = await createTradeRow(db, { sellerId, buyerId, amountCents: 10_000 });
  const [row] = await db.select().from(trades).where(eq(trades.id, template.id));
  if (!row) throw new Error('no template trade');
  const { id: _id, ...columns } = row;
  return db.transaction(async (tx) => {
    const made = await tx
      .insert(trades)
      .values(
        Array.from({ length: n }, (_, i) => ({
          ...columns,
          listingId: null,
          amountCents: 10_000 + (i % 500),
          state: 'awaiting_release' as const,
          payoutDueAt: new Date(),
          payoutPixKey: 'email:vendedora@exemplo.com.br',
          payoutHolderName: 'Vendedora',
        })),
      )
      .returning();
    for (const trade of made) {
      await ledger.paymentConfirmed(tx, trade, e2e());
      await payoutBecomesDue(tx, trade, new Date());
    }
    return made.map((t) => t.id);
  });
}

async function benchOn(kind: Database['kind']) {
  const { database, drop } = await open(kind);
  const quiet = () => {};
  const log = { warn: quiet, info: quiet, error: quiet, debug: quiet } as unknown as FastifyBaseLogger;
  const identityOf = async () => ({
    name: 'Vendedora',
    document: { kind: 'cpf' as const, number: '52998224725' },
  });
  const seller = await createUser(database.db);
  const buyer = await createUser(database.db);
  const psp = instantPsp();
  const senderConfig = {
    ...config,
    holds: { firstSales: 0, firstSalesHours: 0, aboveCents: 0, aboveHours: 0 },
  };
  const sender = () =>
    createPayoutSender({
      db: database.db,
      provider: psp.provider,
      config: senderConfig,
      identityOf,
      now: () => new Date(),
      log,
    });
  const a = sender();
  const b = sender();

  console.log(`  ${kind}: migrated, measuring the latency…`);
  // 1. Latency: due → paid on the wake of the step that made it due.
  const latencies: number[] = [];
  for (let i = 0; i < latencyCount; i += 1) {
    const [id] = await makeDue(database, seller.id, buyer.id, 1);
    const started = performance.now();
    await a.sweep();
    latencies.push(performance.now() - started);
    const [p] = await database.db
      .select()
      .from(payouts)
      .where(eq(payouts.tradeId, id as number));
    if (p?.state !== 'paid') throw new Error(`payout of trade ${id} not paid: ${p?.state}`);
  }
  latencies.sort((x, y) => x - y);
  const run = { p50: quantile(latencies, 0.5), p90: quantile(latencies, 0.9) };
  const period = config.sweepSeconds * 1000;

  // 2. Drain: many due at once, two senders at the same time.
  console.log(`  ${kind}: latency measured, writing ${drainCount} due payouts…`);
  const made = await makeDue(database, seller.id, buyer.id, drainCount);
  console.log(`  ${kind}: draining…`);
  let statements = 0;
  let sqlMs = 0;
  const stop = database.observeQueries((seconds) => {
    statements += 1;
    sqlMs += seconds * 1000;
  });
  const started = performance.now();
  let runs = 0;
  for (;;) {
    runs += 1;
    const [x, y] = await Promise.all([a.sweep(), b.sweep()]);
    if (x.sent + y.sent === 0) break;
  }
  const drainMs = performance.now() - started;
  stop();
  const duplicates = made.filter((id) => {
    const sent = [...psp.sends.entries()].find(([k]) => k === `MGPAYOUT${String(id).padStart(12, '0')}`);
    return (sent?.[1] ?? 0) !== 1;
  }).length;
  const unpaid = (await database.db.select({ id: payouts.id }).from(payouts)).length - psp.sends.size;
  const problems = (await createLedger(database.db).reconcile()).problems;
  await drop();
  if (kind === 'pglite') await database.close();
  return {
    kind,
    latency: { ...run, count: latencyCount },
    withPeriodOnly: {
      p50: period * 0.5 + run.p50,
      p90: period * 0.9 + run.p90,
      periodSeconds: config.sweepSeconds,
    },
    drain: {
      count: drainCount,
      ms: drainMs,
      perSecond: (drainCount / drainMs) * 1000,
      runs,
      duplicates,
      unpaid,
      reconciliationProblems: problems.length,
      statementsPerPayout: statements / drainCount,
      sqlMsPerPayout: sqlMs / drainCount,
    },
  };
}

console.log(
  `payouts bench: drain ${drainCount}, latency ${latencyCount}; ${cpus().length} CPUs, load ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
for (const kind of dbKinds) {
  const r = await benchOn(kind);
  console.log(`\n${kind}`);
  console.log(
    `  due → paid on the wake: p50 ${r.latency.p50.toFixed(1)} ms, p90 ${r.latency.p90.toFixed(1)} ms (${r.latency.count} payouts)`,
  );
  console.log(
    `  due → paid by the period alone (${r.withPeriodOnly.periodSeconds} s): p50 ${(r.withPeriodOnly.p50 / 1000).toFixed(1)} s, p90 ${(r.withPeriodOnly.p90 / 1000).toFixed(1)} s`,
  );
  console.log(
    `  drain ${r.drain.count} by two senders: ${(r.drain.ms / 1000).toFixed(1)} s (${r.drain.perSecond.toFixed(0)}/s, ${r.drain.runs} rounds), duplicates ${r.drain.duplicates}, reconciliation problems ${r.drain.reconciliationProblems}`,
  );
  console.log(
    `  SQL per payout: ${r.drain.statementsPerPayout.toFixed(1)} statements, ${r.drain.sqlMsPerPayout.toFixed(2)} ms`,
  );
}
process.exit(0);
