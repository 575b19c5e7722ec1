import type { ListingPage } from '@shared/listings';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { reviews, sellerStats, trades } from '../../src/server/db/schema';
import { sellerRatingScore } from '../../src/server/modules/reviews/rating-sort';
import { rebuildSellerStats, refreshDueSellerStats } from '../../src/server/modules/reviews/seller-stats';
import { createUser } from '../factories/accounts';
import { createGames, createListing } from '../factories/listings';
import { createFinishedTrade, createTradeRow } from '../factories/trades';
import { apiOf } from '../helpers/api';
import { createTestApp, type TestApp } from '../helpers/test-app';

// Decision 024: the rating sort reads the per-seller figures in seller_stats; its order must be the old rule's.

const HOUR = 60 * 60 * 1000;
let t: TestApp;
let gameId: number;
const api = apiOf(() => t);

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '10000' });
  gameId = Object.values(await createGames(t.db))[0] as number;
});
afterAll(() => t?.close());

const newTag = () =>
  `figrank${Math.random()
    .toString(36)
    .replace(/[^a-z]/g, '')
    .slice(0, 8)}`;

/** A published buyer review of `sellerId` (its own finished trade), `hoursAgo` before now. */
async function review(sellerId: string, rating: number, publishedAt = new Date(Date.now() - HOUR)) {
  const buyer = await createUser(t.db);
  const trade = await createFinishedTrade(t.db, {
    sellerId,
    buyerId: buyer.id,
    endedAt: new Date(Date.now() - 2 * HOUR),
  });
  const [row] = await t.db
    .insert(reviews)
    .values({
      tradeId: trade.id,
      authorId: buyer.id,
      subjectId: sellerId,
      authorRole: 'buyer',
      listingId: trade.listingId,
      rating,
      periodEndsAt: publishedAt,
      publishedAt,
    })
    .returning({ id: reviews.id });
  return row?.id as number;
}

/** The old rule, per listing row: score desc nulls last, then recency. */
async function oldOrder(tag: string) {
  const rows = await queryRows<{ id: number }>(
    t.db,
    sql`select id from listings where status = 'active' and title like ${`%${tag}%`}
      order by ${sellerRatingScore} desc nulls last, created_at desc, id desc`,
  );
  return rows.map((r) => Number(r.id));
}

