import { reviewMessages as m } from '@shared/review-messages';
import type { ReviewPage, SellerPage, TradeReviews } from '@shared/reviews';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { notifications, reviews, userSettings } from '../../src/server/db/schema';
import { bayesianRating } from '../../src/server/modules/reviews/rating-sort';
import { createStaff, createUser } from '../factories/accounts';
import { createGames, createListing } from '../factories/listings';
import { createFinishedTrade } from '../factories/trades';
import { apiOf } from '../helpers/api';
import { errorOf, signIn } from '../helpers/http';
import { sessionCookie } from '../helpers/sessions';
import { createTestApp, type TestApp } from '../helpers/test-app';

const DAY = 24 * 60 * 60 * 1000;
let t: TestApp;
/** The app's clock: reviews are published by it, and the tests move it. */
let clock = new Date();
let staffCookie: string;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '1000' }, { now: () => clock });
  const staff = await createStaff(t.db);
  staffCookie = await signIn(t.app, staff.email, staff.password);
});
afterAll(() => t?.close());

const api = apiOf(() => t);

async function member() {
  const user = await createUser(t.db);
  return { id: user.id, username: user.nickname, cookie: await sessionCookie(t, user.id) };
}

/** A seller and a buyer whose trade ended `daysAgo` days before the clock. */
async function finished(
  options: { state?: 'completed' | 'refunded' | 'cancelled' | 'awaiting_release'; daysAgo?: number } = {},
) {
  const seller = await member();
  const buyer = await member();
  const trade = await createFinishedTrade(t.db, {
    sellerId: seller.id,
    buyerId: buyer.id,
    state: options.state,
    endedAt: new Date(clock.getTime() - (options.daysAgo ?? 0) * DAY - 60_000),
  });
  return { seller, buyer, ...trade };
}

const reviewsOf = (tradeId: number) => t.db.select().from(reviews).where(eq(reviews.tradeId, tradeId));

async function write(cookie: string, tradeId: number, body: object = { rating: 5, comment: 'Tudo certo!' }) {
  return api.as(cookie).post(`/api/trades/${tradeId}/review`, body);
}

const listingReviews = async (listingId: number) =>
  (await api.as().get(`/api/listings/${listingId}/reviews`)).json() as ReviewPage;

describe('writing a review', () => {
  it('lets the buyer rate the seller once, default 5 stars, and notifies the seller', async () => {
    const s = await finished();
    const res = await write(s.buyer.cookie, s.id, { comment: '  Entrega rápida  ' });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await reviewsOf(s.id);
    expect(row).toMatchObject({
      rating: 5,
      comment: 'Entrega rápida',
      subjectId: s.seller.id,
      authorRole: 'buyer',
    });
    const notes = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, s.seller.id), eq(notifications.kind, 'review_received')));
    expect(notes).toHaveLength(1);

    const twice = await write(s.buyer.cookie, s.id);
    expect(twice.statusCode).toBe(409);
    expect(errorOf(twice).message).toBe(m.alreadyReviewed);
    expect(await reviewsOf(s.id)).toHaveLength(1);
  });

  it('refuses a guest, an outsider, staff and a trade that is not finished, changing nothing', async () => {
    const s = await finished();
    const outsider = await member();
    const guest = await write('', s.id);
    expect(guest.statusCode).toBe(401);
    expect(errorOf(guest).message).toBe(m.loginRequired);
    const other = await write(outsider.cookie, s.id);
    expect(other.statusCode).toBe(404);
    expect(errorOf(other).message).toBe(m.tradeNotFound);
    const staff = await write(staffCookie, s.id);
    expect(staff.statusCode).toBe(403);
    expect(errorOf(staff).message).toBe(m.staffCannotReview);
    expect(await reviewsOf(s.id)).toHaveLength(0);

    for (const state of ['awaiting_release', 'cancelled'] as const) {
      const open = await finished({ state });
      const res = await write(open.buyer.cookie, open.id);
      expect(res.statusCode).toBe(409);
      expect(errorOf(res).message).toBe(m.notFinished);
      expect(await reviewsOf(open.id)).toHaveLength(0);
    }
  });

  it('keeps one review when the same party sends it twice at once, and publishes both when the sides race', async () => {
    const s = await finished();
    const twice = await Promise.all([write(s.buyer.cookie, s.id), write(s.buyer.cookie, s.id)]);
    expect(twice.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await reviewsOf(s.id)).toHaveLength(1);

    const r = await finished();
    const both = await Promise.all([write(r.buyer.cookie, r.id), write(r.seller.cookie, r.id)]);
    expect(both.map((x) => x.statusCode)).toEqual([201, 201]);
    const rows = await reviewsOf(r.id);
    expect(rows.every((row) => row.publishedAt.getTime() <= clock.getTime())).toBe(true);
  });

  it('refuses a rating outside 1 to 5 with the pt-BR message', async () => {
    const s = await finished();
    for (const rating of [0, 6, 4.5]) {
      const res = await write(s.buyer.cookie, s.id, { rating });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).message).toBe(m.ratingInvalid);
    }
    expect(await reviewsOf(s.id)).toHaveLength(0);
  });

  it("makes the seller's review about the buyer, never about the seller", async () => {
    const s = await finished();
    expect((await write(s.seller.cookie, s.id, { rating: 4 })).statusCode).toBe(201);
    const [row] = await reviewsOf(s.id);
    expect(row).toMatchObject({ authorId: s.seller.id, subjectId: s.buyer.id, authorRole: 'seller' });
    const again = await write(s.seller.cookie, s.id, { rating: 5 });
    expect(errorOf(again).message).toBe(m.alreadyReviewed);
  });

  it('gives the seller of a refunded trade no review and marks the buyer review', async () => {
    const s = await finished({ state: 'refunded' });
    const seller = await write(s.seller.cookie, s.id);
    expect(seller.statusCode).toBe(403);
    expect(errorOf(seller).message).toBe(m.sellerRefunded);
    expect((await write(s.buyer.cookie, s.id, { rating: 2 })).statusCode).toBe(201);
    const [row] = await reviewsOf(s.id);
    expect(row?.refunded).toBe(true);
  });

  it('closes writing 7 days after the trade ended', async () => {
    const s = await finished({ daysAgo: 7 });
    const res = await write(s.buyer.cookie, s.id);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).message).toBe(m.windowClosed);
  });
});

