import type { TradeView } from '@shared/trades';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles, trades } from '../../src/server/db/schema';
import { createStaff, createUser, type TestUser } from '../factories/accounts';
import { createTradeRow } from '../factories/trades';
import { apiOf } from '../helpers/api';
import { sessionCookie } from '../helpers/sessions';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const api = apiOf(() => t);
let sequence = 0;

/** A trade whose payout is due to a seller with a full name on file, its profile public or private. */
async function duePayout(profilePublic: boolean) {
  const seller = await createUser(t.db);
  const buyer = await createUser(t.db);
  const fullName = `Maria Privada da Silva ${++sequence}`;
  await t.db.update(profiles).set({ fullName }).where(eq(profiles.id, seller.id));
  const cookie = (user: TestUser) => sessionCookie(t, user.id);
  const sellerCookie = await cookie(seller);
  const privacy = await api.as(sellerCookie).put('/api/accounts/me/settings', {
    privacy: { profilePublic },
  });
  expect(privacy.statusCode, privacy.body).toBe(200);
  const trade = await createTradeRow(t.db, { sellerId: seller.id, buyerId: buyer.id, amountCents: 10_000 });
  await t.db
    .update(trades)
    .set({
      state: 'awaiting_release',
      valueConfirmedAt: new Date(),
      paidAt: new Date(),
      deliveryConfirmedAt: new Date(),
      payoutDueAt: new Date(),
      payoutPixKey: 'cpf:52998224725',
      payoutHolderName: fullName,
    })
    .where(eq(trades.id, trade.id));
  return { trade, seller, fullName, sellerCookie, buyerCookie: await cookie(buyer) };
}

let moderator: string;
let admin: string;
beforeAll(async () => {
  moderator = await sessionCookie(t, (await createStaff(t.db, 'moderator')).id);
  admin = await sessionCookie(t, (await createStaff(t.db, 'admin')).id);
});

describe("the seller's full name in the trade room (issue 33)", () => {
  it('a private profile: the buyer and moderators read the nickname; the seller and admins the full name', async () => {
    const { trade, seller, fullName, sellerCookie, buyerCookie } = await duePayout(false);
    const url = `/api/trades/${trade.id}`;
    for (const [who, cookie] of [
      ['buyer', buyerCookie],
      ['moderator', moderator],
    ] as const) {
      const res = await api.as(cookie).get(url);
      expect(res.statusCode, who).toBe(200);
      expect(res.body, who).not.toContain('Maria Privada');
      const view = res.json() as TradeView;
      expect(view.seller.name, who).toBe(seller.nickname);
      // The buyer gets no payout at all (issue 34); a moderator gets it without the private name.
      if (who === 'buyer') expect(view.payout).toBeNull();
      else expect(view.payout?.holderName, who).toBeNull();
    }
    for (const [who, cookie] of [
      ['seller', sellerCookie],
      ['admin', admin],
    ] as const) {
      const view = (await api.as(cookie).get(url)).json() as TradeView;
      expect(view.payout?.holderName, who).toBe(fullName);
      expect(view.seller.name, who).toBe(seller.nickname);
    }
  });

  it('a public profile shows its full name, as the profile page does, to the seller and staff', async () => {
    const { trade, fullName, sellerCookie, buyerCookie } = await duePayout(true);
    for (const cookie of [moderator, sellerCookie, admin]) {
      const view = (await api.as(cookie).get(`/api/trades/${trade.id}`)).json() as TradeView;
      expect(view.payout?.holderName).toBe(fullName);
    }
    // The buyer gets no payout at all (issue 34): neither the key nor its holder.
    const view = (await api.as(buyerCookie).get(`/api/trades/${trade.id}`)).json() as TradeView;
    expect(view.payout).toBeNull();
  });
});
