/**
 * Saved searches that alert (issue 38 part 3): what matching one listing event costs with 100k saved searches, the
 * load of 1,000 new listings an hour (one every 3.6 s). On a throwaway PostgreSQL database: 10,000 members, 100k
 * saved searches spread like real ones (a game for 90 %, a kind for 70 %, a price ceiling for half, words for 40 %,
 * 10 % paused), then N listings each published with its event and matched by the real matcher
 * (`createSavedSearchAlerts(...).matchEvent`), one after the other. Mails are counted, not queued (a pg-boss insert
 * each, the mail job's own cost): the figure is the matching itself, bell notifications included.
 *
 * Run: npx tsx bench/alerts.ts [--searches=100000] [--listings=1000] [--pg=postgres://postgres@127.0.0.1:5432]
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { type Db, openDatabase, queryRows } from '../src/server/db/client';
import { games } from '../src/server/db/schema';
import { gameCatalogue } from '../src/server/modules/games/catalogue';
import { createSavedSearchAlerts, recordListingEvent } from '../src/server/modules/saved-searches/matching';
import { createUnsubscribeTokens } from '../src/server/modules/saved-searches/unsubscribe';

const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [key, value] = a.replace(/^--/, '').split('=');
    return [key, value ?? 'true'];
  }),
);
const SEARCHES = Number(args.searches ?? 100_000);
const LISTINGS = Number(args.listings ?? 1_000);
const MEMBERS = 10_000;
const pgAdminUrl = args.pg ?? 'postgres://postgres@127.0.0.1:5432';
const words = [
  'conta',
  'skin',
  'imortal',
  'diamante',
  'ouro',
  'prata',
  'faca',
  'karambit',
  'dragao',
  'lendaria',
  'rara',
  'smurf',
  'ranqueada',
  'vbucks',
  'gemas',
  'moedas',
  'full',
  'acesso',
  'mitico',
  'elite',
  'passe',
  'battle',
  'bundle',
  'fade',
  'awp',
  'ak47',
  'glock',
  'vandal',
  'phantom',
  'operator',
  'reaver',
  'prime',
  'radiante',
  'mestre',
  'desafiante',
  'campeao',
  'heroi',
  'pet',
  'montaria',
  'arco',
];
const pick = `(array[${words.map((w) => `'${w}'`).join(',')}])[1 + floor(random() * ${words.length})::int]`;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

async function main() {
  const name = `mg_bench_alerts_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: `${pgAdminUrl}/postgres` });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const dir = mkdtempSync(path.join(tmpdir(), 'mg-bench-alerts-'));
  const database = await openDatabase({ url: `${pgAdminUrl}/${name}`, pgliteDir: dir });
  try {
    await database.migrate();
    const { db } = database;
    console.log(
      `PostgreSQL, ${SEARCHES.toLocaleString('pt-BR')} buscas salvas, ${LISTINGS} anúncios; load ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );

    // ── Seeding, plain SQL ──
    let t0 = performance.now();
    await db.insert(games).values(gameCatalogue.map((g, i) => ({ ...g, sortOrder: i })));
    await db.execute(
      sql.raw(`insert into users (id, name, email, email_verified)
      select 'u' || i, 'Membro ' || i, 'membro' || i || '@bench.local', true from generate_series(1, ${MEMBERS}) i`),
    );
    await db.execute(
      sql.raw(`insert into saved_searches (user_id, name, filters, game_id, kind, max_price_cents, query, paused)
      select 'u' || (1 + floor(random() * ${MEMBERS})::int), 'Alerta ' || i, '{}'::jsonb,
        case when random() < 0.9 then (select id from games order by random() + i * 0 limit 1) end,
        case when random() < 0.7 then (array['items','coins','accounts','skins','rare'])[1 + floor(random() * 5)::int]::listing_kind end,
        case when random() < 0.5 then (1000 + floor(random() * 50000))::int end,
        case when random() < 0.7 then to_tsquery('pt_unaccent', ${pick}) end,
        random() < 0.1
      from generate_series(1, ${SEARCHES}) i`),
    );
    await db.execute(sql`analyze`);
    console.log(`  semeado em ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    // ── Matching, statement by statement ──
    const pool = (db as unknown as { $client: pg.Pool }).$client;
    let statements = 0;
    const counted = drizzlePg(pool, {
      logger: {
        logQuery: () => {
          statements += 1;
        },
      },
    }) as unknown as Db;
    let mails = 0;
    const silent = { info() {}, warn() {}, error() {} } as unknown as FastifyBaseLogger;
    const alerts = createSavedSearchAlerts({
      db: counted,
      queueMail: async () => {
        mails += 1;
      },
      publicUrl: 'https://mercado.example',
      tokens: createUnsubscribeTokens('bench'),
      now: () => new Date(),
      log: silent,
    });
    const [{ minGame, maxGame }] = (await queryRows<{ minGame: number; maxGame: number }>(
      db,
      sql`select min(id) as "minGame", max(id) as "maxGame" from games`,
    )) as [{ minGame: number; maxGame: number }];

    const times: number[] = [];
    const perListing: number[] = [];
    const alertCounts: number[] = [];
    let sampleId = 0;
    t0 = performance.now();
    for (let i = 0; i < LISTINGS; i++) {
      const [listing] = await queryRows<{ id: number }>(
        db,
        sql.raw(`insert into listings (title, description, short_description, price_cents, kind, game_id, seller_id, whatsapp)
          select initcap(${pick}) || ' ' || ${pick} || ' ' || ${i}, 'Entrega rápida', 'Entrega rápida',
            (500 + floor(random() * 60000))::int,
            (array['items','coins','accounts','skins','rare'])[1 + floor(random() * 5)::int]::listing_kind,
            ${minGame} + floor(random() * ${maxGame - minGame + 1})::int, 'u' || (1 + floor(random() * ${MEMBERS})::int),
            '5511987654321'
          returning id`),
      );
      if (!listing) throw new Error('no listing');
      sampleId ||= listing.id;
      let eventId = 0;
      await db.transaction((tx) =>
        recordListingEvent(tx, listing.id, 'new', async (id) => {
          eventId = id;
        }),
      );
      statements = 0;
      const started = performance.now();
      alertCounts.push(await alerts.matchEvent(eventId));
      times.push(performance.now() - started);
      perListing.push(statements);
    }
    const wall = (performance.now() - t0) / 1000;
    const sorted = [...times].sort((a, b) => a - b);
    const sum = times.reduce((a, b) => a + b, 0);
    const sortedAlerts = [...alertCounts].sort((a, b) => a - b);
    console.log(
      `  por anúncio: p50 ${percentile(sorted, 0.5).toFixed(1)} ms, p95 ${percentile(sorted, 0.95).toFixed(1)} ms, máx ${sorted.at(-1)?.toFixed(1)} ms, média ${(sum / times.length).toFixed(1)} ms`,
    );
    console.log(
      `  SQL por anúncio: ${Math.min(...perListing)}–${Math.max(...perListing)} comandos (média ${(perListing.reduce((a, b) => a + b, 0) / perListing.length).toFixed(1)})`,
    );
    console.log(
      `  alertas por anúncio: p50 ${percentile(sortedAlerts, 0.5)}, p95 ${percentile(sortedAlerts, 0.95)}, máx ${sortedAlerts.at(-1)}; e-mails contados ${mails}`,
    );
    console.log(
      `  ${LISTINGS} anúncios casados em ${wall.toFixed(1)} s (com as inserções); 1.000/h = ${((sum / 1000 / 3600) * 100).toFixed(2)} % de uma conexão`,
    );

    // The match statement's plan for one more listing.
    const [plan] = await queryRows<{ id: number; game_id: number; kind: string; price_cents: number }>(
      db,
      sql`select id, game_id, kind, price_cents from listings where id = ${sampleId}`,
    );
    if (plan) {
      const { rows } = await pool.query(
        `explain (analyze, buffers) select s.id from listings l join saved_searches s
           on not s.paused and (s.game_id = l.game_id or s.game_id is null) and (s.kind = l.kind or s.kind is null)
           and (s.max_price_cents is null or s.max_price_cents >= l.price_cents)
           and (s.min_price_cents is null or s.min_price_cents <= l.price_cents)
           and (s.query is null or l.search @@ s.query) and s.user_id <> l.seller_id
         where l.id = $1`,
        [plan.id],
      );
      console.log(rows.map((r) => `    ${Object.values(r)[0]}`).join('\n'));
    }
  } finally {
    await database.close();
    await admin.query(`drop database ${name} with (force)`);
    await admin.end();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
