import { and, eq, type SQL, type SQLWrapper } from 'drizzle-orm';
import { listings } from '../../db/schema';
import { notSuspendedSql } from '../accounts/standing';

/**
 * Decision 023: a suspension beyond a warning closes the member's shop while it is in force (accounts/standing.ts
 * says when, at the `now` its caller passes). Nothing else is stored, so the shop reopens by itself.
 */

/** The shop of `sellerId` (a column or a value) is open at `now`. */
export const sellerShopOpenOf = (sellerId: SQLWrapper, now: Date): SQL<boolean> =>
  notSuspendedSql(sellerId, now);

/** The listing's seller is not suspended at `now`. */
export const sellerShopOpen = (now: Date): SQL<boolean> => sellerShopOpenOf(listings.sellerId, now);

/** The listing's own part of `publicListing`, for a read that checks the seller's shop once per seller. */
export const activeListing: SQL = eq(listings.status, 'active');

/** What any public read of listings shows: active listings of sellers whose shop is open at `now`. */
export const publicListing = (now: Date): SQL => and(activeListing, sellerShopOpen(now)) as SQL;
