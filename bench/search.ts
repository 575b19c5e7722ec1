/**
 * Search under load: for N listings on a throwaway PGlite and PostgreSQL database, the throughput and latency
 *  - of the API (GET /api/listings through the real app, driven by autocannon in its own process), and
 *  - of the floor: the same searchListings() called in-process at the same concurrency.
 * Seeding is plain SQL (INSERT … SELECT generate_series over realistic words); the search trigger runs per row.
 *
 * Queries slower than --explain-ms alone at the largest N get their EXPLAIN ANALYZE printed.
 *
 * Run: npm run bench:search -- [--sizes=10000,100000] [--dbs=pglite,postgres] [--seconds=8]
 *        [--concurrency=16] [--pglite-concurrency=4] [--pg=postgres://postgres@127.0.0.1:5432] [--explain-ms=20]
 *        [--keep] (PostgreSQL: leave the database to experiment on; drop it yourself)
 *        [--only=rating,recent] (the queries whose name contains one of these words)
 *
 * 35 of the 50 sellers have 20 completed sales each with a published buyer review (ratings 3–5, some sellers
 * tied), so 'Melhor avaliados' (sort=rating) orders through the stored seller figures (decision 024).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { availableParallelism, loadavg, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { listingSearchQuery } from '@shared/listings';
import { type SQLWrapper, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { type Database, type Db, openDatabase, queryRows } from '../src/server/db/client';
import { games } from '../src/server/db/schema';
import { demoListings } from '../src/server/demo/listings';
import { gameCatalogue } from '../src/server/modules/games/catalogue';
import { sellerShopOpenOf } from '../src/server/modules/listings/open-shop';
import { searchListings } from '../src/server/modules/listings/search';
import { pageByRating, sellerRatingScore } from '../src/server/modules/reviews/rating-sort';

const root = path.resolve(import.meta.dirname, '..');
const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [key, value] = a.replace(/^--/, '').split('=');
    return [key, value ?? 'true'];
  }),
);
const sizes = (args.sizes ?? '10000,100000').split(',').map(Number);
const dbKinds = (args.dbs ?? 'pglite,postgres').split(',') as Database['kind'][];
const seconds = Number(args.seconds ?? 8);
const concurrencyOf = {
  postgres: Number(args.concurrency ?? 16),
  pglite: Number(args['pglite-concurrency'] ?? 4),
};
const pgAdminUrl = args.pg ?? 'postgres://postgres@127.0.0.1:5432';
const explainMs = Number(args['explain-ms'] ?? 20);
/** Leaves the PostgreSQL database in place (and prints its URL) to try indexes or queries on it. */
const keep = args.keep === 'true';
const SELLERS = 50;
/** Sellers with reviews, and how many completed sales with a published buyer review each has. */
const RATED_SELLERS = 35;
const REVIEWS_EACH = 20;
const BUYERS = 20;
const only = args.only?.split(',');
const BATCH = 25_000;

/** What a visitor asks: a search with a typo, the plain feed, and a category page filtered by price. */
const allQueries: { name: string; params: Record<string, string> }[] = [
  { name: "q='conta valorat'", params: { q: 'conta valorat', sort: 'relevance', page: '1' } },
  { name: "q='conta' (common word)", params: { q: 'conta', page: '1' } },
  { name: 'recent, no filter', params: { sort: 'recent', page: '1' } },
  {
    name: 'game=cs2, R$ 50–500',
    params: { game: 'cs2', minPriceCents: '5000', maxPriceCents: '50000', page: '1' },
  },
  { name: "rating ('Melhor avaliados')", params: { sort: 'rating', page: '1' } },
  { name: 'rating, game=cs2', params: { sort: 'rating', game: 'cs2', page: '1' } },
];
const queries = allQueries.filter((q) => !only || only.some((word: string) => q.name.includes(word)));

// ── Seeding ──

const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;
const textArray = (items: string[]) => `(array[${items.map(lit).join(',')}]::text[])`;

