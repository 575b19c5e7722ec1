import { reservingTradeStates } from '@shared/trades';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { listings, trades } from '../../db/schema';

export interface LockedListing {
  id: number;
  title: string;
  kind: (typeof listings.$inferSelect)['kind'];
  priceCents: number;
  quantity: number;
  status: 'active' | 'sold';
  sellerId: string;
  /** Units not held by a trade: quantity − open reservations. */
  available: number;
}

/**
 * Locks the listing's row and counts what is free: a start, a value confirmation and a completion of the same
 * listing wait on each other, so two trades never reserve the last unit together.
 */
export async function lockListingStock(tx: Db, listingId: number): Promise<LockedListing | null> {
  const [listing] = await tx
    .select({
      id: listings.id,
      title: listings.title,
      kind: listings.kind,
      priceCents: listings.priceCents,
      quantity: listings.quantity,
      status: listings.status,
      sellerId: listings.sellerId,
    })
    .from(listings)
    .where(eq(listings.id, listingId))
    .for('update');
  if (!listing) return null;
  const [reserved] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(trades)
    .where(and(eq(trades.listingId, listingId), inArray(trades.state, [...reservingTradeStates])));
  const available = listing.status === 'active' ? listing.quantity - (reserved?.n ?? 0) : 0;
  return { ...listing, available: Math.max(0, available) };
}
