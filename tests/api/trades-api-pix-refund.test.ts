import { pixChargeMessages } from '@shared/pix-charge-messages';
import { tradeMessages } from '@shared/trade-messages';
import type { TradeView } from '@shared/trades';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, ledgerTransactions, listings, trades } from '../../src/server/db/schema';
import { createLedger } from '../../src/server/modules/ledger/service';
import { refundIdFor } from '../../src/server/modules/pix';
import { createStaff, createUser } from '../factories/accounts';
import { createGames, createListing } from '../factories/listings';
import { apiOf } from '../helpers/api';
import { type ApiPixMock, apiPixProviderFor, startApiPixMock } from '../helpers/api-pix-mock';
import { nextEndToEndId } from '../helpers/e2e-id';
import { signIn } from '../helpers/http';
import { sessionCookie } from '../helpers/sessions';
import { createTestApp, type TestApp } from '../helpers/test-app';

/** With API Pix, a refund after payment is a devolução at the PSP, read back and recorded with its return id. */

const SECRET = 'segredo-do-webhook-456';
let psp: ApiPixMock;
let provider: ReturnType<typeof apiPixProviderFor>;
let t: TestApp;
let gameId: number;
let adminCookie: string;

beforeAll(async () => {
  psp = await startApiPixMock();
  provider = apiPixProviderFor(psp);
  t = await createTestApp({ PIX_WEBHOOK_SECRET: SECRET }, { pix: { provider } });
  gameId = Object.values(await createGames(t.db))[0] as number;
  const admin = await createStaff(t.db);
  adminCookie = await signIn(t.app, admin.email, admin.password);
});
afterAll(async () => {
  await t?.close();
  await provider?.close();
  await psp?.close();
});

const api = apiOf(() => t);

/** A trade the buyer paid through the PSP (the webhook read back), awaiting delivery. */
async function paidTrade() {
  const seller = await createUser(t.db);
  const buyer = await createUser(t.db);
  const sellerCookie = await sessionCookie(t, seller.id);
  const buyerCookie = await sessionCookie(t, buyer.id);
  const listingId = await createListing(t.db, seller.id, {
    gameId,
    title: 'Skin AK Vulcan',
    priceCents: 12_000,
  });
  await t.db.update(listings).set({ quantity: 1 }).where(eq(listings.id, listingId));
  const { id } = (await api.as(buyerCookie).post('/api/trades', { listingId })).json() as { id: number };
  expect((await api.as(sellerCookie).post(`/api/trades/${id}/value`, { amount: '120,00' })).statusCode).toBe(
    200,
  );
  const room = (await api.as(buyerCookie).get(`/api/trades/${id}`)).json() as TradeView;
  const txid = room.charge?.txid as string;
  const paymentE2E = psp.pay(txid);
  // The PSP calls the URL the README says to register, with its `/pix` appended.
  const { url, body } = psp.callback(`/api/pix/webhook?hmac=${SECRET}`, [txid]);
  const hook = await t.app.inject({ method: 'POST', url, payload: body });
  expect(hook.statusCode).toBe(200);
  // The webhook answers at once and confirms behind it: wait for what the room shows.
  for (;;) {
    const paid = (await api.as(buyerCookie).get(`/api/trades/${id}`)).json() as TradeView;
    if (paid.state === 'awaiting_delivery') break;
    await new Promise((r) => setTimeout(r, 10));
  }
  return { id, paymentE2E, buyerCookie };
}

const refundsOf = (tradeId: number) =>
  t.db
    .select({ kind: ledgerTransactions.kind, endToEndId: ledgerTransactions.endToEndId })
    .from(ledgerTransactions)
    .where(and(eq(ledgerTransactions.tradeId, tradeId), eq(ledgerTransactions.kind, 'refund_payout')));

