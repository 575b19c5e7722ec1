import { and, eq, type SQL } from 'drizzle-orm';
import { listings } from '../../db/schema';
import { notSuspendedSql } from '../accounts/standing';

/**
 * Decision 023: a suspension beyond a warning closes the member's shop while it is in force (accounts/standing.ts
 * says when, at the `now` its caller passes). Nothing else is stored, so the shop reopens by itself.
 */

/** The listing's seller is not suspended at `now`. */
export const sellerShopOpen = (now: Date): SQL<boolean> => notSuspendedSql(listings.sellerId, now);

/** What any public read of listings shows: active listings of sellers whose shop is open at `now`. */
export const publicListing = (now: Date): SQL =>
  and(eq(listings.status, 'active'), sellerShopOpen(now)) as SQL;
