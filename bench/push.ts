/**
 * Web Push (issue 38), end to end: an event (a notification written in its transaction, as every service writes
 * one) → the push accepted by the stand-in push service (tests/helpers/push-service-mock.ts: VAPID checked, payload
 * decrypted). The app runs its jobs as `npm start` does (the 5 s sweep, the wake on each notification, the `push`
 * payload job), over a fresh database; `--events` events, one every `--gap` ms, each for a member with `--devices`
 * subscribed devices. Prints p50, p95 and the worst of the time from the event's commit to each push's acceptance,
 * and the same with the wake turned off (`--no-wake` in the run, the 5 s period alone: what a lost wake costs).
 *
 * Run: npm run bench:push -- [--events=100] [--gap=100] [--devices=2] [--dbs=pglite,postgres]
 *        [--pg=postgres://postgres@127.0.0.1:5432]
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { type Database, openDatabase } from '../src/server/db/client';
import { pushSubscriptions, users } from '../src/server/db/schema';
import { notify } from '../src/server/modules/notifications/service';
import { startPushServiceMock } from '../tests/helpers/push-service-mock';

const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [key, value] = a.replace(/^--/, '').split('=');
    return [key, value ?? 'true'];
  }),
);
const events = Number(args.events ?? 100);
const gapMs = Number(args.gap ?? 100);
const devices = Number(args.devices ?? 2);
const dbKinds = (args.dbs ?? 'pglite,postgres').split(',') as Database['kind'][];
const pgAdminUrl = args.pg ?? 'postgres://postgres@127.0.0.1:5432';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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

async function measure(kind: Database['kind'], wake: boolean) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mg-bench-push-'));
  const postgres = kind === 'postgres' ? await freshPostgres() : null;
  const service = await startPushServiceMock();
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PUSH_SERVICE_HOSTS: service.host,
    ...(postgres && { DATABASE_URL: postgres.url, DELIVERY_SECRET: randomBytes(32).toString('base64url') }),
  });
  const database = await openDatabase({ url: config.databaseUrl, pgliteDir: 'memory://' });
  try {
    await database.migrate();
    const app = await buildApp(config, { database, logger: false, indexHtml: null });
    await app.ready();
    // As main.ts: the periodic jobs run (the sweep every 5 s). Without the wake, only the period queues pushes.
    if (!wake) app.jobs.trigger = async () => {};
    await app.jobs.start();
    const publicKey = (
      (await app.inject({ method: 'GET', url: '/api/push/key' })).json() as { publicKey: string }
    ).publicKey;
    const memberId = `bench-${randomBytes(4).toString('hex')}`;
    await database.db.insert(users).values({
      id: memberId,
      name: memberId,
      email: `${memberId}@exemplo.com.br`,
      emailVerified: true,
    });
    for (let d = 0; d < devices; d++) {
      const sub = service.subscribe(publicKey);
      await database.db.insert(pushSubscriptions).values({
        userId: memberId,
        endpoint: sub.endpoint,
        p256dh: sub.json.keys.p256dh,
        auth: sub.json.keys.auth,
        device: 'Bench',
      });
    }
    const committed = new Map<string, number>();
    for (let n = 0; n < events; n++) {
      const title = `Evento ${n}`;
      await database.db.transaction((tx) =>
        notify(tx, {
          userId: memberId,
          kind: 'payment_confirmed',
          title,
          body: 'x',
          link: `/intermediacao/${n}`,
        }),
      );
      committed.set(title, Date.now());
      await sleep(gapMs);
    }
    const expected = events * devices;
    const deadline = Date.now() + 120_000;
    while (service.accepted().length < expected && Date.now() < deadline) await sleep(50);
    const latencies = service
      .accepted()
      .map((push) => push.at - (committed.get((push.payload as { title: string }).title) ?? push.at))
      .sort((a, b) => a - b);
    const at = (q: number) =>
      latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
    console.log(
      `${kind}, ${wake ? 'wake + 5 s period' : '5 s period only'}: ${latencies.length}/${expected} pushes accepted, ` +
        `event → accepted p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${latencies.at(-1) ?? 0} ms; ` +
        `protocol violations ${service.violations.length}`,
    );
    await app.close();
  } finally {
    await database.close();
    await service.close();
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

for (const kind of dbKinds) {
  await measure(kind, true);
  await measure(kind, false);
}