describe('an admin refunds an API Pix trade', () => {
  it('sends the devolução to the PSP, reads it back and records its return id, without typing an E2E id', async () => {
    const { id, paymentE2E, buyerCookie } = await paidTrade();
    const res = await api.as(adminCookie).post(`/api/trades/${id}/cancel`, {
      reason: 'Vendedor sem estoque',
    });
    expect(res.statusCode, res.body).toBe(200);
    const made = psp.receivedPix(paymentE2E)?.devolucoes ?? [];
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ valor: '120.00' });
    const room = (await api.as(buyerCookie).get(`/api/trades/${id}`)).json() as TradeView;
    expect(room.state).toBe('refunded');
    expect(room.refund?.returnId).toBe(made[0]?.rtrId);
    expect(await refundsOf(id)).toEqual([{ kind: 'refund_payout', endToEndId: made[0]?.rtrId }]);
    const audits = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.targetId, String(id)))
      .orderBy(auditLog.id);
    expect(audits.map((a) => a.action)).toEqual(['trade.refund_requested', 'trade.refund']);
  });

  it('records nothing when the PSP refuses the devolução or its read-back does not match', async () => {
    const refused = await paidTrade();
    psp.failNextRefund();
    const no = await api.as(adminCookie).post(`/api/trades/${refused.id}/cancel`, {
      reason: 'Vendedor sem estoque',
    });
    expect(no.statusCode).toBe(409);
    expect(no.json().error.message).toBe(pixChargeMessages.refundRefused);

    const forged = await paidTrade();
    psp.forgeNextRefundReading({ valor: '1.00' });
    const lie = await api.as(adminCookie).post(`/api/trades/${forged.id}/cancel`, {
      reason: 'Vendedor sem estoque',
    });
    expect(lie.statusCode).toBe(502);
    expect(lie.json().error.message).toBe(pixChargeMessages.refundMismatch);

    for (const trade of [refused, forged]) {
      const room = (await api.as(trade.buyerCookie).get(`/api/trades/${trade.id}`)).json() as TradeView;
      expect(room.state).toBe('awaiting_delivery');
      expect(room.refund).toBeNull();
      expect(await refundsOf(trade.id)).toEqual([]);
    }
    // The refused one is over; the one read back wrong stays pending (no one knows whether money moved), and
    // the job, reading it again, books the devolução the PSP really made.
    expect(await pendingOf(refused.id)).toBeNull();
    expect(await pendingOf(forged.id)).not.toBeNull();
    await t.app.settlePendingRefunds();
    const [made] = psp.receivedPix(forged.paymentE2E)?.devolucoes ?? [];
    expect(await refundsOf(forged.id)).toEqual([{ kind: 'refund_payout', endToEndId: made?.rtrId }]);
  });
});

const pendingOf = async (tradeId: number) =>
  (await t.db.select({ p: trades.refundPending }).from(trades).where(eq(trades.id, tradeId)))[0]?.p ?? null;
const stateOf = async (tradeId: number) =>
  (await t.db.select({ s: trades.state }).from(trades).where(eq(trades.id, tradeId)))[0]?.s;
const moneyOutOf = (tradeId: number) =>
  t.db
    .select({ kind: ledgerTransactions.kind })
    .from(ledgerTransactions)
    .where(
      and(
        eq(ledgerTransactions.tradeId, tradeId),
        sql`${ledgerTransactions.kind} in ('payout', 'refund_payout')`,
      ),
    );

