import { z } from 'zod';
import { id } from './api';
import { gameRef } from './games';
import { codeCounts } from './listing-codes';
import {
  listingKinds,
  listingStatuses,
  MAX_INT4,
  MAX_PAGE_SIZE,
  PAGE_SIZE,
  sortOrders,
} from './listing-constants';
import { listingMessages as m } from './listing-messages';
import { MAX_PRICE_CENTS, parsePriceCents } from './money';
import { sellerBadge, sellerStats } from './reviews';
import { isValidWhatsapp } from './whatsapp';

export {
  FEATURED_COUNT,
  IMAGE_WIDTHS,
  listingKinds,
  listingStatuses,
  MAX_INT4,
  MAX_PAGE_SIZE,
  MAX_PHOTO_BYTES,
  MAX_PHOTOS,
  MAX_SEARCH_RESULTS,
  PAGE_SIZE,
  SHORT_DESCRIPTION_LENGTH,
  shortDescription,
  sortOrders,
} from './listing-constants';

export const listingKind = z.enum(listingKinds, { error: m.invalidKind });
export type ListingKind = z.infer<typeof listingKind>;

export const sortOrder = z.enum(sortOrders);
export type SortOrder = z.infer<typeof sortOrder>;

const required = z.string().trim().min(1, m.required);

/**
 * The text fields of the publish/edit form, as typed (strings from a form or multipart body).
 * Photos travel beside them and are checked by the server's media pipeline.
 */
export const listingFields = z.object({
  gameId: z.coerce
    .string()
    .trim()
    .min(1, m.required)
    .transform(Number)
    .pipe(
      z
        .number({ error: m.unknownGame })
        .int(m.unknownGame)
        .positive(m.unknownGame)
        .max(MAX_INT4, m.unknownGame),
    ),
  kind: listingKind,
  title: required.max(120, m.titleTooLong),
  description: required.max(5000, m.descriptionTooLong),
  /** In reais as the member typed it ('19,90', 'R$ 1.234,56'), kept as text; the server reads it as cents. */
  price: z.coerce
    .string()
    .trim()
    .min(1, { error: m.required, abort: true })
    .refine((text) => parsePriceCents(text) > 0, { error: m.invalidPrice, abort: true })
    .refine((text) => parsePriceCents(text) <= MAX_PRICE_CENTS, m.priceTooHigh),
  quantity: z.coerce
    .string()
    .trim()
    .transform((v) => (v === '' ? 1 : Number(v)))
    .pipe(
      z
        .number({ error: m.invalidQuantity })
        .int(m.invalidQuantity)
        .positive(m.invalidQuantity)
        .max(1_000_000, m.invalidQuantity),
    ),
  whatsapp: required.refine(isValidWhatsapp, m.invalidWhatsapp),
  /**
   * 'Entrega automática' (issue 37): the stock is the vault's codes, delivered by the trade process on payment
   * (items, coins and accounts only; the server says so under the field). A form sends 'true'/'on', JSON a boolean.
   */
  instantDelivery: z
    .union([z.boolean(), z.enum(['true', 'false', 'on', 'off', ''])])
    .optional()
    .transform((v) => v === true || v === 'true' || v === 'on'),
});
/** The fields as the server keeps them: the typed price read as cents. */
export type ListingFields = Omit<z.output<typeof listingFields>, 'price'> & { priceCents: number };

/** A price filter in cents, from 0 to MAX_PRICE_CENTS (a larger one would overflow the int4 column). */
const priceFilter = z.coerce
  .number({ error: m.invalidPriceFilter })
  .int(m.invalidPriceFilter)
  .min(0, m.invalidPriceFilter)
  .max(MAX_PRICE_CENTS, m.invalidPriceFilter)
  .optional();

/** Query of GET /api/listings. Money is in cents on the wire, like every price the API answers. */
export const listingSearchQuery = z.object({
  q: z.string().trim().max(200).optional(),
  game: z.string().trim().max(80).optional(),
  kind: listingKind.optional(),
  minPriceCents: priceFilter,
  maxPriceCents: priceFilter,
  sort: sortOrder.optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PAGE_SIZE),
});
export type ListingSearchQuery = z.input<typeof listingSearchQuery>;

