import { listingMessages as m } from '@shared/listing-messages';
import type { ListingComment } from '@shared/listings';
import { and, asc, eq } from 'drizzle-orm';
import type { Viewer } from '../../auth/session';
import type { Db } from '../../db/client';
import { adminRoles, listingComments, listings, profiles } from '../../db/schema';
import { AppError } from '../../errors';
import { sellerShopOpen } from './open-shop';

/** Public questions and comments on a listing: anyone reads, signed-in users write. */
export function createCommentsService(db: Db) {
  /** The listing the comments hang on: active, its seller's shop open (decision 023). */
  async function activeListing(id: number) {
    const [listing] = await db
      .select({ sellerId: listings.sellerId, open: sellerShopOpen(new Date()) })
      .from(listings)
      .where(and(eq(listings.id, id), eq(listings.status, 'active')));
    if (!listing) throw new AppError('NOT_FOUND', m.notFound);
    if (!listing.open) throw new AppError('LISTING_UNAVAILABLE', m.unavailable);
    return listing;
  }

  async function list(listingId: number, commentId?: number): Promise<ListingComment[]> {
    const { sellerId } = await activeListing(listingId);
    const rows = await db
      .select({
        id: listingComments.id,
        body: listingComments.body,
        createdAt: listingComments.createdAt,
        authorId: listingComments.authorId,
        username: profiles.username,
        avatarUrl: profiles.avatarUrl,
        staffRole: adminRoles.role,
      })
      .from(listingComments)
      .innerJoin(profiles, eq(profiles.id, listingComments.authorId))
      .leftJoin(adminRoles, eq(adminRoles.userId, listingComments.authorId))
      .where(
        commentId === undefined
          ? eq(listingComments.listingId, listingId)
          : and(eq(listingComments.listingId, listingId), eq(listingComments.id, commentId)),
      )
      .orderBy(asc(listingComments.createdAt), asc(listingComments.id));
    return rows.map((r) => ({
      id: r.id,
      body: r.body,
      createdAt: r.createdAt.toISOString(),
      author: {
        id: r.authorId,
        username: r.username,
        avatarUrl: r.avatarUrl,
        isSeller: r.authorId === sellerId,
        isStaff: r.staffRole !== null,
      },
    }));
  }

  return {
    list: (listingId: number) => list(listingId),

    async post(viewer: Viewer, listingId: number, body: string): Promise<ListingComment> {
      await activeListing(listingId);
      const [created] = await db
        .insert(listingComments)
        .values({ listingId, authorId: viewer.userId, body })
        .returning({ id: listingComments.id });
      const [comment] = created ? await list(listingId, created.id) : [];
      if (!comment) throw new Error('comment not found after insert');
      return comment;
    },
  };
}

export type CommentsService = ReturnType<typeof createCommentsService>;