describe('a devolução is booked whatever the PSP answers', () => {
  it('EM_PROCESSAMENTO: the trade stays refunding, nothing is booked; the job reads it again until DEVOLVIDO', async () => {
    const { id, paymentE2E, buyerCookie } = await paidTrade();
    psp.state.refundStatus = 'EM_PROCESSAMENTO';
    try {
      const res = await api.as(adminCookie).post(`/api/trades/${id}/cancel`, {
        reason: 'Vendedor sem estoque',
      });
      expect(res.statusCode, res.body).toBe(200);
    } finally {
      psp.state.refundStatus = 'DEVOLVIDO';
    }
    expect(await stateOf(id)).toBe('awaiting_delivery');
    expect(await refundsOf(id)).toEqual([]);
    expect(await pendingOf(id)).toMatchObject({ refundId: refundIdFor(id), action: 'cancel' });
    // The room says the devolução is processing, to the admin who asked and to the buyer.
    for (const cookie of [adminCookie, buyerCookie]) {
      const view = (await api.as(cookie).get(`/api/trades/${id}`)).json() as TradeView;
      expect(Date.parse(view.refundPendingSince ?? '')).toBeGreaterThan(0);
    }

    // Asked again meanwhile: the same devolução, never a second one.
    const again = await api.as(adminCookie).post(`/api/trades/${id}/cancel`, {
      reason: 'Vendedor sem estoque',
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(psp.receivedPix(paymentE2E)?.devolucoes).toHaveLength(1);

    // Still with the SPI: the job leaves it.
    await t.app.settlePendingRefunds();
    expect(await refundsOf(id)).toEqual([]);
    expect(await pendingOf(id)).not.toBeNull();

    psp.settleRefund(paymentE2E, refundIdFor(id));
    await t.app.settlePendingRefunds();
    const [made] = psp.receivedPix(paymentE2E)?.devolucoes ?? [];
    const room = (await api.as(buyerCookie).get(`/api/trades/${id}`)).json() as TradeView;
    expect(room.state).toBe('refunded');
    expect(room.refund?.returnId).toBe(made?.rtrId);
    expect(room.refundPendingSince).toBeNull();
    expect(await refundsOf(id)).toEqual([{ kind: 'refund_payout', endToEndId: made?.rtrId }]);
    expect(await pendingOf(id)).toBeNull();
    await t.app.settlePendingRefunds();
    expect(await refundsOf(id)).toHaveLength(1);
  });

  it('NAO_REALIZADO later: cleared and audited; the next attempt takes a new devolução id', async () => {
    const { id, paymentE2E } = await paidTrade();
    psp.state.refundStatus = 'EM_PROCESSAMENTO';
    try {
      expect(
        (await api.as(adminCookie).post(`/api/trades/${id}/cancel`, { reason: 'Sem estoque' })).statusCode,
      ).toBe(200);
    } finally {
      psp.state.refundStatus = 'DEVOLVIDO';
    }
    psp.settleRefund(paymentE2E, refundIdFor(id), 'NAO_REALIZADO');
    await t.app.settlePendingRefunds();
    expect(await pendingOf(id)).toBeNull();
    expect(await stateOf(id)).toBe('awaiting_delivery');
    const refused = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.targetId, String(id)), eq(auditLog.action, 'trade.refund_refused')));
    expect(refused).toHaveLength(1);

    const retry = await api.as(adminCookie).post(`/api/trades/${id}/cancel`, { reason: 'Sem estoque' });
    expect(retry.statusCode, retry.body).toBe(200);
    const made = psp.receivedPix(paymentE2E)?.devolucoes ?? [];
    expect(made.map((d) => [d.id, d.status])).toEqual([
      [refundIdFor(id), 'NAO_REALIZADO'],
      [refundIdFor(id, 1), 'DEVOLVIDO'],
    ]);
    expect(await stateOf(id)).toBe('refunded');
    expect(await refundsOf(id)).toEqual([{ kind: 'refund_payout', endToEndId: made[1]?.rtrId }]);
  });

  it('NAO_REALIZADO at once: the admin is told, and may book a refund sent by hand with its E2E id (audited)', async () => {
    const { id } = await paidTrade();
    psp.failNextRefund();
    const no = await api.as(adminCookie).post(`/api/trades/${id}/cancel`, { reason: 'Sem estoque' });
    expect(no.statusCode).toBe(409);
    expect(no.json().error.message).toBe(pixChargeMessages.refundRefused);
    expect(await pendingOf(id)).toBeNull();

    // Before any refusal a typed E2E id is not a way around the PSP (the form always sends one).
    const other = await paidTrade();
    const typed = await api.as(adminCookie).post(`/api/trades/${other.id}/cancel`, {
      reason: 'Sem estoque',
      endToEndId: nextEndToEndId(),
    });
    expect(typed.statusCode, typed.body).toBe(200);
    const [sent] = psp.receivedPix(other.paymentE2E)?.devolucoes ?? [];
    expect(await refundsOf(other.id)).toEqual([{ kind: 'refund_payout', endToEndId: sent?.rtrId }]);

    const byHand = nextEndToEndId();
    const res = await api.as(adminCookie).post(`/api/trades/${id}/cancel`, {
      reason: 'Devolvido por transferência manual',
      endToEndId: byHand,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await stateOf(id)).toBe('refunded');
    expect(await refundsOf(id)).toEqual([{ kind: 'refund_payout', endToEndId: byHand }]);
    const [audit] = await t.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.targetId, String(id)), eq(auditLog.action, 'trade.refund')));
    expect(audit?.details).toMatchObject({ endToEndId: byHand, sentByHand: true });
  });
});

