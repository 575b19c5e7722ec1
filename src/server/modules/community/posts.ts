import type { PostDetail, PostInput, PostPage, PostQuery } from '@shared/community';
import { communityMessages as m } from '@shared/community-messages';
import {
  COMMUNITY_PAGE_SIZE,
  POST_EXCERPT_LENGTH,
  POSTS_TOTAL_CAP,
  postExcerpt,
} from '@shared/community-rules';
import { canDeletePost, canEditPost } from '@shared/permissions';
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Viewer } from '../../auth/session';
import type { Db } from '../../db/client';
import { adminRoles, communityLikes, communityPosts, profiles } from '../../db/schema';
import { AppError } from '../../errors';
import { recordAudit } from '../audit/record';
import { forumShows } from './forum-ban';

/**
 * Every word must appear in the title or the content, accents and case aside. The expression is the one
 * the trigram index of migration 0008 covers, so the index answers it.
 */
function searchCondition(q: string | undefined): SQL | undefined {
  const words = (q ?? '').split(/\s+/).filter(Boolean).slice(0, 8);
  if (words.length === 0) return undefined;
  const text = sql`f_unaccent(lower(${communityPosts.title} || ' ' || ${communityPosts.content}))`;
  const pattern = (word: string) => `%${word.replace(/[\\%_]/g, '\\$&')}%`;
  return and(...words.map((w) => sql`${text} LIKE f_unaccent(lower(${pattern(w)}))`));
}

export function createPostsService(db: Db) {
  return {
    async list(query: PostQuery & { page: number }): Promise<PostPage> {
      const where = and(
        // A permanently banned member's posts are out of the forum's list, for staff too (decision 023).
        forumShows(communityPosts.authorId, null, new Date()),
        query.category ? eq(communityPosts.category, query.category) : undefined,
        searchCondition(query.q),
      );
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id: communityPosts.id,
            title: communityPosts.title,
            content: sql<string>`left(${communityPosts.content}, ${POST_EXCERPT_LENGTH + 1})`,
            category: communityPosts.category,
            authorId: communityPosts.authorId,
            username: profiles.username,
            staffRole: adminRoles.role,
            likesCount: communityPosts.likesCount,
            repliesCount: communityPosts.repliesCount,
            createdAt: communityPosts.createdAt,
          })
          .from(communityPosts)
          .innerJoin(profiles, eq(profiles.id, communityPosts.authorId))
          .leftJoin(adminRoles, eq(adminRoles.userId, communityPosts.authorId))
          .where(where)
          .orderBy(desc(communityPosts.createdAt), desc(communityPosts.id))
          .limit(COMMUNITY_PAGE_SIZE)
          .offset((query.page - 1) * COMMUNITY_PAGE_SIZE),
        // Counting stops past the cap: a common search word would otherwise recheck every matching post.
        db.select({ n: count() }).from(
          db
            .select({ id: communityPosts.id })
            .from(communityPosts)
            .where(where)
            .limit(POSTS_TOTAL_CAP + 1)
            .as('matches'),
        ),
      ]);
      return {
        posts: rows.map((r) => ({
          id: r.id,
          title: r.title,
          excerpt: postExcerpt(r.content),
          category: r.category,
          author: { id: r.authorId, username: r.username, isStaff: r.staffRole !== null },
          likesCount: r.likesCount,
          repliesCount: r.repliesCount,
          createdAt: r.createdAt.toISOString(),
        })),
        total: Math.min(total?.n ?? 0, POSTS_TOTAL_CAP),
        totalCapped: (total?.n ?? 0) > POSTS_TOTAL_CAP,
        page: query.page,
        pageSize: COMMUNITY_PAGE_SIZE,
      };
    },

    async create(viewer: Viewer, input: PostInput): Promise<{ id: number }> {
      const [post] = await db
        .insert(communityPosts)
        .values({ ...input, authorId: viewer.userId })
        .returning({ id: communityPosts.id });
      if (!post) throw new Error('post not created');
      return post;
    },

    /** A post; a permanently banned member's is 'not found' to everyone but staff (decision 023). */
    async detail(viewer: Viewer | null, id: number): Promise<PostDetail> {
      const [post] = await db
        .select()
        .from(communityPosts)
        .where(and(eq(communityPosts.id, id), forumShows(communityPosts.authorId, viewer, new Date())));
      if (!post) throw new AppError('NOT_FOUND', m.postNotFound);
      const [like] = viewer
        ? await db
            .select({ postId: communityLikes.postId })
            .from(communityLikes)
            .where(and(eq(communityLikes.postId, id), eq(communityLikes.userId, viewer.userId)))
        : [];
      return {
        id: post.id,
        authorId: post.authorId,
        title: post.title,
        content: post.content,
        category: post.category,
        likesCount: post.likesCount,
        repliesCount: post.repliesCount,
        createdAt: post.createdAt.toISOString(),
        editedAt: post.editedAt?.toISOString() ?? null,
        likedByMe: like !== undefined,
        canEdit: viewer !== null && canEditPost(viewer, post),
        canDelete: viewer !== null && canDeletePost(viewer, post),
      };
    },

    /** Only the author: staff moderate by deleting, never by rewriting someone's words. */
    async update(viewer: Viewer, id: number, input: PostInput): Promise<{ id: number }> {
      const [post] = await db
        .select({ authorId: communityPosts.authorId })
        .from(communityPosts)
        .where(eq(communityPosts.id, id));
      if (!post) throw new AppError('NOT_FOUND', m.postNotFound);
      if (!canEditPost(viewer, post)) throw new AppError('FORBIDDEN', m.editPostForbidden);
      await db
        .update(communityPosts)
        .set({ ...input, editedAt: new Date() })
        .where(and(eq(communityPosts.id, id), eq(communityPosts.authorId, viewer.userId)));
      return { id };
    },

    /** The author, or staff (logged for the audit when the post is someone else's). */
    async remove(viewer: Viewer, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const [post] = await tx.select().from(communityPosts).where(eq(communityPosts.id, id)).for('update');
        if (!post) throw new AppError('NOT_FOUND', m.postNotFound);
        if (!canDeletePost(viewer, post)) throw new AppError('FORBIDDEN', m.deletePostForbidden);
        await tx.delete(communityPosts).where(eq(communityPosts.id, id));
        if (post.authorId !== viewer.userId) {
          await recordAudit(tx, {
            actorId: viewer.userId,
            action: 'community_post.delete',
            targetType: 'community_post',
            targetId: id,
            details: { authorId: post.authorId, title: post.title, content: post.content },
          });
        }
      });
    },
  };
}

export type PostsService = ReturnType<typeof createPostsService>;
