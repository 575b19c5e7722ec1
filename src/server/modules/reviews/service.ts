import { paths } from '@shared/paths';
import { canSeeTrade, tradeRoleOf } from '@shared/permissions';
import { reviewMessages as m, reviewNotices } from '@shared/review-messages';
import {
  type PublicReview,
  REVIEW_PERIOD_MS,
  REVIEWS_PAGE_SIZE,
  type ReviewAuthorRole,
  type ReviewPage,
  type TradeReviews,
} from '@shared/reviews';
import { and, desc, eq, gt, lte, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Viewer } from '../../auth/session';
import type { Db } from '../../db/client';
import { adminRoles, profiles, reviews, trades } from '../../db/schema';
import { AppError } from '../../errors';
import { notify } from '../notifications/service';

export interface ReviewsDeps {
  db: Db;
  /** The clock: publication and the review period are judged against it (tests move it). */
  now: () => Date;
}

type TradeRow = typeof trades.$inferSelect;

/** A finished trade's end: the release for a completed trade, the last change (the refund) otherwise. */
const tradeEndedAt = (trade: Pick<TradeRow, 'releasedAt' | 'updatedAt'>) =>
  trade.releasedAt ?? trade.updatedAt;

const reviewableStates = ['completed', 'refunded'] as const;
const isReviewable = (state: TradeRow['state']) => (reviewableStates as readonly string[]).includes(state);

const authorProfile = alias(profiles, 'author_profile');
const subjectProfile = alias(profiles, 'subject_profile');
const authorStaff = alias(adminRoles, 'author_staff');
const subjectStaff = alias(adminRoles, 'subject_staff');

const reviewColumns = {
  id: reviews.id,
  tradeId: reviews.tradeId,
  rating: reviews.rating,
  comment: reviews.comment,
  authorRole: reviews.authorRole,
  listingId: reviews.listingId,
  listingTitle: trades.listingTitle,
  refunded: reviews.refunded,
  answer: reviews.answer,
  answeredAt: reviews.answeredAt,
  publishedAt: reviews.publishedAt,
  periodEndsAt: reviews.periodEndsAt,
  createdAt: reviews.createdAt,
  updatedAt: reviews.updatedAt,
  authorId: reviews.authorId,
  authorUsername: authorProfile.username,
  authorAvatar: authorProfile.avatarUrl,
  authorStaff: authorStaff.role,
  subjectId: reviews.subjectId,
  subjectUsername: subjectProfile.username,
  subjectAvatar: subjectProfile.avatarUrl,
  subjectStaff: subjectStaff.role,
};

function selectReviews(db: Db) {
  return db
    .select(reviewColumns)
    .from(reviews)
    .innerJoin(trades, eq(trades.id, reviews.tradeId))
    .innerJoin(authorProfile, eq(authorProfile.id, reviews.authorId))
    .innerJoin(subjectProfile, eq(subjectProfile.id, reviews.subjectId))
    .leftJoin(authorStaff, eq(authorStaff.userId, reviews.authorId))
    .leftJoin(subjectStaff, eq(subjectStaff.userId, reviews.subjectId));
}

type ReviewRow = Awaited<ReturnType<ReturnType<typeof selectReviews>['execute']>>[number];