describe('a refund and a payout of the same trade', () => {
  /** A paid trade whose payout is due (to a key fixed on it). */
  async function dueTrade() {
    const paid = await paidTrade();
    await t.db
      .update(trades)
      .set({
        state: 'awaiting_release',
        payoutDueAt: new Date(),
        payoutPixKey: 'email:vendedor@exemplo.com.br',
        payoutHolderName: 'Vendedor de Teste',
      })
      .where(eq(trades.id, paid.id));
    return paid;
  }

  for (const first of ['refund', 'payout'] as const) {
    it(`raced (${first} sent first): money leaves once, and the ledger says which`, async () => {
      const { id, paymentE2E } = await dueTrade();
      const refund = () =>
        api.as(adminCookie).post(`/api/trades/${id}/cancel`, { reason: 'Reembolso ao comprador' });
      const payout = () =>
        api.as(adminCookie).post(`/api/trades/${id}/release`, { endToEndId: nextEndToEndId() });
      const answers = await Promise.all(first === 'refund' ? [refund(), payout()] : [payout(), refund()]);
      const [refundAnswer, payoutAnswer] = first === 'refund' ? answers : [answers[1], answers[0]];
      const refunded =
        psp.receivedPix(paymentE2E)?.devolucoes?.filter((d) => d.status !== 'NAO_REALIZADO') ?? [];
      const out = (await moneyOutOf(id)).map((row) => row.kind);

      // Exactly one of the two went through; the other was refused with a pt-BR reason and moved nothing.
      expect([refundAnswer?.statusCode, payoutAnswer?.statusCode].filter((s) => s === 200)).toHaveLength(1);
      if (payoutAnswer?.statusCode === 200) {
        expect(refunded).toEqual([]);
        expect(out).toEqual(['payout']);
        expect(await stateOf(id)).toBe('completed');
      } else {
        expect(refunded).toHaveLength(1);
        expect(out).toEqual(['refund_payout']);
        expect(await stateOf(id)).toBe('refunded');
        expect([tradeMessages.refundInProgress, tradeMessages.stateChanged]).toContain(
          payoutAnswer?.json().error.message,
        );
      }
      expect((await createLedger(t.db).reconcile()).problems).toEqual([]);
    });
  }

  it('a payout is refused while a devolução is with the SPI, and goes once it was refused', async () => {
    const { id, paymentE2E } = await dueTrade();
    psp.state.refundStatus = 'EM_PROCESSAMENTO';
    try {
      expect(
        (await api.as(adminCookie).post(`/api/trades/${id}/cancel`, { reason: 'Reembolso' })).statusCode,
      ).toBe(200);
    } finally {
      psp.state.refundStatus = 'DEVOLVIDO';
    }
    const refused = await api.as(adminCookie).post(`/api/trades/${id}/release`, {
      endToEndId: nextEndToEndId(),
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(tradeMessages.refundInProgress);
    expect(await moneyOutOf(id)).toEqual([]);

    psp.settleRefund(paymentE2E, refundIdFor(id), 'NAO_REALIZADO');
    await t.app.settlePendingRefunds();
    const paid = await api.as(adminCookie).post(`/api/trades/${id}/release`, {
      endToEndId: nextEndToEndId(),
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await moneyOutOf(id)).map((row) => row.kind)).toEqual(['payout']);
  });
});