/** Every page of the API's rating sort for `tag`, `pageSize` at a time. */
async function apiOrder(tag: string, pageSize: number, extra = '') {
  const ids: number[] = [];
  for (let page = 1; page < 50; page++) {
    const res = await api
      .as()
      .get(`/api/listings?q=${tag}&sort=rating&pageSize=${pageSize}&page=${page}${extra}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as ListingPage;
    ids.push(...body.items.map((i) => i.id));
    if (body.items.length < pageSize) break;
  }
  return ids;
}

describe("the 'rating' sort on stored figures", () => {
  it('orders exactly as the per-listing rule on varied data, ties between sellers included, on every page', async () => {
    const tag = newTag();
    const base = Date.now() - 100 * HOUR;
    const sameMoment = new Date(base + 50 * HOUR);
    // [ratings, listings' ages in hours]: equal scores across sellers (25/6 from [5] and from seven summing 30;
    // 3 from [3] twice... ), same creation instants across sellers, sellers with no or only hidden reviews.
    const sellers: { ratings: number[]; hidden?: number[]; at: (Date | number)[] }[] = [
      { ratings: [], at: [1, 7, sameMoment] },
      { ratings: [5], at: [2, sameMoment] },
      { ratings: [5, 5, 4, 4, 4, 4, 4], at: [3, sameMoment, 40] },
      { ratings: [5], at: [4] },
      { ratings: [1, 2, 1], at: [5, 9] },
      { ratings: [3], at: [6, sameMoment] },
      { ratings: [3], at: [8] },
      { ratings: [5, 5, 5, 5, 5, 5, 5, 5, 5, 4], at: [10, 11, 12] },
      { ratings: [], hidden: [5, 5], at: [13, sameMoment] },
      { ratings: [4, 4], hidden: [1], at: [14] },
    ];
    for (const s of sellers) {
      const seller = await createUser(t.db);
      for (const rating of s.ratings) await review(seller.id, rating);
      for (const rating of s.hidden ?? []) await review(seller.id, rating, new Date(Date.now() + 48 * HOUR));
      for (const at of s.at) {
        await createListing(t.db, seller.id, {
          gameId,
          title: `Conta ${tag} ${seller.nickname}`,
          createdAt: at instanceof Date ? at : new Date(base + (at as number) * HOUR),
        });
      }
    }
    const expected = await oldOrder(tag);
    expect(expected).toHaveLength(20);
    expect(await apiOrder(tag, 24)).toEqual(expected);
    // Page edges inside the scored part, across the scored/unscored boundary and inside the unscored part.
    for (const size of [1, 3, 5, 7]) expect(await apiOrder(tag, size)).toEqual(expected);
  });

  it('keeps the order with a filter and a price range, and a sold listing never shows', async () => {
    const tag = newTag();
    const a = await createUser(t.db);
    const b = await createUser(t.db);
    await review(a.id, 5);
    await review(b.id, 4);
    const cheapA = await createListing(t.db, a.id, { gameId, title: `Item ${tag}`, priceCents: 500 });
    await createListing(t.db, a.id, { gameId, title: `Item ${tag} caro`, priceCents: 90_000 });
    await createListing(t.db, a.id, {
      gameId,
      title: `Item ${tag} vendido`,
      priceCents: 600,
      status: 'sold',
    });
    const cheapB = await createListing(t.db, b.id, { gameId, title: `Item ${tag} b`, priceCents: 700 });
    expect(await apiOrder(tag, 12, '&maxPriceCents=1000')).toEqual([cheapA, cheapB]);
  });

  it('follows a review written, edited away, deleted, and a trade completed or undone, in the same transaction', async () => {
    const seller = await createUser(t.db);
    const figures = async () =>
      (await t.db.select().from(sellerStats).where(eq(sellerStats.sellerId, seller.id)))[0];
    const first = await review(seller.id, 5);
    expect(await figures()).toMatchObject({
      reviewCount: 1,
      ratingSum: 5,
      completedSales: 1,
      completedTrades: 1,
    });
    expect((await figures())?.score).toBeCloseTo(25 / 6, 12);
    await review(seller.id, 2);
    expect(await figures()).toMatchObject({ reviewCount: 2, ratingSum: 7, completedSales: 2 });
    await t.db.update(reviews).set({ rating: 4 }).where(eq(reviews.id, first));
    expect(await figures()).toMatchObject({ reviewCount: 2, ratingSum: 6 });
    await t.db.delete(reviews).where(eq(reviews.id, first));
    expect(await figures()).toMatchObject({ reviewCount: 1, ratingSum: 2 });

    const buyer = await createUser(t.db);
    const open = await createTradeRow(t.db, { sellerId: seller.id, buyerId: buyer.id, amountCents: 5_000 });
    expect(await figures()).toMatchObject({ completedSales: 2 });
    await t.db.update(trades).set({ state: 'completed' }).where(eq(trades.id, open.id));
    expect(await figures()).toMatchObject({ completedSales: 3, completedTrades: 3 });
    const [asBuyer] = await t.db.select().from(sellerStats).where(eq(sellerStats.sellerId, buyer.id));
    expect(asBuyer).toMatchObject({ completedSales: 0, completedTrades: 1, reviewCount: 0, score: null });
    await t.db.update(trades).set({ state: 'refunded' }).where(eq(trades.id, open.id));
    expect(await figures()).toMatchObject({ completedSales: 2 });

    // The seller card reads the same figures.
    const page = (await api.as().get(`/api/users/${seller.nickname}`)).json() as {
      stats: { completedSales: number; reviewCount: number };
    };
    expect(page.stats).toMatchObject({ completedSales: 2, reviewCount: 1 });
  });

  it("counts a hidden review once the clock publishes it, when the job refreshes the seller's row", async () => {
    const tag = newTag();
    const early = await createUser(t.db);
    const late = await createUser(t.db);
    await review(early.id, 4);
    const hidden = await review(late.id, 5, new Date(Date.now() + 24 * HOUR));
    const [row] = await t.db.select().from(sellerStats).where(eq(sellerStats.sellerId, late.id));
    expect(row).toMatchObject({ reviewCount: 0, score: null });
    expect(row?.nextPublishAt?.getTime()).toBeGreaterThan(Date.now());
    const older = await createListing(t.db, late.id, {
      gameId,
      title: `Conta ${tag}`,
      createdAt: new Date(Date.now() - 2 * HOUR),
    });
    const newer = await createListing(t.db, early.id, { gameId, title: `Conta ${tag}` });
    expect(await apiOrder(tag, 12)).toEqual([newer, older]);

    // A day passes: the review's publication time and the row's due time are behind the clock, and no write
    // touched either (as when time passes; the triggers are held off to stage it).
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(
        sql`update reviews set published_at = now() - interval '1 minute' where id = ${hidden}`,
      );
      await tx.execute(
        sql`update seller_stats set next_publish_at = now() - interval '1 minute' where seller_id = ${late.id}`,
      );
    });
    expect(await oldOrder(tag)).toEqual([older, newer]);
    expect(await refreshDueSellerStats(t.db)).toBeGreaterThanOrEqual(1);
    expect(await apiOrder(tag, 12)).toEqual([older, newer]);
    const [after] = await t.db.select().from(sellerStats).where(eq(sellerStats.sellerId, late.id));
    expect(after).toMatchObject({ reviewCount: 1, ratingSum: 5, nextPublishAt: null });
  });

  it('the backfill gives the same figures as the triggers', async () => {
    const before = await t.db.select().from(sellerStats).orderBy(sellerStats.sellerId);
    await t.db.delete(sellerStats);
    await rebuildSellerStats(t.db);
    const after = await t.db.select().from(sellerStats).orderBy(sellerStats.sellerId);
    // A member whose only completed trade was undone keeps a row of zeros; the backfill writes none.
    const strip = (rows: typeof before) =>
      rows
        .filter((r) => r.completedTrades > 0 || r.reviewCount > 0 || r.nextPublishAt !== null)
        .map(({ refreshedAt: _, ...rest }) => rest);
    expect(strip(after)).toEqual(strip(before));
  });
});
