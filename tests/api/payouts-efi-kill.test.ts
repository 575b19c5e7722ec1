import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { type Database, openDatabase } from '../../src/server/db/client';
import { ledgerTransactions, payoutIdentities, payouts } from '../../src/server/db/schema';
import { createLedger } from '../../src/server/modules/ledger/service';
import { createStaff } from '../factories/accounts';
import { createGames } from '../factories/listings';
import { type EfiSendMock, efiEnvFor, startEfiSendMock } from '../helpers/efi-send-mock';
import { signIn } from '../helpers/http';
import { buildServer } from '../helpers/server-bundle';
import type { TestApp } from '../helpers/test-app';
import { tradeThroughRoutes } from '../helpers/trade-routes';

/**
 * A kill -9 between Efí's acceptance of a send and its booking: the production bundle (plain node) sends a due
 * payout, Efí makes it and the answer never comes back (the stand-in holds the connection), the process is killed.
 * After a restart the sender's read-back finds the send by its id and books it once; nothing is sent twice.
 * PGlite (one process owns DATA_DIR; the data lock lets a new start in after a kill -9).
 */
const root = path.resolve(import.meta.dirname, '../..');
const SECRET = 'segredo-do-webhook-de-repasses';
const dataDir = mkdtempSync(path.join(tmpdir(), 'mg-efi-kill-'));
const server = buildServer();
const started: ChildProcess[] = [];
let psp: EfiSendMock;

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });

function start() {
  const child = spawn(process.execPath, [server.entry], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      DATABASE_URL: '',
      PAYOUT_SWEEP_SECONDS: '1',
      PAYOUT_READ_BACK_SECONDS: '1',
      PAYOUT_HOLD_FIRST_SALES: '0',
      PAYOUT_HOLD_ABOVE_CENTS: '0',
      ...efiEnvFor(psp, SECRET),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  return { child, output: () => output };
}

const until = async (check: () => boolean, ms: number, what: string, output?: () => string) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}\n${output?.() ?? ''}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

/** The bundle's database, opened by the test while no server runs. */
async function withDatabase<T>(fn: (database: Database) => Promise<T>): Promise<T> {
  const config = loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  const database = await openDatabase({ pgliteDir: config.pgliteDir });
  try {
    return await fn(database);
  } finally {
    await database.close();
  }
}

let tradeId = 0;
let pspId = '';

beforeAll(async () => {
  psp = await startEfiSendMock();
  // A due payout, made through the routes by an app over the bundle's data folder, before any server owns it.
  const config = loadConfig({
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://localhost:3000',
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_MAX: '1000',
  });
  const database = await openDatabase({ pgliteDir: config.pgliteDir });
  await database.migrate();
  const app = await buildApp(config, { database, logger: false, indexHtml: null });
  await app.ready();
  const t = { app, db: database.db, database, config } as unknown as TestApp;
  const gameId = Object.values(await createGames(database.db))[0] as number;
  const adm = await createStaff(database.db, 'admin');
  const admin = await signIn(app, adm.email, adm.password);
  const trade = await tradeThroughRoutes(t, { adminCookie: admin, gameId, until: 'awaiting_release' });
  await database.db.insert(payoutIdentities).values({
    userId: trade.seller.id,
    fullName: 'Vendedora de Teste',
    documentKind: 'cpf',
    document: '52998224725',
  });
  const [payout] = await database.db.select().from(payouts).where(eq(payouts.tradeId, trade.id));
  tradeId = trade.id;
  pspId = payout?.pspId ?? '';
  await app.close();
  await database.close();
}, 180_000);

afterAll(async () => {
  for (const child of started) {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited(child);
    }
  }
  await psp?.close();
  rmSync(dataDir, { recursive: true, force: true });
  server.remove();
});

describe('a kill -9 between the PSP accepting a send and its booking', () => {
  it('after a restart the send is read back by its id and booked once, never sent twice', async () => {
    expect(pspId).toMatch(/^[A-Za-z0-9]{1,35}$/);
    // Efí makes the send, then keeps the answer (and no webhook reaches anyone).
    psp.state.mode = 'timeoutAfterAccept';
    psp.state.hangMs = 120_000;
    psp.state.webhookMode = 'lost';
    const first = start();
    await until(() => psp.send(pspId) !== undefined, 120_000, 'the send at Efí', first.output);
    first.child.kill('SIGKILL');
    await exited(first.child);
    await until(() => psp.send(pspId)?.status === 'REALIZADO', 5000, 'Efí settling the send');

    const [killed] = await withDatabase((d) =>
      d.db.select().from(payouts).where(eq(payouts.tradeId, tradeId)),
    );
    expect(killed?.state).toBe('sending');

    psp.state.mode = 'success';
    psp.resetCalls();
    // The restart, as an app over the same data folder with the same settings, running the sender's sweep once
    // the read-back's time has come. (The production bundle restarted here waits up to the jobs' 15-minute expiry:
    // pg-boss's `stately` queue still counts the killed process's run as active. See the report.)
    await withDatabase(async (database) => {
      const config = loadConfig({
        DATA_DIR: dataDir,
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        PAYOUT_READ_BACK_SECONDS: '1',
        PAYOUT_HOLD_FIRST_SALES: '0',
        PAYOUT_HOLD_ABOVE_CENTS: '0',
        ...efiEnvFor(psp, SECRET),
      });
      const restarted = await buildApp(config, { database, logger: false, indexHtml: null });
      await restarted.ready();
      try {
        await restarted.payoutSender.sweep();
      } finally {
        await restarted.close();
      }
    });
    expect(psp.calls.get).toBeGreaterThan(0);

    await withDatabase(async ({ db }) => {
      const [paid] = await db.select().from(payouts).where(eq(payouts.tradeId, tradeId));
      expect(paid?.state).toBe('paid');
      expect(paid?.endToEndId).toBe(psp.send(pspId)?.endToEndId);
      const bookings = await db
        .select()
        .from(ledgerTransactions)
        .where(and(eq(ledgerTransactions.tradeId, tradeId), eq(ledgerTransactions.kind, 'payout')));
      expect(bookings).toHaveLength(1);
      expect((await createLedger(db).reconcile()).problems).toEqual([]);
    });
    expect(psp.sends().filter((s) => s.idEnvio === pspId)).toHaveLength(1);
    expect(psp.calls.put).toBe(0);
  }, 240_000);
});
