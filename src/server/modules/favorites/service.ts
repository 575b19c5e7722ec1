import { listingMessages as m } from '@shared/listing-messages';
import { and, desc, eq } from 'drizzle-orm';
import type { Viewer } from '../../auth/session';
import type { Db } from '../../db/client';
import { favorites, listings } from '../../db/schema';
import { AppError } from '../../errors';
import { publicListing } from '../listings/open-shop';

/** A signed-in user's hearts on listings. */
export function createFavoritesService(db: Db) {
  return {
    async ids({ userId }: Viewer): Promise<number[]> {
      // Only what the member can open: a suspended seller's listing leaves the list while the suspension lasts
      // (the row stays, so it returns with the shop: decision 023).
      const rows = await db
        .select({ listingId: favorites.listingId })
        .from(favorites)
        .innerJoin(listings, eq(listings.id, favorites.listingId))
        .where(and(eq(favorites.userId, userId), publicListing(new Date())))
        .orderBy(desc(favorites.createdAt));
      return rows.map((r) => r.listingId);
    },

    async add({ userId }: Viewer, listingId: number) {
      const [listing] = await db
        .select({ id: listings.id })
        .from(listings)
        .where(and(eq(listings.id, listingId), publicListing(new Date())));
      if (!listing) throw new AppError('NOT_FOUND', m.notFound);
      await db.insert(favorites).values({ userId, listingId }).onConflictDoNothing();
    },

    async remove({ userId }: Viewer, listingId: number) {
      await db.delete(favorites).where(and(eq(favorites.userId, userId), eq(favorites.listingId, listingId)));
    },
  };
}

export type FavoritesService = ReturnType<typeof createFavoritesService>;