describe('publication (neither sees the other until both wrote or 7 days passed)', () => {
  it('hides a review from the other side and the public until the other side writes', async () => {
    const s = await finished();
    await write(s.buyer.cookie, s.id, { rating: 3, comment: 'Demorou' });
    const sellerView = (
      await api.as(s.seller.cookie).get(`/api/trades/${s.id}/reviews`)
    ).json() as TradeReviews;
    expect(sellerView).toMatchObject({ myRole: 'seller', canWrite: true, theirs: null, otherWrote: true });
    expect((await listingReviews(s.listingId)).items).toHaveLength(0);

    await write(s.seller.cookie, s.id, { rating: 5, comment: 'Comprador rápido' });
    const after = (await api.as(s.seller.cookie).get(`/api/trades/${s.id}/reviews`)).json() as TradeReviews;
    expect(after.theirs).toMatchObject({ rating: 3, comment: 'Demorou' });
    expect(after.canEdit).toBe(false);
    const page = await listingReviews(s.listingId);
    expect(page.items.map((r) => r.comment)).toEqual(['Demorou']);
  });

  it('publishes a lone review when the 7 days pass, and editing closes then', async () => {
    const s = await finished();
    await write(s.buyer.cookie, s.id, { rating: 4 });
    const edit = await api.as(s.buyer.cookie).put(`/api/trades/${s.id}/review`, {
      rating: 2,
      comment: 'Mudei',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await listingReviews(s.listingId)).items).toHaveLength(0);

    const before = clock;
    clock = new Date(before.getTime() + 7 * DAY);
    try {
      const page = await listingReviews(s.listingId);
      expect(page.items).toHaveLength(1);
      expect(page.items[0]).toMatchObject({ rating: 2, comment: 'Mudei' });
      const late = await api.as(s.buyer.cookie).put(`/api/trades/${s.id}/review`, { rating: 5 });
      expect(late.statusCode).toBe(409);
      expect(errorOf(late).message).toBe(m.editClosed);
      const late2 = await write(s.seller.cookie, s.id);
      expect(errorOf(late2).message).toBe(m.windowClosed);
    } finally {
      clock = before;
    }
    const [row] = await reviewsOf(s.id);
    expect(row?.rating).toBe(2);
  });

  it('refuses an edit to who never wrote', async () => {
    const s = await finished();
    const res = await api.as(s.buyer.cookie).put(`/api/trades/${s.id}/review`, { rating: 2 });
    expect(res.statusCode).toBe(404);
    expect(errorOf(res).message).toBe(m.notYours);
  });
});

describe('answering a review', () => {
  it('lets the seller answer once, publicly, after publication; nobody else', async () => {
    const s = await finished();
    await write(s.buyer.cookie, s.id, { rating: 5, comment: 'Ótimo' });
    const [review] = await reviewsOf(s.id);
    const id = review?.id as number;
    const answer = (cookie: string, text = 'Obrigado pela compra!') =>
      api.as(cookie).post(`/api/reviews/${id}/answer`, { answer: text });

    const hidden = await answer(s.seller.cookie);
    expect(hidden.statusCode).toBe(409);
    expect(errorOf(hidden).message).toBe(m.answerHidden);
    const outsider = await member();
    expect(errorOf(await answer(outsider.cookie)).message).toBe(m.reviewNotFound);

    await write(s.seller.cookie, s.id, { rating: 5 });
    expect((await answer('')).statusCode).toBe(401);
    const byBuyer = await answer(s.buyer.cookie);
    expect(byBuyer.statusCode).toBe(403);
    expect(errorOf(byBuyer).message).toBe(m.onlySellerAnswers);
    const byStaff = await answer(staffCookie);
    expect(byStaff.statusCode).toBe(403);
    const empty = await answer(s.seller.cookie, '   ');
    expect(errorOf(empty).message).toBe(m.answerRequired);

    expect((await answer(s.seller.cookie)).statusCode).toBe(200);
    const again = await answer(s.seller.cookie, 'Outra');
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe(m.alreadyAnswered);
    const page = await listingReviews(s.listingId);
    expect(page.items[0]).toMatchObject({ answer: 'Obrigado pela compra!' });
    const notes = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, s.buyer.id), eq(notifications.kind, 'review_answered')));
    expect(notes).toHaveLength(1);
  });
});

