/**
 * The listings' limits and names, without their schemas: the browser's entry reads these (route-prefetch.ts), and
 * importing ./listings would build every zod schema on load. ./listings re-exports them.
 */
export const MAX_PHOTOS = 8;
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;
export const SHORT_DESCRIPTION_LENGTH = 150;
export const PAGE_SIZE = 12;
export const MAX_PAGE_SIZE = 48;
/** The largest id a PostgreSQL `integer`/`serial` column holds: a larger one can match no row. */
export const MAX_INT4 = 2_147_483_647;
/**
 * A search reaches its first 1 000 matches and no further (pages up to 84 at 12 per page, 21 at 48):
 * relevance ranks the newest 1 000, the total is counted up to 1 000, and a deeper page is empty.
 */
export const MAX_SEARCH_RESULTS = 1_000;
export const FEATURED_COUNT = 12;
/** Photo widths stored for every upload (never upscaled). */
export const IMAGE_WIDTHS = [320, 640, 1280] as const;

export const listingKinds = ['items', 'coins', 'accounts', 'skins', 'rare'] as const;

/**
 * Created active (part 1 §4); sold when stock reaches 0 (part 2). Only active listings are public. 'paused': an
 * instant-delivery listing out of codes (it resumes when codes are added) or paused by staff (issue 37).
 */
export const listingStatuses = ['active', 'sold', 'paused'] as const;

export const sortOrders = ['relevance', 'recent', 'price_asc', 'price_desc', 'rating', 'popular'] as const;

/** First 150 characters of the description (part 1 §3). */
export function shortDescription(description: string): string {
  return description.trim().slice(0, SHORT_DESCRIPTION_LENGTH);
}
