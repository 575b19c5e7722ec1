import { payableAccountCode, platformAccounts } from '@shared/ledger';
import type { MyReputation } from '@shared/reviews';
import type { TradeView } from '@shared/trades';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviews, trades, users } from '../../src/server/db/schema';
import { createLedger } from '../../src/server/modules/ledger/service';
import { createStaff, createUser } from '../factories/accounts';
import { createGames, createListing } from '../factories/listings';
import { createFinishedTrade } from '../factories/trades';
import { apiOf } from '../helpers/api';
import { nextEndToEndId } from '../helpers/e2e-id';
import { signIn } from '../helpers/http';
import { sessionCookie } from '../helpers/sessions';
import { createTestApp, type TestApp } from '../helpers/test-app';

const DAY = 24 * 60 * 60 * 1000;
let t: TestApp;
let gameId: number;
let staffCookie: string;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '1000' });
  gameId = Object.values(await createGames(t.db))[0] as number;
  const staff = await createStaff(t.db);
  staffCookie = await signIn(t.app, staff.email, staff.password);
});
afterAll(() => t?.close());

const api = apiOf(() => t);

async function member() {
  const user = await createUser(t.db);
  return { id: user.id, password: user.password, cookie: await sessionCookie(t, user.id) };
}

/**
 * A seller with `count` completed sales, each with a published 5-star review, on an account `ageDays` old: the
 * figures a seal reads, written straight to the database (the reviews' own rules are tested in reviews.test.ts).
 */
async function sellerWith(count: number, ageDays: number) {
  const seller = await member();
  const buyer = await member();
  await t.db
    .update(users)
    .set({ createdAt: new Date(Date.now() - ageDays * DAY) })
    .where(eq(users.id, seller.id));
  const first = await createFinishedTrade(t.db, {
    sellerId: seller.id,
    buyerId: buyer.id,
    endedAt: new Date(Date.now() - 30 * DAY),
  });
  const [template] = await t.db.select().from(trades).where(eq(trades.id, first.id));
  const { id: _id, ...row } = template as typeof trades.$inferSelect;
  const more =
    count > 1
      ? await t.db
          .insert(trades)
          .values(Array.from({ length: count - 1 }, () => row))
          .returning({ id: trades.id })
      : [];
  const ended = new Date(Date.now() - 30 * DAY);
  await t.db.insert(reviews).values(
    [first.id, ...more.map((m) => m.id)].map((tradeId) => ({
      tradeId,
      authorId: buyer.id,
      subjectId: seller.id,
      authorRole: 'buyer' as const,
      listingId: first.listingId,
      rating: 5,
      periodEndsAt: ended,
      publishedAt: ended,
    })),
  );
  const res = await api.as(seller.cookie).post('/api/pix-keys', {
    password: seller.password,
    type: 'email',
    key: `vendedor.${Math.random().toString(36).slice(2, 8)}@exemplo.com.br`,
  });
  expect(res.statusCode, res.body).toBe(201);
  return seller;
}

/** A new trade of R$ 100,00 taken through every step to the release; answers the room after it. */
async function sellAndRelease(seller: { id: string; cookie: string }) {
  const buyer = await member();
  const listingId = await createListing(t.db, seller.id, { gameId, title: 'Skin rara', priceCents: 10_000 });
  const started = await api.as(buyer.cookie).post('/api/trades', { listingId });
  const id = (started.json() as { id: number }).id;
  const step = async (cookie: string, path: string, body: object = {}) => {
    const res = await api.as(cookie).post(`/api/trades/${id}/${path}`, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as TradeView;
  };
  await step(seller.cookie, 'value', { amount: '100,00' });
  await step(staffCookie, 'payment', {});
  await step(seller.cookie, 'delivery', { note: 'Entregue', credentials: 'login: a / senha: b' });
  const before = await step(buyer.cookie, 'delivery/confirm');
  const after = await step(staffCookie, 'release', { endToEndId: nextEndToEndId() });
  return { before, after };
}

describe("the fee follows the seller's seal", () => {
  it('takes 5 % from a seller without a seal, 4,25 % with Prata and 3,5 % with Ouro, in the ledger', async () => {
    const ledger = createLedger(t.db);
    const cases = [
      { seller: await sellerWith(24, 400), fee: 500 }, // 24 trades: no Prata yet
      { seller: await sellerWith(25, 90), fee: 425 }, // Prata at its boundaries
      { seller: await sellerWith(100, 364), fee: 425 }, // 364 days: Prata, not Ouro
      { seller: await sellerWith(100, 365), fee: 350 }, // Ouro
    ];
    for (const { seller, fee } of cases) {
      const me = (await api.as(seller.cookie).get('/api/reputation/me')).json() as MyReputation;
      expect(me.feeRateBps).toBe(fee);
      const revenueBefore = await ledger.balanceOf(platformAccounts.feeRevenue);
      const { before, after } = await sellAndRelease(seller);
      expect(before.feeCents).toBe(fee);
      expect(after.sellerShareCents).toBe(10_000 - fee);
      expect((await ledger.balanceOf(platformAccounts.feeRevenue)) - revenueBefore).toBe(fee);
      expect(await ledger.balanceOf(payableAccountCode(seller.id))).toBe(0);
    }
    expect((await ledger.reconcile()).problems).toEqual([]);
  });
});