describe("the seller's figures", () => {
  it('averages the published reviews buyers wrote, and the seller page shows them', async () => {
    const seller = await member();
    const ratings = [5, 4, 2];
    for (const rating of ratings) {
      const buyer = await member();
      const trade = await createFinishedTrade(t.db, {
        sellerId: seller.id,
        buyerId: buyer.id,
        endedAt: new Date(clock.getTime() - 60_000),
      });
      await write(buyer.cookie, trade.id, { rating });
      // The seller's rating of the buyer publishes both, and never counts in the seller's own figures.
      await write(seller.cookie, trade.id, { rating: 1 });
    }
    const res = await api.as().get(`/api/users/${seller.username}`);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as SellerPage;
    expect(page.stats).toMatchObject({
      rating: 3.7,
      reviewCount: 3,
      positivePercent: 67,
      completedSales: 3,
      completedTrades: 3,
    });
    expect(page.buyerReviewCount).toBe(0);
    const received = (await api.as().get(`/api/users/${seller.username}/reviews`)).json() as ReviewPage;
    expect(received.items.map((r) => r.rating)).toEqual([2, 4, 5]);
  });

  it('says nothing invented for a new seller, and a private profile shows only name and seals', async () => {
    const fresh = await member();
    const page = (await api.as().get(`/api/users/${fresh.username}`)).json() as SellerPage;
    expect(page.stats).toMatchObject({
      rating: null,
      reviewCount: 0,
      positivePercent: null,
      responseMinutes: null,
    });

    await t.db.insert(userSettings).values({ userId: fresh.id, profilePublic: false });
    const hidden = (await api.as().get(`/api/users/${fresh.username}`)).json() as SellerPage;
    expect(hidden).toMatchObject({ isPublic: false, stats: null, level: null, username: fresh.username });
    const own = (await api.as(fresh.cookie).get(`/api/users/${fresh.username}`)).json() as SellerPage;
    expect(own.isPublic).toBe(true);
    expect((await api.as().get('/api/users/ninguem-com-este-nome')).statusCode).toBe(404);
  });
});

describe("the marketplace's 'rating' sort", () => {
  it('scores 200 reviews at 4,9 above one 5-star review (the expression the sort orders by)', async () => {
    const [scores] = await queryRows<{ one: number; many: number }>(
      t.db,
      sql`select ${bayesianRating(sql.raw('5'), sql.raw('1'))} as one,
        ${bayesianRating(sql.raw(String(4.9 * 200)), sql.raw('200'))} as many`,
    );
    expect(scores?.one).toBeCloseTo(25 / 6);
    expect(scores?.many).toBeCloseTo(1000 / 205);
    expect(scores?.many).toBeGreaterThan(scores?.one as number);
  });

  it('orders by the Bayesian average: many good reviews beat one 5-star, sellers without reviews last', async () => {
    const gameId = Object.values(await createGames(t.db))[0] as number;
    const tag = `avalrank${Math.random()
      .toString(36)
      .replace(/[^a-z]/g, '')
      .slice(0, 6)}`;
    const past = new Date(Date.now() - DAY);
    /** A seller with a listing titled by `tag` and published buyer reviews of `ratings`. */
    async function seller(ratings: number[]) {
      const s = await member();
      const listingId = await createListing(t.db, s.id, { gameId, title: `Conta ${tag} ${s.username}` });
      for (const rating of ratings) {
        const buyer = await member();
        const trade = await createFinishedTrade(t.db, { sellerId: s.id, buyerId: buyer.id, endedAt: past });
        await t.db.insert(reviews).values({
          tradeId: trade.id,
          authorId: buyer.id,
          subjectId: s.id,
          authorRole: 'buyer',
          listingId: trade.listingId,
          rating,
          periodEndsAt: past,
          publishedAt: past,
        });
      }
      return listingId;
    }
    const none = await seller([]);
    const oneFive = await seller([5]); // (5 × 4 + 5) / 6 ≈ 4,17
    const manyGood = await seller([5, 5, 5, 5, 5, 5, 5, 5, 5, 4]); // (20 + 49) / 15 = 4,6
    const bad = await seller([1, 2, 1]); // (20 + 4) / 8 = 3
    const res = await api.as().get(`/api/listings?q=${tag}&sort=rating`);
    expect(res.statusCode, res.body).toBe(200);
    const items = (res.json() as { items: { id: number; seller: { badge?: { rating: number | null } } }[] })
      .items;
    expect(items.map((i) => i.id)).toEqual([manyGood, oneFive, bad, none]);
    expect(items.map((i) => i.seller.badge?.rating)).toEqual([4.9, 5, 1.3, null]);
  });
});
