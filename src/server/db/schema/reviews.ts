import { reviewAuthorRoles } from '@shared/reviews';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt, updatedAt } from './columns';
import { listings } from './listings';
import { trades } from './trades';

// Reviews of finished trades (issue 12, docs/decisions/016-reputation.md).

export const reviewAuthorRole = pgEnum('review_author_role', reviewAuthorRoles);

/**
 * One review per trade and author: the buyer rates the seller, the seller rates the buyer. It is public from
 * `published_at`, set to the end of the review period (7 days after the trade ended) when written, and brought
 * forward to the moment the other side writes theirs.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    tradeId: integer('trade_id')
      .notNull()
      .references(() => trades.id, { onDelete: 'cascade' }),
    authorId: text('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subjectId: text('subject_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    authorRole: reviewAuthorRole('author_role').notNull(),
    /** Copied from the trade so the listing page finds its reviews without the trades table. */
    listingId: integer('listing_id').references(() => listings.id, { onDelete: 'set null' }),
    rating: integer('rating').notNull(),
    comment: text('comment'),
    /** The trade ended refunded: shown on the buyer's review. */
    refunded: boolean('refunded').notNull().default(false),
    answer: text('answer'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /** Writing and editing close here (the trade's end + 7 days). */
    periodEndsAt: timestamp('period_ends_at', { withTimezone: true }).notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('reviews_trade_author_idx').on(t.tradeId, t.authorId),
    index('reviews_subject_idx').on(t.subjectId, t.authorRole, t.publishedAt),
    index('reviews_listing_idx').on(t.listingId, t.publishedAt),
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
    check('reviews_parties_differ', sql`${t.authorId} <> ${t.subjectId}`),
  ],
);
