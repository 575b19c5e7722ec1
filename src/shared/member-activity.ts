import { z } from 'zod';

/** The seller page lists this many of the member's newest forum posts and comments, together. */
export const MEMBER_ACTIVITY_LIMIT = 5;

export const memberActivityItem = z.object({
  kind: z.enum(['post', 'comment']),
  /** The post's id, or the comment's. */
  id: z.number().int(),
  /** The post it belongs to (its own id for a post): the link goes there. */
  postId: z.number().int(),
  postTitle: z.string(),
  excerpt: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type MemberActivityItem = z.infer<typeof memberActivityItem>;

/**
 * `GET /api/users/:username/activity`: 'Atividade recente' on the seller page (privacy.showActivity, part 2 §3).
 * Others get it only when the member shows it and the profile is public; otherwise `shown` is false and `items`
 * empty. The owner always gets it, with `hiddenFromOthers` saying why others do not (null: they do).
 */
export const memberActivity = z.object({
  shown: z.boolean(),
  hiddenFromOthers: z.enum(['activity-off', 'profile-private']).nullable(),
  items: z.array(memberActivityItem),
});
export type MemberActivity = z.infer<typeof memberActivity>;
