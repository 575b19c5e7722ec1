import { postExcerpt } from '@shared/community-rules';
import { MEMBER_ACTIVITY_LIMIT, type MemberActivity, type MemberActivityItem } from '@shared/member-activity';
import { canSeeMemberActivity, ownsProfile } from '@shared/permissions';
import { desc, eq } from 'drizzle-orm';
import type { Viewer } from '../../auth/session';
import type { Db } from '../../db/client';
import { communityComments, communityPosts } from '../../db/schema';
import { isBanned } from '../accounts/standing';
import { readUserSettings } from '../settings/preferences';

/**
 * 'Atividade recente' of a member as `viewer` may see it at `now` (`canSeeMemberActivity`: 'Mostrar atividade' is
 * off by default, a private profile shows only the name, seals and listings, a permanent ban hides it). Decided
 * here, so a visitor's answer carries nothing when it is hidden; the owner is told what hides it from others.
 */
export async function readMemberActivity(
  db: Db,
  memberId: string,
  viewer: Viewer | null,
  now: Date,
): Promise<MemberActivity> {
  const [{ privacy }, banned] = await Promise.all([
    readUserSettings(db, memberId),
    isBanned(db, memberId, now),
  ]);
  if (!canSeeMemberActivity(viewer, { id: memberId, ...privacy, banned })) {
    return { shown: false, hiddenFromOthers: null, items: [] };
  }
  const hiddenFromOthers = !privacy.profilePublic
    ? 'profile-private'
    : !privacy.showActivity
      ? 'activity-off'
      : null;
  const isOwner = ownsProfile(viewer, { id: memberId });

  const [posts, comments] = await Promise.all([
    db
      .select({
        id: communityPosts.id,
        title: communityPosts.title,
        content: communityPosts.content,
        createdAt: communityPosts.createdAt,
      })
      .from(communityPosts)
      .where(eq(communityPosts.authorId, memberId))
      .orderBy(desc(communityPosts.createdAt), desc(communityPosts.id))
      .limit(MEMBER_ACTIVITY_LIMIT),
    db
      .select({
        id: communityComments.id,
        postId: communityComments.postId,
        title: communityPosts.title,
        content: communityComments.content,
        createdAt: communityComments.createdAt,
      })
      .from(communityComments)
      .innerJoin(communityPosts, eq(communityPosts.id, communityComments.postId))
      .where(eq(communityComments.authorId, memberId))
      .orderBy(desc(communityComments.createdAt), desc(communityComments.id))
      .limit(MEMBER_ACTIVITY_LIMIT),
  ]);
  const items: MemberActivityItem[] = [
    ...posts.map((p) => ({ kind: 'post' as const, id: p.id, postId: p.id, ...common(p) })),
    ...comments.map((c) => ({ kind: 'comment' as const, id: c.id, postId: c.postId, ...common(c) })),
  ];
  // ISO strings of one format sort as their dates do.
  items.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return {
    shown: true,
    hiddenFromOthers: isOwner ? hiddenFromOthers : null,
    items: items.slice(0, MEMBER_ACTIVITY_LIMIT),
  };
}

const common = (row: { title: string; content: string; createdAt: Date }) => ({
  postTitle: row.title,
  excerpt: postExcerpt(row.content),
  createdAt: row.createdAt.toISOString(),
});
