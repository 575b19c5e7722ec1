/**
 * What a Prometheus scrape of GET /metrics costs: the app over the seeded demo data (PGlite and PostgreSQL), a
 * warm-up, then `--scrapes` scrapes one after another through `inject`; prints the median and p95 of the whole
 * scrape. `--trades=N` first adds N paid and released trades (two ledger movements each) beside the demo's, to show
 * how the scrape-time gauges (trades by state, the escrow's balance) grow with the data.
 *
 * Run: npm run bench:metrics -- [--scrapes=200] [--trades=0] [--dbs=pglite,postgres]
 *        [--pg=postgres://postgres@127.0.0.1:5432]
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { platformAccounts } from '@shared/ledger';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { type Database, type Db, openDatabase, queryRows } from '../src/server/db/client';
import { seedDemoData } from '../src/server/demo/seed';
import { createStorage } from '../src/server/storage';

const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [key, value] = a.replace(/^--/, '').split('=');
    return [key, value ?? 'true'];
  }),
);
const scrapes = Number(args.scrapes ?? 200);
const extraTrades = Number(args.trades ?? 0);
const dbKinds = (args.dbs ?? 'pglite,postgres').split(',') as Database['kind'][];
const pgAdminUrl = args.pg ?? 'postgres://postgres@127.0.0.1:5432';
const TOKEN = 'bench-metrics-token-0123456789';

/** N completed trades of one demo listing, each paid (cash → escrow) and released (escrow → payable + fee). */
async function addTrades(db: Db, n: number) {
  const [listing] = await queryRows<{ id: number; seller_id: string; buyer_id: string }>(
    db,
    sql`select l.id, l.seller_id, (select id from users where id <> l.seller_id limit 1) as buyer_id
        from listings l limit 1`,
  );
  if (!listing) throw new Error('no demo listing');
  const payable = `user:${listing.seller_id}:payable`;
  await db.transaction(async (tx) => {
    await tx.execute(sql`insert into ledger_accounts (code, kind, user_id) values
      (${platformAccounts.cash}, 'asset', null), (${platformAccounts.escrow}, 'liability', null),
      (${platformAccounts.feeRevenue}, 'revenue', null), (${payable}, 'liability', ${listing.seller_id})
      on conflict (code) do nothing`);
    await tx.execute(sql`
      with t as (
        insert into trades (listing_id, listing_title, listing_kind, seller_id, buyer_id, amount_cents, state)
        select ${listing.id}, 'Bench', 'items', ${listing.seller_id}, ${listing.buyer_id}, 1000, 'completed'
        from generate_series(1, ${n}) returning id
      ), moves as (
        insert into ledger_transactions (idempotency_key, kind, trade_id, description)
        select 'trade:' || t.id || ':' || k, k::ledger_transaction_kind, t.id, 'bench'
        from t cross join unnest(array['payment', 'release']) as k returning id, kind
      )
      insert into ledger_entries (transaction_id, account_id, amount_cents)
      select moves.id, a.id, e.amount from moves
      join (values ('payment', ${platformAccounts.cash}, 1000), ('payment', ${platformAccounts.escrow}, -1000),
                   ('release', ${platformAccounts.escrow}, 1000), ('release', ${payable}, -950),
                   ('release', ${platformAccounts.feeRevenue}, -50)) as e(kind, code, amount)
        on e.kind = moves.kind::text
      join ledger_accounts a on a.code = e.code`);
  });
}

async function freshPostgres() {
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
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

async function measure(kind: Database['kind']) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mg-bench-metrics-'));
  const postgres = kind === 'postgres' ? await freshPostgres() : null;
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    METRICS_TOKEN: TOKEN,
    ...(postgres && { DATABASE_URL: postgres.url }),
  });
  const database = await openDatabase({ url: config.databaseUrl, pgliteDir: config.pgliteDir });
  try {
    await database.migrate();
    const storage = createStorage(config.media);
    await seedDemoData(database.db, config, storage);
    if (extraTrades > 0) await addTrades(database.db, extraTrades);
    await database.db.execute(sql`analyze`);
    const app = await buildApp(config, { database, storage, logger: false, indexHtml: null });
    await app.ready();
    const scrape = () =>
      app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    for (let i = 0; i < 20; i++) await scrape();
    const times: number[] = [];
    let bytes = 0;
    for (let i = 0; i < scrapes; i++) {
      const started = performance.now();
      const res = await scrape();
      times.push(performance.now() - started);
      if (res.statusCode !== 200) throw new Error(`scrape answered ${res.statusCode}`);
      bytes = res.body.length;
    }
    await app.close();
    times.sort((a, b) => a - b);
    const at = (q: number) =>
      (times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0).toFixed(2);
    const [trades] = await queryRows<{ n: number | string }>(
      database.db,
      sql`select count(*) as n from trades`,
    );
    console.log(
      `${kind}: ${Number(trades?.n)} trades, ${scrapes} scrapes: median ${at(0.5)} ms, p95 ${at(0.95)} ms, ` +
        `${(bytes / 1024).toFixed(1)} KiB of text`,
    );
  } finally {
    await database.close();
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

for (const kind of dbKinds) await measure(kind);
