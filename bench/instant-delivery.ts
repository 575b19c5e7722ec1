/**
 * Instant delivery (issue 37), in process over the real app (buildApp + inject, as the API tests drive it), on a
 * fresh PGlite and, with --pg, a throwaway PostgreSQL database:
 *  1. import of 1,000 codes (one POST, the per-line checks, sealing, the hashes, the insert), 5 times;
 *  2. payment confirmed → code delivered: the admin's POST /payment answered with the room `delivered`, and the
 *     buyer's live socket hearing the trade's events (payment_confirmed and code_delivered, one commit), p50/p95;
 *  3. the race: B buyers at once on a listing with S codes (start = reserve a code), its throughput.
 *
 * Run: npx tsx bench/instant-delivery.ts [--pg=postgres://postgres@127.0.0.1:5432] [--trades=100]
 *        [--buyers=500] [--stock=100]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { RealtimeMessage } from '@shared/realtime';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import type WebSocket from 'ws';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { games, listings } from '../src/server/db/schema';
import { gameCatalogue } from '../src/server/modules/games/catalogue';
import { createStaff, createUser } from '../tests/factories/accounts';
import { nextEndToEndId } from '../tests/helpers/e2e-id';
import { sessionCookie } from '../tests/helpers/sessions';

const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [key, value] = a.replace(/^--/, '').split('=');
    return [key, value ?? 'true'];
  }),
);
const TRADES = Number(args.trades ?? 100);
const BUYERS = Number(args.buyers ?? 500);
const STOCK = Number(args.stock ?? 100);
const ORIGIN = 'http://localhost:3000';

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
};
const ms = (x: number) => `${x.toFixed(0)} ms`;

async function run(kind: 'pglite' | 'postgres') {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mg-bench-instant-'));
  let dropDb: (() => Promise<void>) | null = null;
  let url: string | undefined;
  if (kind === 'postgres') {
    const name = `bench_instant_${Date.now()}`;
    const admin = new pg.Client({ connectionString: `${args.pg}/postgres` });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    url = `${args.pg}/${name}`;
    dropDb = async () => {
      const c = new pg.Client({ connectionString: `${args.pg}/postgres` });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  }
  const config = loadConfig({
    DATA_DIR: dataDir,
    PUBLIC_URL: ORIGIN,
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    RATE_LIMIT_MAX: '100000',
  });
  const database = await openDatabase({ url, pgliteDir: 'memory://' });
  await database.migrate();
  const app = await buildApp(config, { database, logger: false, indexHtml: null });
  await app.ready();
  const db = database.db;
  const t = { config, db };
  const inject = (method: 'GET' | 'POST', u: string, cookie: string, payload?: object) =>
    app.inject({ method, url: u, headers: { origin: ORIGIN, cookie }, ...(payload && { payload }) });
  const [game] = await db
    .insert(games)
    .values(gameCatalogue.slice(0, 1).map((g) => ({ ...g, sortOrder: 0 })))
    .returning({ id: games.id });
  const adminUser = await createStaff(db, 'admin');
  const adminCookie = await sessionCookie(t, adminUser.id);

  async function instantListing(sellerId: string) {
    const [row] = await db
      .insert(listings)
      .values({
        gameId: game?.id as number,
        sellerId,
        title: `Gift card ${Math.random().toString(36).slice(2, 8)}`,
        description: 'Gift card de teste.',
        shortDescription: 'Gift card de teste.',
        priceCents: 2500,
        kind: 'items',
        whatsapp: '5511987654321',
        instantDelivery: true,
        quantity: 0,
        status: 'paused',
        pausedReason: 'sem_codigos',
      })
      .returning({ id: listings.id });
    return row?.id as number;
  }
  const codes = (n: number, tag: string) =>
    Array.from(
      { length: n },
      (_, i) => `${tag}-${i}-${Math.random().toString(36).slice(2, 12).toUpperCase()}`,
    );

  // 1. Import of 1,000 codes.
  const seller = await createUser(db);
  const sellerCookie = await sessionCookie(t, seller.id);
  const imports: number[] = [];
  for (let i = 0; i < 5; i++) {
    const id = await instantListing(seller.id);
    const start = performance.now();
    const res = await inject('POST', `/api/listings/${id}/codes/import`, sellerCookie, {
      text: codes(1000, `IMP${i}`).join('\n'),
      allOrNothing: true,
    });
    imports.push(performance.now() - start);
    if (res.json().imported !== 1000) throw new Error(res.body);
  }

  // 2. Payment confirmed → code delivered (the answer, and the buyer's socket hearing it).
  const deliverySeller = await createUser(db);
  const listingId = await instantListing(deliverySeller.id);
  await inject('POST', `/api/listings/${listingId}/codes/import`, await sessionCookie(t, deliverySeller.id), {
    text: codes(TRADES, 'DLV').join('\n'),
    allOrNothing: true,
  });
  const answered: number[] = [];
  const heard: number[] = [];
  for (let i = 0; i < TRADES; i++) {
    const buyer = await createUser(db);
    const cookie = await sessionCookie(t, buyer.id);
    const started = await inject('POST', '/api/trades', cookie, { listingId });
    const tradeId = (started.json() as { id: number }).id;
    const events: RealtimeMessage[] = [];
    let onEvent = () => {};
    const ws = (await app.injectWS(
      '/ws',
      { headers: { origin: ORIGIN, cookie } } as never,
      {
        onInit: (socket: WebSocket) =>
          socket.on('message', (data) => {
            const m = JSON.parse(String(data)) as RealtimeMessage;
            if (m.type === 'trade' && m.tradeId === tradeId) {
              events.push(m);
              onEvent();
            }
          }),
      } as never,
    )) as WebSocket;
    await new Promise((r) => setTimeout(r, 20));
    events.length = 0;
    const start = performance.now();
    const live = new Promise<number>((resolve) => {
      onEvent = () => {
        if (events.length >= 2) resolve(performance.now() - start);
      };
    });
    const paid = await inject('POST', `/api/trades/${tradeId}/payment`, adminCookie, {
      endToEndId: nextEndToEndId(),
    });
    answered.push(performance.now() - start);
    if (paid.json().state !== 'delivered') throw new Error(paid.body);
    heard.push(
      await Promise.race([live, new Promise<number>((r) => setTimeout(() => r(Number.NaN), 10_000))]),
    );
    ws.terminate();
  }

  // 3. The race: BUYERS at once on STOCK codes.
  const raceSeller = await createUser(db);
  const raceListing = await instantListing(raceSeller.id);
  await inject('POST', `/api/listings/${raceListing}/codes/import`, await sessionCookie(t, raceSeller.id), {
    text: codes(STOCK, 'RACE').join('\n'),
    allOrNothing: true,
  });
  const buyers = await Promise.all(Array.from({ length: BUYERS }, () => createUser(db)));
  const cookies = await Promise.all(buyers.map((b) => sessionCookie(t, b.id)));
  const raceStart = performance.now();
  const answers = await Promise.all(
    cookies.map((c) => inject('POST', '/api/trades', c, { listingId: raceListing })),
  );
  const raceMs = performance.now() - raceStart;
  const won = answers.filter((r) => r.statusCode === 201).length;
  const soldOut = answers.filter((r) => r.statusCode === 409).length;
  const [after] = await db.select().from(listings).where(eq(listings.id, raceListing));

  console.log(
    `\n## ${kind} (load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')})`,
  );
  console.log(`import of 1,000 codes: median ${ms(pct(imports, 50))} (${imports.map(ms).join(', ')})`);
  console.log(
    `payment → delivered (answer), ${TRADES} trades: p50 ${ms(pct(answered, 50))}, p95 ${ms(pct(answered, 95))}`,
  );
  const heardOk = heard.filter((x) => !Number.isNaN(x));
  console.log(
    `payment → buyer's socket hears code_delivered: p50 ${ms(pct(heardOk, 50))}, p95 ${ms(pct(heardOk, 95))} (${heard.length - heardOk.length} not heard in 10 s)`,
  );
  console.log(
    `race: ${BUYERS} buyers on ${STOCK} codes in ${ms(raceMs)} (${((BUYERS / raceMs) * 1000).toFixed(0)} starts/s): ${won} got a code, ${soldOut} 'Estoque esgotado', listing ${after?.status} with ${after?.quantity} left`,
  );
  await app.close();
  await database.close();
  await dropDb?.();
  rmSync(dataDir, { recursive: true, force: true });
}

await run('pglite');
if (args.pg) await run('postgres');
process.exit(0);
