import { and, eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { listings, userSuspensions } from '../../db/schema';

/**
 * Decision 023: a suspension beyond a warning closes the member's shop while it is in force. The predicate is
 * accounts/suspensions.ts's `activeSuspension` (penalty other than 'advertencia', no end or an end still to come)
 * written once here as SQL, for every public read of listings: lifting a suspension early sets its `ends_at`,
 * so nothing else is stored and the shop reopens by itself. An anti-join on user_suspensions(user_id, …).
 */
const inForce = sql`${userSuspensions.penalty} <> 'advertencia'
    and (${userSuspensions.endsAt} is null or ${userSuspensions.endsAt} > now())`;

export function isShopOpen(userId: SQLWrapper): SQL<boolean> {
  return sql<boolean>`not exists (select 1 from ${userSuspensions} where ${userSuspensions.userId} = ${userId}
    and ${inForce})`;
}

/**
 * `userId` is suspended now (the negation of isShopOpen), as `in (subquery)`: for a count over the whole catalogue
 * (the games' counts), subtracting the few closed shops' listings (by `listings_seller_idx`) is cheaper than an
 * anti-join on every listing.
 */
export function isShopClosedSql(userId: SQLWrapper): SQL<boolean> {
  return sql<boolean>`${userId} in (select ${userSuspensions.userId} from ${userSuspensions} where ${inForce})`;
}

/** The listing's seller is not suspended now. */
export const sellerShopOpen: SQL<boolean> = isShopOpen(listings.sellerId);

/** The listing's own part of `publicListing`, for a read that checks the seller's shop once per seller. */
export const activeListing: SQL = eq(listings.status, 'active');

/** What any public read of listings shows: active listings of sellers whose shop is open. */
export const publicListing: SQL = and(activeListing, sellerShopOpen) as SQL;

/** True while `userId` is suspended (beyond a warning): their listings are closed, they cannot trade. */
export async function isShopClosed(db: Db, userId: string): Promise<boolean> {
  const [row] = await queryRows<{ open: boolean }>(db, sql`select ${isShopOpen(sql`${userId}`)} as open`);
  return row?.open === false;
}

/**
 * A permanent ban (penalty 'permanente', not lifted) hides the member's forum posts and comments from the
 * forum's public reads; a 7- or 30-day suspension does not (decision 023).
 */
export function isNotBanned(userId: SQLWrapper): SQL<boolean> {
  return sql<boolean>`not exists (select 1 from ${userSuspensions} where ${userSuspensions.userId} = ${userId}
    and ${userSuspensions.penalty} = 'permanente'
    and (${userSuspensions.endsAt} is null or ${userSuspensions.endsAt} > now()))`;
}