const tags = [
  'entrega imediata',
  'promoção',
  'barato',
  'com garantia',
  'original',
  'full acesso',
  'envio rápido',
  'melhor preço',
  'oferta',
  'pronta entrega',
  'leia a descrição',
  'aceito proposta',
];
const extras = [
  'Atendo todos os dias até meia-noite.',
  'Aceito PIX e tenho várias avaliações positivas.',
  'Qualquer dúvida é só chamar no WhatsApp.',
  'Envio comprovante de tudo pelo chat.',
  'Vendedor com mais de 500 vendas no site.',
  'Negocio com intermediação se preferir.',
  'Faço desconto pra quem comprar mais de uma unidade.',
  'Respondo rápido, pode chamar sem medo.',
];
/** Three syllables make a made-up name per listing (skins, nicks): ~27k words, like a real dictionary. */
const syllables =
  'ka ro zu mi ta ne lo vi ra shi do ga pe lu xa bo ri fe no ju ke sa to vu me li gu da po te'.split(' ');

/** Runs statements one by one (PGlite's extended protocol takes one per call). */
async function exec(db: Db, ...statements: string[]) {
  for (const statement of statements) await db.execute(sql.raw(statement));
}

async function seed(db: Db, n: number) {
  await db.insert(games).values(gameCatalogue.map((g, i) => ({ ...g, sortOrder: (i + 1) * 10 })));
  await exec(
    db,
    `insert into users (id, name, email, email_verified)
       select 'bench-seller-' || s, 'Vendedor' || s, 'vendedor' || s || '@bench.local', true from generate_series(0, ${SELLERS - 1}) s`,
    `insert into profiles (id, username) select id, name from users;`,
  );
  const rows = demoListings.map(
    (l, i) =>
      `(${i + 1}, ${lit(l.title)}, ${lit(l.description)}, ${lit(l.kind)}::listing_kind, (select id from games where slug = ${lit(l.gameSlug)}), ${l.priceCents}, ${l.quantity})`,
  );
  await exec(
    db,
    `create table bench_base (i int primary key, title text, description text, kind listing_kind, game_id int, price int, quantity int)`,
    `insert into bench_base values ${rows.join(',\n')};`,
  );

  const started = performance.now();
  for (let from = 1; from <= n; from += BATCH) {
    const to = Math.min(n, from + BATCH - 1);
    const syl = textArray(syllables);
    await exec(
      db,
      `insert into listings (title, description, short_description, price_cents, quantity, kind, game_id, seller_id,
                             whatsapp, views, created_at, updated_at)
       select b.title || ' ' || initcap(${syl}[1 + (s.h / 23) % ${syllables.length}] || ${syl}[1 + (s.h / 691) % ${syllables.length}] || ${syl}[1 + (s.h / 20753) % ${syllables.length}])
                || ' ' || ${textArray(tags)}[1 + (s.h / 3) % ${tags.length}],
              b.description || ' ' || ${textArray(extras)}[1 + (s.h / 7) % ${extras.length}],
              left(b.description, 150),
              least(250000, greatest(500, b.price * (50 + (s.h / 11) % 101) / 100)),
              b.quantity, b.kind, b.game_id, 'bench-seller-' || (s.h / 13) % ${SELLERS}, '11987654321',
              (s.h / 17) % 800, t.at, t.at
       from (select g, (g::bigint * 2654435761) % 4294967296 as h from generate_series(${from}, ${to}) g) s
       join bench_base b on b.i = 1 + s.h % ${demoListings.length}
       cross join lateral (select now() - make_interval(mins => ((s.h / 19) % 259200)::int) as at) t`,
      `insert into listing_images (listing_id, position, is_primary, key, widths, width, height, alt)
         select id, 0, true, 'bench/' || id, '{320,640,1280}', 1280, 960, title from listings where id between ${from} and ${to};`,
    );
    process.stdout.write(`\r  seeded ${to.toLocaleString('pt-BR')} / ${n.toLocaleString('pt-BR')}`);
  }
  const insertMs = performance.now() - started;
  await exec(db, 'drop table bench_base');
  // Reviews: each of the first RATED_SELLERS sellers sold REVIEWS_EACH times (the triggers keep seller_stats).
  await exec(
    db,
    `insert into users (id, name, email, email_verified)
       select 'bench-buyer-' || b, 'Comprador' || b, 'comprador' || b || '@bench.local', true from generate_series(0, ${BUYERS - 1}) b`,
    `insert into profiles (id, username) select id, name from users where id like 'bench-buyer-%'`,
    `insert into trades (listing_id, listing_title, listing_kind, seller_id, buyer_id, amount_cents, state, released_at)
       select (select min(id) from listings l where l.seller_id = 'bench-seller-' || s), 'Produto', 'items',
              'bench-seller-' || s, 'bench-buyer-' || (s * 7 + k) % ${BUYERS}, 10000, 'completed', now() - interval '30 days'
       from generate_series(0, ${RATED_SELLERS - 1}) s cross join generate_series(1, ${REVIEWS_EACH}) k`,
    // Ratings 3–5 by seller and trade; sellers s and s + 7 get the same ones (ties between sellers).
    `insert into reviews (trade_id, author_id, subject_id, author_role, listing_id, rating, period_ends_at, published_at)
       select t.id, t.buyer_id, t.seller_id, 'buyer', t.listing_id,
              3 + ((substring(t.seller_id from 14)::int % 7) * 3 + t.id % 5) % 3,
              now() - interval '20 days', now() - interval '20 days'
       from trades t`,
  );
  const vacuumStarted = performance.now();
  // A real database gets there by autovacuum (PostgreSQL) or must be told (PGlite runs no autovacuum).
  await exec(db, 'vacuum analyze');
  const vacuumMs = performance.now() - vacuumStarted;
  const [counted] = await queryRows<{ words: number }>(
    db,
    sql`select count(*)::int as words from search_words`,
  );
  process.stdout.write('\n');
  return { insertMs, vacuumMs, words: counted?.words ?? 0 };
}

