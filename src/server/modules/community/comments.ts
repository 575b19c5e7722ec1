import type { PostComment } from '@shared/community';
import { communityMessages as m } from '@shared/community-messages';
import { canDeleteComment } from '@shared/permissions';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Viewer } from '../../auth/session';
import type { Db } from '../../db/client';
import { adminRoles, communityComments, communityPosts, profiles } from '../../db/schema';
import { AppError } from '../../errors';
import { recordAudit } from '../audit/record';
import { forumShows } from './forum-ban';

/** Comments on forum posts: anyone reads, signed-in users write, the author or staff delete. */
export function createPostCommentsService(db: Db) {
  async function list(viewer: Viewer | null, postId: number, commentId?: number): Promise<PostComment[]> {
    const rows = await db
      .select({
        id: communityComments.id,
        content: communityComments.content,
        createdAt: communityComments.createdAt,
        authorId: communityComments.authorId,
        username: profiles.username,
        staffRole: adminRoles.role,
      })
      .from(communityComments)
      .innerJoin(profiles, eq(profiles.id, communityComments.authorId))
      .leftJoin(adminRoles, eq(adminRoles.userId, communityComments.authorId))
      .where(
        and(
          eq(communityComments.postId, postId),
          commentId === undefined ? undefined : eq(communityComments.id, commentId),
          forumShows(communityComments.authorId, viewer, new Date()),
        ),
      )
      .orderBy(asc(communityComments.createdAt), asc(communityComments.id));
    return rows.map((r) => ({
      id: r.id,
      content: r.content,
      createdAt: r.createdAt.toISOString(),
      author: { id: r.authorId, username: r.username, isStaff: r.staffRole !== null },
      canDelete: viewer !== null && canDeleteComment(viewer, { authorId: r.authorId }),
    }));
  }

  async function existingPost(postId: number, viewer: Viewer | null) {
    const [post] = await db
      .select({ id: communityPosts.id })
      .from(communityPosts)
      .where(and(eq(communityPosts.id, postId), forumShows(communityPosts.authorId, viewer, new Date())));
    if (!post) throw new AppError('NOT_FOUND', m.postNotFound);
  }

  return {
    async list(viewer: Viewer | null, postId: number) {
      await existingPost(postId, viewer);
      return list(viewer, postId);
    },

    async add(viewer: Viewer, postId: number, content: string): Promise<PostComment> {
      const id = await db.transaction(async (tx) => {
        // Counting first locks the post: a concurrent delete of the post waits, and the count stays exact.
        const [post] = await tx
          .update(communityPosts)
          .set({ repliesCount: sql`${communityPosts.repliesCount} + 1` })
          .where(eq(communityPosts.id, postId))
          .returning({ id: communityPosts.id });
        if (!post) throw new AppError('NOT_FOUND', m.postNotFound);
        const [created] = await tx
          .insert(communityComments)
          .values({ postId, authorId: viewer.userId, content })
          .returning({ id: communityComments.id });
        return created?.id;
      });
      const [comment] = id === undefined ? [] : await list(viewer, postId, id);
      if (!comment) throw new Error('comment not found after insert');
      return comment;
    },

    /** The comment's author, or staff (logged for the audit when it is someone else's). */
    async remove(viewer: Viewer, commentId: number): Promise<void> {
      await db.transaction(async (tx) => {
        const [comment] = await tx
          .select()
          .from(communityComments)
          .where(eq(communityComments.id, commentId))
          .for('update');
        if (!comment) throw new AppError('NOT_FOUND', m.commentNotFound);
        if (!canDeleteComment(viewer, comment)) throw new AppError('FORBIDDEN', m.deleteCommentForbidden);
        await tx.delete(communityComments).where(eq(communityComments.id, commentId));
        await tx
          .update(communityPosts)
          .set({ repliesCount: sql`${communityPosts.repliesCount} - 1` })
          .where(eq(communityPosts.id, comment.postId));
        if (comment.authorId !== viewer.userId) {
          await recordAudit(tx, {
            actorId: viewer.userId,
            action: 'community_comment.delete',
            targetType: 'community_comment',
            targetId: commentId,
            details: { postId: comment.postId, authorId: comment.authorId, content: comment.content },
          });
        }
      });
    },
  };
}

export type PostCommentsService = ReturnType<typeof createPostCommentsService>;
