import { offerStatuses } from '@shared/offers';
import { sql } from 'drizzle-orm';
import {
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
import { createdAt } from './columns';
import { listings } from './listings';

// Offers on listings (docs/decisions/010-trades.md).

export const offerStatus = pgEnum('offer_status', offerStatuses);

/** A buyer's offer on a listing (part 1 §5); accepting it opens a trade at its amount. */
export const offers = pgTable(
  'offers',
  {
    id: serial('id').primaryKey(),
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    buyerId: text('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    message: text('message'),
    status: offerStatus('status').notNull().default('pending'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('offers_listing_idx').on(t.listingId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('offers_buyer_idx').on(t.buyerId, t.createdAt.desc().nullsFirst()),
    // One open offer per buyer and listing: a double click sends one.
    uniqueIndex('offers_one_pending_idx').on(t.listingId, t.buyerId).where(sql`${t.status} = 'pending'`),
    check('offers_amount_positive', sql`${t.amountCents} > 0`),
  ],
);