// ── Measuring ──

interface Figures {
  rps: number;
  p50: number;
  p99: number;
}

/** Median of a few calls one after another: the cost of one search with nothing else running. */
async function measureAlone(db: Db, query: ReturnType<typeof listingSearchQuery.parse>) {
  const latencies: number[] = [];
  for (let i = 0; i < 7; i++) {
    const t = performance.now();
    await searchListings(db, query);
    latencies.push(performance.now() - t);
  }
  return latencies.sort((a, b) => a - b)[3]!;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

/** The floor: searchListings() in a loop by `concurrency` callers for `seconds`. */
async function measureFloor(
  db: Db,
  query: ReturnType<typeof listingSearchQuery.parse>,
  concurrency: number,
  s: number,
) {
  const latencies: number[] = [];
  const start = performance.now();
  const end = start + s * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        const t = performance.now();
        await searchListings(db, query);
        latencies.push(performance.now() - t);
      }
    }),
  );
  // Calls started before the end still finish: count them over the time they really took.
  const elapsed = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    rps: latencies.length / elapsed,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
  };
}

/** The API, loaded by autocannon in a child process (so the load generator does not share our event loop). */
function autocannon(url: string, concurrency: number, s: number): Promise<Figures> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        path.join(root, 'node_modules/autocannon/autocannon.js'),
        '-c',
        String(concurrency),
        '-d',
        String(s),
        '-j',
        '-n',
        // Slow queries queue up at high N: wait for them rather than count errors.
        '-t',
        '120',
        url,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited with ${code}`));
      const r = JSON.parse(out);
      if (r.non2xx || r.errors) return reject(new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`));
      resolve({ rps: r.requests.total / r.duration, p50: r.latency.p50, p99: r.latency.p99 });
    });
  });
}

