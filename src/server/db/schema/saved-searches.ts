import type { SavedSearchFilters } from '@shared/saved-searches';
import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt } from './columns';
import { games } from './games';
import { listingKind, listings } from './listings';

// Saved searches that alert ('Me avise', issue 38 part 3): the searches, the listing events they are matched
// against, each alert once, and each member's count of the day (the cap of 20, then the digest).

const tsquery = customType<{ data: string }>({ dataType: () => 'tsquery' });

export const savedSearches = pgTable(
  'saved_searches',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The filters as the member saved them (validated by `savedSearchFilters`), to open the search again. */
    filters: jsonb('filters').$type<SavedSearchFilters>().notNull(),
    // The same filters as columns the matcher filters on in SQL (indexed by game and kind).
    gameId: integer('game_id').references(() => games.id, { onDelete: 'cascade' }),
    kind: listingKind('kind'),
    minPriceCents: integer('min_price_cents'),
    maxPriceCents: integer('max_price_cents'),
    /** The words as a tsquery over `listings.search` (same configuration), null without words. */
    query: tsquery('query'),
    paused: boolean('paused').notNull().default(false),
    /** Whether an alert also goes by e-mail (the bell always; push by the member's push switches). */
    email: boolean('email').notNull().default(true),
    createdAt: createdAt(),
    lastMatchedAt: timestamp('last_matched_at', { withTimezone: true }),
  },
  (t) => [
    index('saved_searches_user_idx').on(t.userId, t.createdAt),
    // The matcher's way in: the active searches of one game (or of any game) and kind.
    index('saved_searches_match_idx').on(t.gameId, t.kind, t.maxPriceCents).where(sql`not ${t.paused}`),
  ],
);

export const savedSearchEvent = pgEnum('saved_search_event', ['new', 'price_drop']);
export const savedSearchDelivery = pgEnum('saved_search_delivery', ['sent', 'digest', 'digested']);

/**
 * A listing published or made cheaper, written in that transaction: the match job's work list. The job marks it
 * matched; the periodic sweep takes what a lost wake left.
 */
export const savedSearchEvents = pgTable(
  'saved_search_events',
  {
    id: serial('id').primaryKey(),
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    event: savedSearchEvent('event').notNull(),
    createdAt: createdAt(),
    matchedAt: timestamp('matched_at', { withTimezone: true }),
  },
  (t) => [index('saved_search_events_pending_idx').on(t.createdAt).where(sql`${t.matchedAt} is null`)],
);

/** One alert: a saved search matched by a listing's event, at most once (the unique index). */
export const savedSearchAlerts = pgTable(
  'saved_search_alerts',
  {
    id: serial('id').primaryKey(),
    savedSearchId: integer('saved_search_id')
      .notNull()
      .references(() => savedSearches.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    event: savedSearchEvent('event').notNull(),
    /** The member's day (São Paulo) it counts in. */
    day: date('day').notNull(),
    /** Sent at once, waiting for the day's digest (over the cap), or digested. */
    delivery: savedSearchDelivery('delivery').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('saved_search_alerts_once_idx').on(t.savedSearchId, t.listingId, t.event),
    // The digest's work (a past day's 'digest' alerts) and the staff's figures of the day.
    index('saved_search_alerts_day_idx').on(t.day, t.delivery),
  ],
);

/** Alerts a member got on a day, counted as they are matched: the cap reads and raises it in one statement. */
export const savedSearchDays = pgTable(
  'saved_search_days',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    alerts: integer('alerts').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);