function toReview(r: ReviewRow): PublicReview {
  return {
    id: r.id,
    rating: r.rating,
    comment: r.comment || null,
    authorRole: r.authorRole,
    author: {
      id: r.authorId,
      username: r.authorUsername,
      avatarUrl: r.authorAvatar,
      isStaff: r.authorStaff !== null,
    },
    subject: {
      id: r.subjectId,
      username: r.subjectUsername,
      avatarUrl: r.subjectAvatar,
      isStaff: r.subjectStaff !== null,
    },
    listingId: r.listingId,
    listingTitle: r.listingTitle,
    refunded: r.refunded,
    answer: r.answer,
    answeredAt: r.answeredAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** Reviews of finished trades: written by the parties, published when both wrote or the period closed. */
export function createReviewsService({ db, now }: ReviewsDeps) {
  /**
   * The viewer's seat in a trade; anyone who may not see it gets the trade's own 404. The rule is trades/access.ts's
   * (`canSeeTrade`), applied here on the row this module reads: trades imports reviews, so reviews cannot import it.
   */
  async function seatOf(tx: Db, viewer: Viewer, tradeId: number, { lock = false } = {}) {
    const query = tx.select().from(trades).where(eq(trades.id, tradeId));
    const [trade] = lock ? await query.for('update') : await query;
    if (!trade || !canSeeTrade(viewer, trade)) throw new AppError('NOT_FOUND', m.tradeNotFound);
    const role = tradeRoleOf(viewer, { ...trade, intermediaryId: null });
    const reviewRole: ReviewAuthorRole | null =
      role === 'comprador' ? 'buyer' : role === 'vendedor' ? 'seller' : null;
    return { trade, reviewRole };
  }

  async function page(where: SQL | undefined, pageNumber: number): Promise<ReviewPage> {
    const [rows, counted] = await Promise.all([
      selectReviews(db)
        .where(where)
        .orderBy(desc(reviews.publishedAt), desc(reviews.id))
        .limit(REVIEWS_PAGE_SIZE)
        .offset((pageNumber - 1) * REVIEWS_PAGE_SIZE),
      db.select({ n: sql<number>`count(*)::int` }).from(reviews).where(where),
    ]);
    return {
      items: rows.map(toReview),
      total: counted[0]?.n ?? 0,
      page: pageNumber,
      pageSize: REVIEWS_PAGE_SIZE,
    };
  }

  const published = () => lte(reviews.publishedAt, now());

  return {
    /** What a party (or staff) sees of one trade's reviews: theirs always, the other's once published. */
    async forTrade(viewer: Viewer, tradeId: number): Promise<TradeReviews> {
      const { trade, reviewRole } = await seatOf(db, viewer, tradeId);
      const at = now();
      const rows = await selectReviews(db).where(eq(reviews.tradeId, tradeId));
      const finished = isReviewable(trade.state);
      const periodEndsAt = finished ? new Date(tradeEndedAt(trade).getTime() + REVIEW_PERIOD_MS) : null;
      const open = periodEndsAt !== null && at < periodEndsAt;
      const mine = rows.find((r) => r.authorId === viewer.userId) ?? null;
      const other = reviewRole ? (rows.find((r) => r.authorId !== viewer.userId) ?? null) : null;
      const refunded = trade.state === 'refunded';
      return {
        myRole: reviewRole,
        canWrite: reviewRole !== null && mine === null && open && !(refunded && reviewRole === 'seller'),
        canEdit: mine !== null && at < mine.periodEndsAt && at < mine.publishedAt,
        periodEndsAt: periodEndsAt?.toISOString() ?? null,
        refunded,
        mine: mine ? toReview(mine) : null,
        theirs: other && other.publishedAt <= at ? toReview(other) : null,
        otherWrote: other !== null,
        published: reviewRole ? [] : rows.filter((r) => r.publishedAt <= at).map(toReview),
      };
    },

    /**
     * The buyer rates the seller, or the seller the buyer, once per completed trade (a refunded trade: the
     * buyer only, and the review says it was refunded), within 7 days of its end. When the other side already
     * wrote, both are published now; otherwise this one waits for them or for the period's end.
     */
    async write(
      viewer: Viewer,
      tradeId: number,
      input: { rating: number; comment: string },
    ): Promise<number> {
      return db.transaction(async (tx) => {
        // Locked: two parties writing together see each other's row and publish both exactly once.
        const { trade, reviewRole } = await seatOf(tx, viewer, tradeId, { lock: true });
        if (reviewRole === null) throw new AppError('FORBIDDEN', m.staffCannotReview);
        if (!isReviewable(trade.state)) throw new AppError('CONFLICT', m.notFinished);
        if (trade.state === 'refunded' && reviewRole === 'seller') {
          throw new AppError('FORBIDDEN', m.sellerRefunded);
        }
        const at = now();
        const periodEndsAt = new Date(tradeEndedAt(trade).getTime() + REVIEW_PERIOD_MS);
        if (at >= periodEndsAt) throw new AppError('CONFLICT', m.windowClosed);
        const existing = await tx
          .select({ id: reviews.id, authorId: reviews.authorId })
          .from(reviews)
          .where(eq(reviews.tradeId, tradeId));
        if (existing.some((r) => r.authorId === viewer.userId)) {
          throw new AppError('CONFLICT', m.alreadyReviewed);
        }
        const otherWrote = existing.length > 0;
        const subjectId = reviewRole === 'buyer' ? trade.sellerId : trade.buyerId;
        const [row] = await tx
          .insert(reviews)
          .values({
            tradeId,
            authorId: viewer.userId,
            subjectId,
            authorRole: reviewRole,
            listingId: trade.listingId,
            rating: input.rating,
            comment: input.comment || null,
            refunded: trade.state === 'refunded',
            periodEndsAt,
            publishedAt: otherWrote ? at : periodEndsAt,
            createdAt: at,
            updatedAt: at,
          })
          .returning({ id: reviews.id });
        if (otherWrote) {
          await tx
            .update(reviews)
            .set({ publishedAt: at })
            .where(and(eq(reviews.tradeId, tradeId), gt(reviews.publishedAt, at)));
        }
        const [author] = await tx
          .select({ username: profiles.username })
          .from(profiles)
          .where(eq(profiles.id, viewer.userId));
        await notify(tx, {
          userId: subjectId,
          kind: 'review_received',
          ...reviewNotices.received(author?.username ?? 'A outra parte', trade.listingTitle),
          link: paths.trade(tradeId),
        });
        return row?.id as number;
      });
    },

    /** The author edits their review while the period is open and the other side has not written yet. */
    async edit(viewer: Viewer, tradeId: number, input: { rating: number; comment: string }): Promise<void> {
      await seatOf(db, viewer, tradeId);
      const at = now();
      const [own] = await db
        .select({ id: reviews.id })
        .from(reviews)
        .where(and(eq(reviews.tradeId, tradeId), eq(reviews.authorId, viewer.userId)));
      if (!own) throw new AppError('NOT_FOUND', m.notYours);
      const [changed] = await db
        .update(reviews)
        .set({ rating: input.rating, comment: input.comment || null, updatedAt: at })
        .where(and(eq(reviews.id, own.id), gt(reviews.periodEndsAt, at), gt(reviews.publishedAt, at)))
        .returning({ id: reviews.id });
      if (!changed) throw new AppError('CONFLICT', m.editClosed);
    },

    /** The one who was rated answers once, publicly, after the review is published. */
    async answer(viewer: Viewer, reviewId: number, text: string): Promise<void> {
      await db.transaction(async (tx) => {
        const [review] = await tx
          .select({
            subjectId: reviews.subjectId,
            authorId: reviews.authorId,
            publishedAt: reviews.publishedAt,
            answer: reviews.answer,
            tradeId: reviews.tradeId,
            listingTitle: trades.listingTitle,
          })
          .from(reviews)
          .innerJoin(trades, eq(trades.id, reviews.tradeId))
          .where(eq(reviews.id, reviewId));
        const at = now();
        // A review still hidden does not exist for anyone but its author and its subject.
        const visible =
          review &&
          (review.publishedAt <= at ||
            review.subjectId === viewer.userId ||
            review.authorId === viewer.userId);
        if (!review || !visible) throw new AppError('NOT_FOUND', m.reviewNotFound);
        if (review.subjectId !== viewer.userId) throw new AppError('FORBIDDEN', m.onlySellerAnswers);
        if (review.publishedAt > at) throw new AppError('CONFLICT', m.answerHidden);
        const [changed] = await tx
          .update(reviews)
          .set({ answer: text, answeredAt: at })
          .where(and(eq(reviews.id, reviewId), sql`${reviews.answer} is null`))
          .returning({ id: reviews.id });
        if (!changed) throw new AppError('CONFLICT', m.alreadyAnswered);
        const [seller] = await tx
          .select({ username: profiles.username })
          .from(profiles)
          .where(eq(profiles.id, viewer.userId));
        await notify(tx, {
          userId: review.authorId,
          kind: 'review_answered',
          ...reviewNotices.answered(seller?.username ?? 'O vendedor', review.listingTitle),
          link: paths.trade(review.tradeId),
        });
      });
    },

    /** Published buyers' reviews of a listing's trades, newest first. */
    forListing: (listingId: number, pageNumber: number) =>
      page(and(eq(reviews.listingId, listingId), eq(reviews.authorRole, 'buyer'), published()), pageNumber),

    /** Published reviews a member received as seller (or as buyer), newest first. */
    forUser: (userId: string, as: ReviewAuthorRole, pageNumber: number) =>
      page(
        and(
          eq(reviews.subjectId, userId),
          eq(reviews.authorRole, as === 'seller' ? 'buyer' : 'seller'),
          published(),
        ),
        pageNumber,
      ),
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
