import { z } from 'zod';
import { communityMessages as m } from './community-messages';
import { communityCategories, MAX_COMMENT, MAX_POST_CONTENT, MAX_POST_TITLE } from './community-rules';

export const postInput = z.object({
  title: z
    .string(m.titleRequired)
    .trim()
    .min(1, m.titleRequired)
    .min(5, m.titleTooShort)
    .max(MAX_POST_TITLE, m.titleTooLong),
  category: z.enum(communityCategories, { error: m.invalidCategory }),
  content: z
    .string(m.contentRequired)
    .trim()
    .min(1, m.contentRequired)
    .max(MAX_POST_CONTENT, m.contentTooLong),
});
export type PostInput = z.infer<typeof postInput>;

export const postQuery = z.object({
  category: z.enum(communityCategories).optional(),
  q: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type PostQuery = z.input<typeof postQuery>;

const author = z.object({ id: z.string(), username: z.string(), isStaff: z.boolean() });

export const postSummary = z.object({
  id: z.number().int(),
  title: z.string(),
  /** The start of the content, plain text. */
  excerpt: z.string(),
  category: z.string(),
  author,
  likesCount: z.number().int(),
  repliesCount: z.number().int(),
  createdAt: z.string(),
});
export type PostSummary = z.infer<typeof postSummary>;

export const postPage = z.object({
  posts: z.array(postSummary),
  /** Counted up to POSTS_TOTAL_CAP; `totalCapped` says there are more. */
  total: z.number().int(),
  totalCapped: z.boolean(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type PostPage = z.infer<typeof postPage>;

/** A post as its page shows it; the author's name comes from the public profile lookup (part 2 §7). */
export const postDetail = z.object({
  id: z.number().int(),
  authorId: z.string(),
  title: z.string(),
  content: z.string(),
  category: z.string(),
  likesCount: z.number().int(),
  repliesCount: z.number().int(),
  createdAt: z.string(),
  /** Whether the viewer likes it (false for guests). */
  likedByMe: z.boolean(),
  /** When the author last edited it; null if never. */
  editedAt: z.string().nullable(),
  /** The viewer is the author (only authors edit their words). */
  canEdit: z.boolean(),
  /** The viewer is the author or staff. */
  canDelete: z.boolean(),
});
export type PostDetail = z.infer<typeof postDetail>;

export const likeState = z.object({ liked: z.boolean(), likesCount: z.number().int() });
export type LikeState = z.infer<typeof likeState>;

export const postCommentInput = z.object({
  content: z.string(m.commentRequired).trim().min(1, m.commentRequired).max(MAX_COMMENT, m.commentTooLong),
});

export const postComment = z.object({
  id: z.number().int(),
  content: z.string(),
  createdAt: z.string(),
  author,
  canDelete: z.boolean(),
});
export type PostComment = z.infer<typeof postComment>;
export const postComments = z.object({ comments: z.array(postComment) });

export const profileParams = z.object({ id: z.string().min(1).max(100) });
/**
 * A user as others see them: the username and avatar always; the full name and bio only while the profile is
 * public (settings, privacy.profilePublic) or to its owner. The phone is never public: contact goes through a
 * listing's WhatsApp, shown to signed-in members only.
 */
export const publicProfile = z.object({
  id: z.string(),
  username: z.string(),
  avatarUrl: z.string().nullable(),
  details: z.object({ fullName: z.string().nullable(), bio: z.string().nullable() }).nullable(),
});
export type PublicProfile = z.infer<typeof publicProfile>;
