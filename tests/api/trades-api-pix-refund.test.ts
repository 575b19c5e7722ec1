import { pixChargeMessages } from '@shared/pix-charge-messages';
import type { TradeView } from '@shared/trades';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, ledgerTransactions, listings } from '../../src/server/db/schema';
import { createStaff, createUser } from '../factories/accounts';
import { createGames, createListing } from '../factories/listings';
import { type ApiPixMock, apiPixProviderFor, startApiPixMock } from '../helpers/api-pix-mock';
import { client, signIn } from '../helpers/http';
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

const call = client(() => t.app);

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
  const { id } = (await call('POST', '/api/trades', buyerCookie, { listingId })).json() as { id: number };
  expect((await call('POST', `/api/trades/${id}/value`, sellerCookie, { amount: '120,00' })).statusCode).toBe(
    200,
  );
  const room = (await call('GET', `/api/trades/${id}`, buyerCookie)).json() as TradeView;
  const txid = room.charge?.txid as string;
  const paymentE2E = psp.pay(txid);
  // The PSP calls the URL the README says to register, with its `/pix` appended.
  const { url, body } = psp.callback(`/api/pix/webhook?hmac=${SECRET}`, [txid]);
  const hook = await t.app.inject({ method: 'POST', url, payload: body });
  expect(hook.statusCode).toBe(200);
  // The webhook answers at once and confirms behind it: wait for what the room shows.
  for (;;) {
    const paid = (await call('GET', `/api/trades/${id}`, buyerCookie)).json() as TradeView;
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
    const res = await call('POST', `/api/trades/${id}/cancel`, adminCookie, {
      reason: 'Vendedor sem estoque',
    });
    expect(res.statusCode, res.body).toBe(200);
    const made = psp.receivedPix(paymentE2E)?.devolucoes ?? [];
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ valor: '120.00' });
    const room = (await call('GET', `/api/trades/${id}`, buyerCookie)).json() as TradeView;
    expect(room.state).toBe('refunded');
    expect(room.refund?.returnId).toBe(made[0]?.rtrId);
    expect(await refundsOf(id)).toEqual([{ kind: 'refund_payout', endToEndId: made[0]?.rtrId }]);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(id)));
    expect(audit).toMatchObject({ action: 'trade.refund' });
  });

  it('records nothing when the PSP refuses the devolução or its read-back does not match', async () => {
    const refused = await paidTrade();
    psp.failNextRefund();
    const no = await call('POST', `/api/trades/${refused.id}/cancel`, adminCookie, {
      reason: 'Vendedor sem estoque',
    });
    expect(no.statusCode).toBe(409);
    expect(no.json().error.message).toBe(pixChargeMessages.refundRefused);

    const forged = await paidTrade();
    psp.forgeNextRefundReading({ valor: '1.00' });
    const lie = await call('POST', `/api/trades/${forged.id}/cancel`, adminCookie, {
      reason: 'Vendedor sem estoque',
    });
    expect(lie.statusCode).toBe(502);
    expect(lie.json().error.message).toBe(pixChargeMessages.refundMismatch);

    for (const trade of [refused, forged]) {
      const room = (await call('GET', `/api/trades/${trade.id}`, trade.buyerCookie)).json() as TradeView;
      expect(room.state).toBe('awaiting_delivery');
      expect(room.refund).toBeNull();
      expect(await refundsOf(trade.id)).toEqual([]);
    }
  });
});
