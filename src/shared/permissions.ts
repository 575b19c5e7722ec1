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
/**
 * Staff come in two roles (issue 13): moderators handle reports, tickets, feedback and the forum; only admins
 * manage roles, banners, partnerships and money decisions.
 */
export const isAdmin = (actor: Actor) => actor.role === 'admin';

const owns = (actor: Actor, ownerId: string) => actor.userId === ownerId;

/**
 * A member's account details on their staff page (e-mail, name, phone, two-factor, sessions and IP addresses,
 * sign-in history): any staff of a member, but of a staff account only an admin or the person themselves — a
 * moderator moderates members, not the team.
 */
export const canReadAccountDetails = (actor: Actor, member: { id: string; role: StaffRole | null }) =>
  isStaff(actor) && (member.role === null || isAdmin(actor) || owns(actor, member.id));

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

/** The owner of a profile sees all of it, and is told what it hides from others. `actor` null: a guest. */
export const ownsProfile = (actor: Actor | null, member: { id: string }) =>
  actor !== null && owns(actor, member.id);

/**
 * What a member's public profile shows to whom (part 2 §7, issue 12): the nickname, picture, seals and listings to
 * everyone; the full name, bio, level, figures and reviews received to the owner always and to anyone else (staff
 * included: they read a member on 'Membros') only while the profile is public.
 */
export const canSeeProfileDetails = (actor: Actor | null, member: { id: string; profilePublic: boolean }) =>
  member.profilePublic || ownsProfile(actor, member);

/**
 * A permanently banned member's posts, comments and forum activity are out of the forum's reads, but staff still
 * read them, to moderate (decision 023; the queries: community/forum-ban.ts).
 */
export const seesBannedMembersWriting = (actor: Actor | null) => actor !== null && isStaff(actor);

/**
 * 'Atividade recente' on the member's page: the owner always; anyone else only while the profile is public and
 * 'Mostrar atividade' is on; a permanent ban (`banned`) hides it as it hides the member's posts.
 */
export const canSeeMemberActivity = (
  actor: Actor | null,
  member: { id: string; profilePublic: boolean; showActivity: boolean; banned: boolean },
) =>
  (!member.banned || seesBannedMembersWriting(actor)) &&
  (ownsProfile(actor, member) || (member.profilePublic && member.showActivity));

/** Members report what others wrote, never their own. */
export const canReportPost = (actor: Actor, post: { authorId: string }) => !owns(actor, post.authorId);

export const canManageGroups = (actor: Actor) => isStaff(actor);

/**
 * A trade is seen by its buyer, its seller and staff; to anyone else it does not exist. Every reader of a trade on
 * the server goes through trades/access.ts, which applies it (the realtime hub and rooms, below the modules, too).
 */
export const canSeeTrade = (actor: Actor, trade: { buyerId: string; sellerId: string }) =>
  owns(actor, trade.buyerId) || owns(actor, trade.sellerId) || isStaff(actor);

/**
 * A party's role comes from the trade, never from the user: the buyer and the seller are who the trade names;
 * staff act as intermediary on trades that are not theirs: a moderator while nobody or they hold it, an admin
 * always (money decisions are admins', so no moderator's hold and no departed staff member strands a trade).
 */
export function tradeRoleOf(
  actor: Actor,
  trade: { buyerId: string; sellerId: string; intermediaryId: string | null },
): 'comprador' | 'vendedor' | 'intermediador' | null {
  if (owns(actor, trade.buyerId)) return 'comprador';
  if (owns(actor, trade.sellerId)) return 'vendedor';
  if (isAdmin(actor)) return 'intermediador';
  if (isStaff(actor) && (trade.intermediaryId === null || owns(actor, trade.intermediaryId))) {
    return 'intermediador';
  }
  return null;
}

/** The trade's voice call: its buyer, its seller and its intermediary (any staff until one takes the trade). */
export const canJoinTradeCall = (
  actor: Actor,
  trade: { buyerId: string; sellerId: string; intermediaryId: string | null },
) => tradeRoleOf(actor, trade) !== null;

/** Offers: the listing's seller answers, the buyer withdraws, no one offers on their own listing. */
export const canOfferOn = (actor: Actor, listing: { sellerId: string }) => !owns(actor, listing.sellerId);

/** Roles (issue 13): only admins add, change or remove staff, and never their own row. */
export const canManageStaff = (actor: Actor, targetUserId: string) =>
  isAdmin(actor) && !owns(actor, targetUserId);
/** The audit log and the system figures are for admins. */
export const canReadAudit = (actor: Actor) => isAdmin(actor);
