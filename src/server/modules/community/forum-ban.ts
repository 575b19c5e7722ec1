import { type Actor, seesBannedMembersWriting } from '@shared/permissions';
import type { SQL, SQLWrapper } from 'drizzle-orm';
import { notBannedSql } from '../accounts/standing';

/**
 * The forum's ban rule (decision 023): a permanent ban takes the member's posts and comments out of the forum's
 * reads (the list, a post, its comments, the sitemap); staff still open them. A 7- or 30-day suspension hides
 * nothing here (the member cannot post while unable to sign in). `viewer` null: a read the same for everyone.
 */
export const forumShows = (authorId: SQLWrapper, viewer: Actor | null, now: Date): SQL | undefined =>
  seesBannedMembersWriting(viewer) ? undefined : notBannedSql(authorId, now);