export const listingImage = z.object({
  id: z.number().int(),
  /** The 640px (or largest) WebP. */
  url: z.string(),
  srcSet: z.string(),
  alt: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  isPrimary: z.boolean(),
});
export type ListingImage = z.infer<typeof listingImage>;

/** A listing as cards show it. No contact data: public payloads never carry the WhatsApp number. */
export const listingCard = z.object({
  id: z.number().int(),
  title: z.string(),
  shortDescription: z.string(),
  priceCents: z.number().int(),
  currency: z.string(),
  quantity: z.number().int(),
  kind: listingKind,
  game: gameRef,
  seller: z.object({
    id: z.string(),
    username: z.string(),
    /** Seals, level and rating from real trades (issue 12); present on the marketplace's and the detail's cards. */
    badge: sellerBadge.optional(),
  }),
  image: listingImage.nullable(),
  views: z.number().int(),
  createdAt: z.string(),
  /** 'Entrega automática' (issue 37): the code arrives by itself once the payment is confirmed. */
  instantDelivery: z.boolean(),
});
export type ListingCard = z.infer<typeof listingCard>;

export const listingPage = z.object({
  items: z.array(listingCard),
  /** Matches, counted up to 1 000; `totalCapped` says the real number is higher. */
  total: z.number().int(),
  totalCapped: z.boolean(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** The query after typo correction, when a word was replaced ('valorat' → 'valorant'). */
  correctedQuery: z.string().nullable(),
  /** When a search found nothing: known words close to its words, to search instead. */
  suggestions: z.array(z.string()).optional(),
});
export type ListingPage = z.infer<typeof listingPage>;

export const listingDetail = listingCard.extend({
  description: z.string(),
  status: z.enum(listingStatuses),
  images: z.array(listingImage),
  updatedAt: z.string(),
  seller: z.object({
    id: z.string(),
    username: z.string(),
    avatarUrl: z.string().nullable(),
    memberSince: z.string(),
    activeListings: z.number().int(),
    badge: sellerBadge.optional(),
    /** The seller's real figures (rating, sales, % positive, response time, last seen). */
    stats: sellerStats.optional(),
  }),
  /** The owner of an instant-delivery listing only: its vault's counts (issue 37). */
  codes: codeCounts.optional(),
});
export type ListingDetail = z.infer<typeof listingDetail>;

/** The owner's own listing, for the edit form (includes the WhatsApp number they typed). */
export const ownListing = listingDetail.extend({ whatsapp: z.string() });
export type OwnListing = z.infer<typeof ownListing>;

export const myListings = z.object({
  total: z.number().int(),
  items: z.array(
    listingCard.extend({
      status: z.enum(listingStatuses),
      /** Instant-delivery listings only: the vault's counts (issue 37). */
      codes: codeCounts.optional(),
    }),
  ),
});
export type MyListings = z.infer<typeof myListings>;

export const listingContact = z.object({ whatsapp: z.string(), url: z.string() });
export type ListingContact = z.infer<typeof listingContact>;

export const commentInput = z.object({
  body: z.string().trim().min(1, m.commentRequired).max(1000, m.commentTooLong),
});
export const listingComment = z.object({
  id: z.number().int(),
  body: z.string(),
  createdAt: z.string(),
  author: z.object({
    id: z.string(),
    username: z.string(),
    avatarUrl: z.string().nullable(),
    isSeller: z.boolean(),
    isStaff: z.boolean(),
  }),
});
export type ListingComment = z.infer<typeof listingComment>;
export const listingComments = z.object({ comments: z.array(listingComment) });

export const favoriteIds = z.object({ listingIds: z.array(z.number().int()) });
export type FavoriteIds = z.infer<typeof favoriteIds>;

/** The answer to a publish or an edit: where the listing now lives. */
export const savedListing = z.object({ id: z.number().int(), gameSlug: z.string() });
export type SavedListing = z.infer<typeof savedListing>;

export const favoriteParams = z.object({ listingId: id });

/** The seller's own listings; the user menu asks for a few. */
export const myListingsQuery = z.object({ limit: z.coerce.number().int().min(1).max(100).optional() });
