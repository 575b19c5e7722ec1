import { codeStates } from '@shared/listing-codes';
import { index, integer, pgEnum, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { listings } from './listings';
import { trades } from './trades';

// Instant delivery (issue 37, docs/decisions/029-instant-delivery.md): a listing's vault of codes.

export const listingCodeState = pgEnum('listing_code_state', codeStates);

export const listingCodes = pgTable(
  'listing_codes',
  {
    id: serial('id').primaryKey(),
    /**
     * Null once the listing is deleted: a delivered code's hash must outlive its listing, or the next seller
     * could import it again ('already sold on the marketplace' reads every listing's delivered codes).
     */
    listingId: integer('listing_id').references(() => listings.id, { onDelete: 'set null' }),
    /** AES-256-GCM with the delivery key (trades/sealed.ts), the listing's id as additional data. */
    sealed: text('sealed').notNull(),
    /** HMAC-SHA-256 of the normalized code under a key derived from the delivery secret: equality, never the code. */
    hash: text('hash').notNull(),
    last4: text('last4').notNull(),
    state: listingCodeState('state').notNull().default('available'),
    /** The trade that holds it (reserved) or received it (delivered, burned). */
    tradeId: integer('trade_id').references(() => trades.id, { onDelete: 'set null' }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** The buyer first revealed it: a refund after this burns it instead of returning it to stock. */
    revealedAt: timestamp('revealed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The vault's tabs and the next code to reserve (oldest available first).
    index('listing_codes_listing_state_idx').on(t.listingId, t.state, t.id),
    // 'Already in this stock' and 'already sold anywhere'.
    index('listing_codes_hash_idx').on(t.hash),
    index('listing_codes_trade_idx').on(t.tradeId),
  ],
);
