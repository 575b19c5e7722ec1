import type { StaffRole } from './accounts';

/**
 * Who may do what: one small named rule per action, used by the services (the authority) and, where a button
 * depends on it, by the answers the browser gets (`canEdit`, `canDelete`).
 */
export interface Actor {
  userId: string;
  role: StaffRole | null;
}

export const isStaff = (actor: Actor) => actor.role !== null;

const owns = (actor: Actor, ownerId: string) => actor.userId === ownerId;

/** Only the seller edits a listing: staff remove listings, they never rewrite them. */
export const canEditListing = (actor: Actor, listing: { sellerId: string }) => owns(actor, listing.sellerId);
export const canDeleteListing = (actor: Actor, listing: { sellerId: string }) =>
  owns(actor, listing.sellerId) || isStaff(actor);

/** Only the author edits a post; moderation deletes but never rewrites. */
export const canEditPost = (actor: Actor, post: { authorId: string }) => owns(actor, post.authorId);
export const canDeletePost = (actor: Actor, post: { authorId: string }) =>
  owns(actor, post.authorId) || isStaff(actor);
export const canDeleteComment = (actor: Actor, comment: { authorId: string }) =>
  owns(actor, comment.authorId) || isStaff(actor);

/** Members report what others wrote, never their own. */
export const canReportPost = (actor: Actor, post: { authorId: string }) => !owns(actor, post.authorId);

export const canManageGroups = (actor: Actor) => isStaff(actor);
