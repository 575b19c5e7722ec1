import type { LikeState } from '@shared/community';
import { communityMessages as m } from '@shared/community-messages';
import { and, eq, sql } from 'drizzle-orm';
import type { Viewer } from '../../auth/session';
import type { Db } from '../../db/client';
import { communityLikes, communityPosts } from '../../db/schema';
import { AppError } from '../../errors';

/**
 * Like and unlike are idempotent. The count moves only when a like row was really added or removed, in the
 * same transaction: the primary key makes a concurrent double like insert nothing, and the row lock taken by
 * the count's UPDATE orders concurrent likes of different users, so the count stays exact.
 */
export function createLikesService(db: Db) {
  async function setLike(viewer: Viewer, postId: number, liked: boolean): Promise<LikeState> {
    return db.transaction(async (tx) => {
      // KEY SHARE keeps the post from being deleted meanwhile, yet lets other likes update its count.
      const [post] = await tx
        .select({ likesCount: communityPosts.likesCount })
        .from(communityPosts)
        .where(eq(communityPosts.id, postId))
        .for('key share');
      if (!post) throw new AppError('NOT_FOUND', m.postNotFound);
      const mine = and(eq(communityLikes.postId, postId), eq(communityLikes.userId, viewer.userId));
      const changed = liked
        ? await tx
            .insert(communityLikes)
            .values({ postId, userId: viewer.userId })
            .onConflictDoNothing()
            .returning({ postId: communityLikes.postId })
        : await tx.delete(communityLikes).where(mine).returning({ postId: communityLikes.postId });
      if (changed.length === 0) {
        const [current] = await tx
          .select({ likesCount: communityPosts.likesCount })
          .from(communityPosts)
          .where(eq(communityPosts.id, postId));
        return { liked, likesCount: current?.likesCount ?? post.likesCount };
      }
      const [updated] = await tx
        .update(communityPosts)
        .set({ likesCount: sql`${communityPosts.likesCount} + ${liked ? 1 : -1}` })
        .where(eq(communityPosts.id, postId))
        .returning({ likesCount: communityPosts.likesCount });
      return { liked, likesCount: updated?.likesCount ?? 0 };
    });
  }

  return {
    like: (viewer: Viewer, postId: number) => setLike(viewer, postId, true),
    unlike: (viewer: Viewer, postId: number) => setLike(viewer, postId, false),
  };
}

export type LikesService = ReturnType<typeof createLikesService>;
