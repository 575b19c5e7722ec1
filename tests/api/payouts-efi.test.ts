import { payoutEfiMessages as m } from '@shared/payout-efi-messages';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ledgerTransactions,
  payoutReconciliationFindings,
  payoutReconciliationRuns,
  payouts,
} from '../../src/server/db/schema';
import { createLedger } from '../../src/server/modules/ledger/service';
import type { EfiProvider } from '../../src/server/modules/payouts/efi-provider';
import { onSendNotifiedFor } from '../../src/server/modules/payouts/efi-webhook';
import { reconcilePayoutsDay } from '../../src/server/modules/payouts/reconciliation';
import { recordPayoutResult } from '../../src/server/modules/payouts/record';
import { createStaff } from '../factories/accounts';
import { createGames } from '../factories/listings';
import { apiOf } from '../helpers/api';
import { type EfiSendMock, efiEnvFor, efiProviderFor, startEfiSendMock } from '../helpers/efi-send-mock';
import { errorOf, signIn } from '../helpers/http';
import { testIdentityOf } from '../helpers/payout-psp';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../helpers/test-app';
import { tradeThroughRoutes } from '../helpers/trade-routes';

// Automatic payouts through Efí against the stand-in (tests/helpers/efi-send-mock.ts), through the real app: its
// webhook route, the read-back that is the only thing booked, the ledger, and the daily reconciliation.
const SECRET = 'segredo-do-webhook-de-repasses';
const CPF = '52998224725';
let psp: EfiSendMock;
let t: TestApp;
let efi: EfiProvider;
let admin: string;
let gameId: number;

const api = apiOf(() => t);
const webhookUrl = `${TEST_ORIGIN}/api/payouts/webhook?hmac=${SECRET}`;
const post = (body: unknown, hmac: string | null = `${SECRET}/pix`) =>
  t.app.inject({
    method: 'POST',
    url: `/api/payouts/webhook${hmac === null ? '' : `?hmac=${encodeURIComponent(hmac).replaceAll('%2F', '/')}`}`,
    payload: body as object,
  });

const until = async (check: () => Promise<boolean>, ms = 5000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};
const payoutOf = async (tradeId: number) => {
  const [row] = await t.db.select().from(payouts).where(eq(payouts.tradeId, tradeId));
  if (!row) throw new Error(`no payout for trade ${tradeId}`);
  return row;
};
const payoutBookings = async (tradeId: number) =>
  (
    await t.db
      .select()
      .from(ledgerTransactions)
      .where(and(eq(ledgerTransactions.tradeId, tradeId), eq(ledgerTransactions.kind, 'payout')))
  ).length;

/** A trade whose payout is due (the buyer confirmed), with the seller's CPF on it. */
async function duePayout() {
  const trade = await tradeThroughRoutes(t, { adminCookie: admin, gameId, until: 'awaiting_release' });
  await t.db
    .update(payouts)
    .set({ holderDocKind: 'cpf', holderDocNumber: CPF, holderName: 'Vendedor de Teste' })
    .where(eq(payouts.tradeId, trade.id));
  const payout = await payoutOf(trade.id);
  expect(payout.state).toBe('due');
  return { trade, payout };
}

/** One run of the payouts' sending job (payout-process's sender): due payouts sent, late ones read back. */
async function send(tradeId: number) {
  await t.app.payoutSender.sweep();
  return payoutOf(tradeId);
}

/** As the read-back's time had come for this payout (its `next_check_at`), then one run of the job. */
async function readBackNow(tradeId: number) {
  await t.db
    .update(payouts)
    .set({ nextCheckAt: new Date(Date.now() - 1000) })
    .where(eq(payouts.tradeId, tradeId));
  await t.app.payoutSender.sweep();
  return payoutOf(tradeId);
}

async function expectLedgerClean() {
  const { problems } = await createLedger(t.db).reconcile();
  expect(problems).toEqual([]);
}

