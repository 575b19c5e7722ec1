/**
 * Payouts through Efí, due → paid: N payouts become due at random moments over a window, the sending job runs every
 * `PAYOUT_SWEEP_SECONDS` (only its period: the app also triggers it when a payout becomes due, which makes the real
 * figure lower), the Efí stand-in (tests/helpers/efi-send-mock.ts, over mTLS) settles each send after `--settle-ms`
 * and posts its webhook to the app, which reads the send back and books it. Prints p50/p90/max of due → paid (the
 * payout's `paid_at` − `due_at`, booked in the ledger), the number of sends per payout (must be 1) and the ledger's
 * reconciliation (must be clean). In-process app over in-memory PGlite.
 *
 * Run: npx tsx bench/payouts-efi.ts [--payouts=40] [--window=60] [--sweep=15] [--settle-ms=500]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { payoutIdentities, payouts } from '../src/server/db/schema';
import { createLedger } from '../src/server/modules/ledger/service';
import { createStaff } from '../tests/factories/accounts';
import { createGames } from '../tests/factories/listings';
import { efiEnvFor, startEfiSendMock } from '../tests/helpers/efi-send-mock';
import { signIn } from '../tests/helpers/http';
import type { TestApp } from '../tests/helpers/test-app';
import { tradeThroughRoutes } from '../tests/helpers/trade-routes';

const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k, v ?? 'true'];
  }),
);
const N = Number(args.payouts ?? 40);
const WINDOW_S = Number(args.window ?? 60);
const SWEEP_S = Number(args.sweep ?? 15);
const SETTLE_MS = Number(args['settle-ms'] ?? 500);
const SECRET = 'segredo-do-webhook-do-bench';

/** The n-th valid CPF (check digits computed): the payout identity's document is unique across accounts. */
function cpfOf(n: number): string {
  const base = String(100_000_000 + n)
    .slice(-9)
    .split('')
    .map(Number);
  const digit = (digits: number[]) => {
    const sum = digits.reduce((acc, d, i) => acc + d * (digits.length + 1 - i), 0);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  const first = digit(base);
  const second = digit([...base, first]);
  return [...base, first, second].join('');
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

async function main() {
  const psp = await startEfiSendMock();
  psp.state.settleDelayMs = SETTLE_MS;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mg-bench-payouts-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://localhost:3000',
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_MAX: '100000',
    PAYOUT_SWEEP_SECONDS: String(SWEEP_S),
    PAYOUT_HOLD_FIRST_SALES: '0',
    PAYOUT_HOLD_ABOVE_CENTS: '0',
    ...efiEnvFor(psp, SECRET),
  });
  const database = await openDatabase({ pgliteDir: 'memory://' });
  await database.migrate();
  const app = await buildApp(config, { database, logger: false, indexHtml: null });
  await app.ready();
  psp.state.webhookUrl = `http://localhost:3000/api/payouts/webhook?hmac=${SECRET}`;
  psp.setDeliver(async (url, body) => {
    const res = await app.inject({
      method: 'POST',
      url: url.replace('http://localhost:3000', ''),
      payload: body as object,
    });
    return res.statusCode;
  });
  const t = { app, db: database.db, database, config } as unknown as TestApp;
  const gameId = Object.values(await createGames(database.db))[0] as number;
  const adm = await createStaff(database.db, 'admin');
  const admin = await signIn(app, adm.email, adm.password);

  // The job's period, as the runner offers it: a sweep every SWEEP_S seconds from the start.
  let running = true;
  const sweeps = (async () => {
    while (running) {
      const started = Date.now();
      await app.payoutSender.sweep();
      await new Promise((resolve) =>
        setTimeout(resolve, Math.max(0, SWEEP_S * 1000 - (Date.now() - started))),
      );
    }
  })();

  const started = Date.now();
  const offsets = Array.from({ length: N }, () => Math.random() * WINDOW_S * 1000).sort((a, b) => a - b);
  let made = 1;
  for (const offset of offsets) {
    const wait = started + offset - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const trade = await tradeThroughRoutes(t, { adminCookie: admin, gameId, until: 'awaiting_release' });
    await database.db.insert(payoutIdentities).values({
      userId: trade.seller.id,
      fullName: 'Vendedora de Bench',
      documentKind: 'cpf',
      document: cpfOf(made++),
    });
  }
  const deadline = Date.now() + (SWEEP_S * 2 + 30) * 1000;
  let rows: (typeof payouts.$inferSelect)[] = [];
  while (Date.now() < deadline) {
    rows = await database.db.select().from(payouts);
    if (rows.length === N && rows.every((r) => r.state === 'paid')) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  running = false;
  await sweeps;

  const latencies = rows
    .filter((r) => r.state === 'paid' && r.paidAt)
    .map((r) => ((r.paidAt as Date).getTime() - r.dueAt.getTime()) / 1000)
    .sort((a, b) => a - b);
  const sendsPerId = new Map<string, number>();
  for (const s of psp.sends()) sendsPerId.set(s.idEnvio, (sendsPerId.get(s.idEnvio) ?? 0) + 1);
  const duplicates = [...sendsPerId.values()].filter((n) => n > 1).length;
  const { problems } = await createLedger(database.db).reconcile();
  const notPaid = rows.filter((r) => r.state !== 'paid').map((r) => `${r.tradeId}:${r.state}`);
  console.log(
    JSON.stringify(
      {
        payouts: N,
        windowSeconds: WINDOW_S,
        sweepSeconds: SWEEP_S,
        settleMs: SETTLE_MS,
        paid: latencies.length,
        dueToPaidSeconds: {
          p50: quantile(latencies, 0.5).toFixed(1),
          p90: quantile(latencies, 0.9).toFixed(1),
          max: (latencies.at(-1) ?? 0).toFixed(1),
        },
        pspSends: psp.sends().length,
        duplicates,
        webhooks: psp.webhooks.length,
        notPaid,
        ledgerProblems: problems,
      },
      null,
      2,
    ),
  );
  await app.close();
  await database.close();
  await psp.close();
  rmSync(dataDir, { recursive: true, force: true });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
