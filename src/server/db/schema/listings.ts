import { listingKinds, listingStatuses } from '@shared/listings';
import {
  boolean,
  customType,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt, updatedAt } from './columns';
import { games } from './games';

// The marketplace: listings, their photos, questions, views, favourites and the search dictionary.

export const listingKind = pgEnum('listing_kind', listingKinds);
export const listingStatus = pgEnum('listing_status', listingStatuses);

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const listings = pgTable(
  'listings',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    shortDescription: text('short_description').notNull(),
    priceCents: integer('price_cents').notNull(),
    quantity: integer('quantity').notNull().default(1),
    currency: text('currency').notNull().default('BRL'),
    kind: listingKind('kind').notNull(),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id),
    sellerId: text('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Private: only signed-in users get it, through the contact route. */
    whatsapp: text('whatsapp').notNull(),
    status: listingStatus('status').notNull().default('active'),
    views: integer('views').notNull().default(0),
    /**
     * 'Entrega automática' (issue 37): the stock is the vault's available codes (listing_codes), kept in `quantity`
     * by every code change in its transaction; each paid trade receives one code from the trade process.
     */
    instantDelivery: boolean('instant_delivery').notNull().default(false),
    /** Why a 'paused' listing is paused: 'sem_codigos' (resumes when codes are added) or 'equipe' (staff). */
    pausedReason: text('paused_reason').$type<'sem_codigos' | 'equipe'>(),
    /** Full-text document over title, game name and description; kept by a trigger (migration 0002). */
    search: tsvector('search'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('listings_search_idx').using('gin', t.search),
    // DESC NULLS FIRST is what `ORDER BY … DESC` means; Drizzle's bare .desc() writes NULLS LAST, which
    // the planner cannot use for that order.
    index('listings_status_created_idx').on(
      t.status,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('listings_game_created_idx').on(
      t.gameId,
      t.status,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('listings_price_idx').on(t.status, t.priceCents),
    index('listings_popular_idx').on(t.status, t.views.desc().nullsFirst()),
    index('listings_seller_idx').on(t.sellerId, t.createdAt.desc().nullsFirst()),
    // A seller's active listings newest first, walked and stopped per seller by the 'rating' sort (rating-sort.ts).
    index('listings_seller_status_created_idx').on(
      t.sellerId,
      t.status,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);

export const listingImages = pgTable(
  'listing_images',
  {
    id: serial('id').primaryKey(),
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    /** Order chosen by the seller; the first one is the primary. */
    position: integer('position').notNull(),
    isPrimary: boolean('is_primary').notNull(),
    /** Storage key prefix; the files are `${key}-${width}.webp`. */
    key: text('key').notNull(),
    widths: integer('widths').array().notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    alt: text('alt').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('listing_images_listing_idx').on(t.listingId, t.position)],
);

export const favorites = pgTable(
  'favorites',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.listingId] })],
);

/** Public questions and comments on a listing. */
export const listingComments = pgTable(
  'listing_comments',
  {
    id: serial('id').primaryKey(),
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    authorId: text('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('listing_comments_listing_idx').on(t.listingId, t.createdAt)],
);

/** One row per visitor per listing per day: a view counts once a day. Visitor = user id or a hash of IP and agent. */
export const listingViews = pgTable(
  'listing_views',
  {
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    visitor: text('visitor').notNull(),
    day: date('day').notNull(),
  },
  (t) => [primaryKey({ columns: [t.listingId, t.visitor, t.day] })],
);

/**
 * Words seen in listing titles and game names, unaccented and lower case (kept by the listings trigger).
 * A misspelt search word is replaced by its nearest word here (trigram), a table far smaller than listings.
 */
export const searchWords = pgTable(
  'search_words',
  {
    word: text('word').primaryKey(),
    /** How many listing writes used it: a correction prefers words listings actually use. */
    uses: integer('uses').notNull().default(1),
  },
  (t) => [index('search_words_trgm_idx').using('gin', t.word.op('gin_trgm_ops'))],
);