beforeAll(async () => {
  psp = await startEfiSendMock();
  t = await createTestApp(
    {
      RATE_LIMIT_MAX: '1000',
      METRICS_TOKEN: 'token-das-metricas-de-teste',
      PAYOUT_HOLD_FIRST_SALES: '0',
      PAYOUT_HOLD_ABOVE_CENTS: '0',
      ...efiEnvFor(psp, SECRET),
    },
    // The app's own Efí client (from the EFI_* above) at the stand-in; the seller's CPF as the identity module gives it.
    { payouts: { identityOf: testIdentityOf } },
  );
  efi = efiProviderFor(psp);
  gameId = Object.values(await createGames(t.db))[0] as number;
  const adm = await createStaff(t.db, 'admin');
  admin = await signIn(t.app, adm.email, adm.password);
  psp.state.webhookUrl = webhookUrl;
  psp.setDeliver(async (url, body) => {
    const res = await t.app.inject({
      method: 'POST',
      url: url.replace(TEST_ORIGIN, ''),
      payload: body as object,
    });
    return res.statusCode;
  });
});
afterAll(async () => {
  await efi?.close();
  await t?.close();
  await psp?.close();
});
beforeEach(() => {
  expect(psp.violations).toEqual([]);
  psp.state.mode = 'success';
  psp.state.webhookMode = 'once';
});

