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
  status: 'active' | 'sold' | 'paused';
  sellerId: string;
  /** Instant delivery (issue 37): the stock is the vault's available codes, kept in `quantity`. */
  instantDelivery: boolean;
  pausedReason: 'sem_codigos' | 'equipe' | null;
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
      instantDelivery: listings.instantDelivery,
      pausedReason: listings.pausedReason,
    })
    .from(listings)
    .where(eq(listings.id, listingId))
    .for('update');
  if (!listing) return null;
  // An instant listing's held codes already left `quantity` (decision 029): what is left is what is free.
  if (listing.instantDelivery) {
    return { ...listing, available: listing.status === 'active' ? Math.max(0, listing.quantity) : 0 };
  }
  const [reserved] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(trades)
    .where(and(eq(trades.listingId, listingId), inArray(trades.state, [...reservingTradeStates])));
  const available = listing.status === 'active' ? listing.quantity - (reserved?.n ?? 0) : 0;
  return { ...listing, available: Math.max(0, available) };
}
