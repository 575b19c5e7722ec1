import { type SQL, sql } from 'drizzle-orm';
import { doublePrecision, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';

// The seller figures the 'rating' sort and the cards read per seller (docs/decisions/024-seller-figures.md).

/** The prior every seller's average is pulled towards (m), and how many reviews it weighs as (C). */
export const PRIOR_RATING = 4;
export const PRIOR_WEIGHT = 5;

/**
 * The Bayesian average (C × m + Σ ratings) / (C + n) of `n` ratings summing to `sum`, in SQL: it pulls a seller
 * with few reviews towards the prior, so one 5-star review (≈ 4,17) does not beat 200 at 4,9 (≈ 4,88).
 */
export const bayesianRating = (sum: SQL, n: SQL) =>
  sql`(${sql.raw(String(PRIOR_WEIGHT * PRIOR_RATING))} + ${sum})::float8 / (${sql.raw(String(PRIOR_WEIGHT))} + ${n})`;

/**
 * One row per member with a completed trade or a review received as seller, kept by triggers on `reviews` and
 * `trades` in the writing transaction (migration 0035), and by the `seller-stats` job when a hidden review's
 * period closes (`next_publish_at`).
 */
export const sellerStats = pgTable(
  'seller_stats',
  {
    sellerId: text('seller_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Published reviews buyers wrote about this member (`published_at <= now()` when last refreshed). */
    reviewCount: integer('review_count').notNull().default(0),
    ratingSum: integer('rating_sum').notNull().default(0),
    /** The 'rating' sort's key: the Bayesian average of those reviews; null without any. */
    score: doublePrecision('score').generatedAlwaysAs(
      (): SQL =>
        sql`case when review_count > 0 then ${bayesianRating(sql.raw('rating_sum'), sql.raw('review_count'))} end`,
    ),
    /** The earliest hidden buyer review's publication: the row is refreshed once it passes. */
    nextPublishAt: timestamp('next_publish_at', { withTimezone: true }),
    completedSales: integer('completed_sales').notNull().default(0),
    /** Completed trades on either side. */
    completedTrades: integer('completed_trades').notNull().default(0),
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('seller_stats_score_idx').on(t.score.desc()).where(sql`${t.score} is not null`),
    index('seller_stats_next_publish_idx').on(t.nextPublishAt).where(sql`${t.nextPublishAt} is not null`),
  ],
);