/** EXPLAIN ANALYZE of every statement searchListings issues, through a second Drizzle that records them. */
async function explain(database: Database, query: ReturnType<typeof listingSearchQuery.parse>) {
  const recorded: { text: string; params: unknown[] }[] = [];
  const logger = { logQuery: (text: string, params: unknown[]) => recorded.push({ text, params }) };
  // biome-ignore lint/suspicious/noExplicitAny: the driver's client, which both drivers expose as $client
  const client = (database.db as any).$client as {
    query(text: string, params: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  };
  const recorder = (database.kind === 'postgres'
    ? drizzlePg(client as unknown as pg.Pool, { logger })
    : drizzlePglite(client as never, { logger })) as unknown as Db;
  await searchListings(recorder, query);
  const plans: string[] = [];
  for (const { text, params } of recorded) {
    const { rows } = await client.query(`explain (analyze, buffers) ${text}`, params);
    plans.push(
      `${text.length > 240 ? `${text.slice(0, 240)}…` : text}\n  params: ${JSON.stringify(params)}\n${rows.map((r) => `    ${Object.values(r)[0]}`).join('\n')}`,
    );
  }
  return plans.join('\n\n');
}

// ── One database ──

async function throwawayDatabase(kind: Database['kind']) {
  const dir = mkdtempSync(path.join(tmpdir(), 'mg-bench-'));
  if (kind === 'pglite') {
    const database = await openDatabase({ pgliteDir: path.join(dir, 'pglite') });
    return { database, dir, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const name = `mg_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: `${pgAdminUrl}/postgres` });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const database = await openDatabase({ url: `${pgAdminUrl}/${name}`, pgliteDir: dir });
  return {
    database,
    dir,
    drop: async () => {
      if (keep) {
        console.log(`  kept: ${pgAdminUrl}/${name}`);
        await admin.end();
        return rmSync(dir, { recursive: true, force: true });
      }
      // The pool's sockets may still be closing: a forced drop now would hit them with an error event.
      for (let i = 0; i < 50; i++) {
        const { rows } = await admin.query(
          'select count(*)::int as n from pg_stat_activity where datname = $1',
          [name],
        );
        if (rows[0].n === 0) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Throwaway databases still open, dropped on Ctrl-C too. */
const pendingDrops = new Set<() => Promise<void>>();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    for (const drop of pendingDrops) await drop().catch(() => {});
    process.exit(130);
  });
}

/** One GET; retried once, as a kept-alive socket can meet the server's idle timeout after a long measure. */
async function firstPage(
  url: string,
): Promise<{ total: number; totalCapped: boolean; correctedQuery: string | null }> {
  try {
    return await (await fetch(url)).json();
  } catch {
    return (await fetch(url)).json();
  }
}

const rate = (v: number) => (v < 10 ? v.toFixed(1) : v.toFixed(0));
const ms = (v: number) => (v < 10 ? v.toFixed(1) : v.toFixed(0));
const results: string[] = [];
const seedings: string[] = [];
const ratingLines: string[] = [];

/**
 * 'Melhor avaliados' page 1, alone (median of 9): the old rule (each listing's seller scored by a correlated
 * aggregate over `reviews`) against the stored figures (decision 024), same data, same moment.
 */
async function compareRating(db: Db, kind: string, n: number) {
  const median = async (f: () => Promise<unknown>) => {
    const times: number[] = [];
    for (let i = 0; i < 9; i++) {
      const t = performance.now();
      await f();
      times.push(performance.now() - t);
    }
    return times.sort((a, b) => a - b)[4]!;
  };
  for (const [name, filter] of [
    ['no filter', sql`true`],
    ['game=cs2', sql`game_id = (select id from games where slug = 'cs2')`],
  ] as const) {
    const condition = sql`status = 'active' and ${filter}`;
    const old = () =>
      queryRows<{ id: number }>(
        db,
        sql`select id from listings where ${condition}
          order by ${sellerRatingScore} desc nulls last, created_at desc, id desc limit 12`,
      );
    const oldIds = (await old()).map((r) => Number(r.id));
    const match = {
      listings: condition,
      shopOpen: (sellerId: SQLWrapper) => sellerShopOpenOf(sellerId, new Date()),
    };
    const newIds = await pageByRating(db, match, 0, 12);
    const same = JSON.stringify(oldIds) === JSON.stringify(newIds);
    const line = `| ${kind} | ${n.toLocaleString('pt-BR')} | rating, ${name} | ${ms(await median(old))} | ${ms(await median(() => pageByRating(db, match, 0, 12)))} | ${same ? 'yes' : 'NO'} |`;
    console.log(line);
    ratingLines.push(line);
  }
}

async function run(kind: Database['kind'], n: number) {
  const concurrency = concurrencyOf[kind];
  const { database, dir, drop } = await throwawayDatabase(kind);
  pendingDrops.add(drop);
  try {
    await database.migrate();
    // Other work on the machine skews every figure: say how busy it was.
    console.log(
      `\n${kind}, ${n.toLocaleString('pt-BR')} listings (load average ${loadavg()[0]!.toFixed(1)})`,
    );
    const seeded = await seed(database.db, n);
    console.log(
      `  seeding: ${(seeded.insertMs / 1000).toFixed(1)} s (${Math.round(n / (seeded.insertMs / 1000)).toLocaleString('pt-BR')} rows/s), vacuum analyze ${(seeded.vacuumMs / 1000).toFixed(1)} s, ${seeded.words.toLocaleString('pt-BR')} search words`,
    );
    seedings.push(
      `| ${kind} | ${n.toLocaleString('pt-BR')} | ${(seeded.insertMs / 1000).toFixed(1)} s | ${Math.round(n / (seeded.insertMs / 1000)).toLocaleString('pt-BR')} | ${(seeded.vacuumMs / 1000).toFixed(1)} s | ${seeded.words.toLocaleString('pt-BR')} |`,
    );

    await compareRating(database.db, kind, n);

    const config = loadConfig({
      DATA_DIR: dir,
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      SESSION_SECRET: randomBytes(24).toString('hex'),
      PUBLIC_URL: 'http://localhost:3000',
    });
    const app = await buildApp(config, { database, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/listings`;
    try {
      for (const q of queries) {
        const url = `${base}?${new URLSearchParams(q.params)}`;
        const query = listingSearchQuery.parse(q.params);
        const page = await firstPage(url);
        const alone = await measureAlone(database.db, query);
        await autocannon(url, concurrency, 2);
        const api = await autocannon(url, concurrency, seconds);
        await measureFloor(database.db, query, concurrency, 2);
        const floor = await measureFloor(database.db, query, concurrency, seconds);
        const ratio = api.rps / floor.rps;
        const matches = `${page.total}${page.totalCapped ? '+' : ''}${page.correctedQuery ? ` (→ '${page.correctedQuery}')` : ''}`;
        // Past the run's end autocannon counts nothing: with no reply inside it there is no latency to show.
        const apiFigures = api.rps
          ? `${rate(api.rps)} | ${ms(api.p50)} | ${ms(api.p99)}`
          : `0 | > ${seconds * 1000} | > ${seconds * 1000}`;
        const line = `| ${kind} | ${n.toLocaleString('pt-BR')} | ${q.name} | ${matches} | ${ms(alone)} | ${apiFigures} | ${rate(floor.rps)} | ${ms(floor.p50)} | ${ms(floor.p99)} | ${Math.round(ratio * 100)} % |`;
        console.log(line);
        results.push(line);
        if (alone > explainMs && n === Math.max(...sizes)) {
          console.log(`\n  slow (${ms(alone)} ms alone): plans\n${await explain(database, query)}\n`);
        }
      }
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    await drop();
    pendingDrops.delete(drop);
  }
}

const header = [
  '| Database | N | Query | Matches | 1 call ms | API req/s | API p50 ms | API p99 ms | Floor ops/s | Floor p50 ms | Floor p99 ms | API / floor |',
  '|---|---|---|---|---|---|---|---|---|---|---|---|',
];
const seedingHeader = [
  '| Database | N | Insert (trigger per row) | Rows/s | Vacuum analyze | Search words |',
  '|---|---|---|---|---|---|',
];
console.log(
  `${new Date().toISOString().slice(0, 10)}, ${availableParallelism()} cores, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}; ` +
    `concurrency: PostgreSQL ${concurrencyOf.postgres} (pool of 10), PGlite ${concurrencyOf.pglite} (one connection); ${seconds} s per figure`,
);
for (const kind of dbKinds) for (const n of sizes) await run(kind, n);
const ratingHeader = [
  '| Database | N | Sort | Old rule ms (per-listing score) | Stored figures ms | Same 12 ids |',
  '|---|---|---|---|---|---|',
];
console.log(
  `\n${[...seedingHeader, ...seedings].join('\n')}\n\n${[...ratingHeader, ...ratingLines].join('\n')}\n\n${[...header, ...results].join('\n')}`,
);