describe("Efí's webhook for send results", () => {
  it('refuses a call without the secret, or with another one, and books nothing', async () => {
    const { trade, payout } = await duePayout();
    psp.state.mode = 'delayed';
    await send(trade.id);
    const body = psp.forgedWebhookBody(payout.pspId, '10.00', 'REALIZADO');
    for (const hmac of [null, 'outro-segredo-qualquer/pix', SECRET.slice(0, -1)]) {
      const res = await post(body, hmac);
      expect(res.statusCode).toBe(401);
      expect(errorOf(res).message).toBe(m.webhookUnauthorized);
    }
    expect((await payoutOf(trade.id)).state).toBe('sending');
  });

  it('success: the result, notified, is read back and booked once; the ledger and the PSP agree', async () => {
    const { trade, payout } = await duePayout();
    expect(['sending', 'paid']).toContain((await send(trade.id)).state);
    await until(async () => (await payoutOf(trade.id)).state === 'paid');
    const paid = await payoutOf(trade.id);
    expect(paid.endToEndId).toBe(psp.send(payout.pspId)?.endToEndId);
    expect(psp.webhooks.at(-1)?.status).toBe(200);
    expect(await payoutBookings(trade.id)).toBe(1);
    await expectLedgerClean();
  });

  it('duplicated: the second notification books nothing more', async () => {
    psp.state.webhookMode = 'duplicated';
    const { trade, payout } = await duePayout();
    await send(trade.id);
    await until(
      async () => psp.webhooks.filter((w) => w.body.pix[0]?.gnExtras.idEnvio === payout.pspId).length === 2,
    );
    await until(async () => (await payoutOf(trade.id)).state === 'paid');
    // Once more, as Efí's retries would.
    expect((await post(psp.webhookBody(payout.pspId))).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await payoutBookings(trade.id)).toBe(1);
    await expectLedgerClean();
  });

  it('delayed: a payout stays sending while Efí processes, and is booked when the result comes', async () => {
    psp.state.mode = 'delayed';
    const { trade, payout } = await duePayout();
    await send(trade.id);
    expect((await payoutOf(trade.id)).state).toBe('sending');
    await psp.settle(payout.pspId);
    await until(async () => (await payoutOf(trade.id)).state === 'paid');
    expect(await payoutBookings(trade.id)).toBe(1);
  });

  it('lost: without any notification, the read-back books it once', async () => {
    psp.state.webhookMode = 'lost';
    const { trade, payout } = await duePayout();
    await send(trade.id);
    await until(async () => psp.send(payout.pspId)?.status === 'REALIZADO');
    expect((await payoutOf(trade.id)).state).toBe('sending');
    // The sending job's read-back, when its time comes (a kill -9 before the booking ends the same way).
    expect((await readBackNow(trade.id)).state).toBe('paid');
    expect(await onSendNotifiedFor(t.db, efi)(payout.pspId)).toBeNull();
    expect(await payoutBookings(trade.id)).toBe(1);
    await expectLedgerClean();
  });

  it('NAO_REALIZADO: back on the desk with the reason, nothing booked', async () => {
    psp.state.mode = 'refused';
    const { trade } = await duePayout();
    await send(trade.id);
    await until(async () => (await payoutOf(trade.id)).state === 'failed');
    expect((await payoutOf(trade.id)).failureReason).toBe(m.notMade);
    expect(await payoutBookings(trade.id)).toBe(0);
    await expectLedgerClean();
  });

  it('a key not of the seller’s CPF: refused at once, back on the desk, nothing sent', async () => {
    const { trade, payout } = await duePayout();
    psp.registerKey(trade.pixKey ?? '', '11144477735');
    const failed = await send(trade.id);
    expect(failed.state).toBe('failed');
    expect(failed.failureReason).toBe(m.keyNotOfDocument);
    expect(psp.send(payout.pspId)).toBeUndefined();
  });

  it('5xx: nothing sent, left sending; the read-back finds no send and sends it once when Efí is back', async () => {
    psp.state.mode = 'down';
    const { trade, payout } = await duePayout();
    expect((await send(trade.id)).state).toBe('sending');
    expect(await efi.read(payout.pspId)).toBeNull();
    // Efí back: the read-back finds no send and sends it again under the same id, once.
    psp.state.mode = 'success';
    await readBackNow(trade.id);
    await until(async () => (await payoutOf(trade.id)).state === 'paid');
    expect(psp.sends().filter((s) => s.idEnvio === payout.pspId)).toHaveLength(1);
    expect(await payoutBookings(trade.id)).toBe(1);
  });

  it('timeout after Efí accepted: unknown, then read back and booked once', async () => {
    psp.state.mode = 'timeoutAfterAccept';
    const { trade, payout } = await duePayout();
    expect((await send(trade.id)).state).toBe('sending');
    await until(async () => (await payoutOf(trade.id)).state === 'paid');
    expect(psp.sends().filter((s) => s.idEnvio === payout.pspId)).toHaveLength(1);
    expect(await payoutBookings(trade.id)).toBe(1);
    await expectLedgerClean();
  });

  it('forged with the right secret: a result read-back does not confirm changes nothing', async () => {
    psp.state.mode = 'delayed';
    const { trade, payout } = await duePayout();
    await send(trade.id);
    const res = await post(psp.forgedWebhookBody(payout.pspId, '10.00', 'REALIZADO'));
    expect(res.statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await payoutOf(trade.id)).state).toBe('sending');
    expect(await payoutBookings(trade.id)).toBe(0);
  });

  it('forged for ids not ours: no call to Efí at all', async () => {
    psp.resetCalls();
    const res = await post({
      pix: [
        ...psp.forgedWebhookBody('NAOENOSSO1').pix,
        ...psp.forgedWebhookBody('com-hifen-invalido').pix,
        { endToEndId: 'E1', valor: '1.00' },
      ],
    });
    expect(res.json()).toEqual({ received: 1 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(psp.calls.get).toBe(0);
  });

  it('under the manual provider every notification is refused', async () => {
    const manual = await t.alongside({ PAYOUT_PROVIDER: 'manual' });
    const res = await manual.app.inject({
      method: 'POST',
      url: `/api/payouts/webhook?hmac=${SECRET}/pix`,
      payload: psp.forgedWebhookBody('QUALQUER1'),
    });
    expect(res.statusCode).toBe(401);
    await manual.close();
  });
});

describe('daily reconciliation with Efí', () => {
  const today = () => new Date();
  const openFindings = async () =>
    t.db.select().from(payoutReconciliationFindings).where(isNull(payoutReconciliationFindings.resolvedAt));

  it('flags each kind of difference once, on Visão Geral and in /metrics, and closes one that caught up', async () => {
    // A clean day first: whatever the tests above paid agrees.
    const clean = await reconcilePayoutsDay({ db: t.db, provider: efi }, today());
    expect(clean.findings).toEqual([]);

    // sent_not_booked: a send Efí paid that the ledger never booked (its webhook lost, not yet read back).
    psp.state.webhookMode = 'lost';
    const late = await duePayout();
    await send(late.trade.id);
    await until(async () => psp.send(late.payout.pspId)?.status === 'REALIZADO');
    // amount_differs and key_differs: Efí's record of two paid sends differs from the ledger's.
    psp.state.webhookMode = 'once';
    const amount = await duePayout();
    await send(amount.trade.id);
    const key = await duePayout();
    await send(key.trade.id);
    await until(async () => (await payoutOf(key.trade.id)).state === 'paid');
    await until(async () => (await payoutOf(amount.trade.id)).state === 'paid');
    psp.alter(amount.payout.pspId, { valor: '1.00' });
    psp.alter(key.payout.pspId, { chave: 'outra.pessoa@exemplo.com' });
    // booked_not_sent: the ledger says a PSP paid it, Efí has no such send.
    const ghost = await duePayout();
    await t.db.update(payouts).set({ state: 'held' }).where(eq(payouts.tradeId, ghost.trade.id));
    await t.db.update(payouts).set({ state: 'sending' }).where(eq(payouts.tradeId, ghost.trade.id));
    await recordPayoutResult(t.db, ghost.payout.pspId, {
      status: 'paid',
      endToEndId: 'E09089356202611291200GHOSTGHOST1',
      paidAt: new Date(),
      amountCents: ghost.payout.amountCents,
    });

    const run = await reconcilePayoutsDay({ db: t.db, provider: efi }, today());
    expect(run.findings.map((f) => [f.kind, f.pspId]).sort()).toEqual(
      [
        ['amount_differs', amount.payout.pspId],
        ['booked_not_sent', ghost.payout.pspId],
        ['key_differs', key.payout.pspId],
        ['sent_not_booked', late.payout.pspId],
      ].sort(),
    );
    // Again: nothing new recorded.
    await reconcilePayoutsDay({ db: t.db, provider: efi }, today());
    expect(await openFindings()).toHaveLength(4);
    const [runRow] = await t.db.select().from(payoutReconciliationRuns);
    expect(runRow?.findings).toBe(4);

    const overview = await api.as(admin).get('/api/admin/overview');
    expect(overview.statusCode).toBe(200);
    expect(overview.json().alerts).toContainEqual(
      expect.objectContaining({ id: 'payout_mismatches', count: 4, priority: 'high' }),
    );
    const metrics = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer token-das-metricas-de-teste' },
    });
    expect(metrics.body).toContain('payout_reconciliation_findings{kind="sent_not_booked"} 1');
    expect(metrics.body).toContain('payout_reconciliation_findings{kind="booked_not_sent"} 1');
    expect(metrics.body).toContain('payout_reconciliation_findings{kind="amount_differs"} 1');
    expect(metrics.body).toContain('payout_reconciliation_findings{kind="key_differs"} 1');

    // The lost one read back and booked: its finding closes at the next run.
    expect(await onSendNotifiedFor(t.db, efi)(late.payout.pspId)).toBe('booked');
    await reconcilePayoutsDay({ db: t.db, provider: efi }, today());
    expect((await openFindings()).map((f) => f.kind).sort()).toEqual([
      'amount_differs',
      'booked_not_sent',
      'key_differs',
    ]);
    await expectLedgerClean();
  });
});
