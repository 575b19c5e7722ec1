import { z } from 'zod';
import { listingStatuses } from './listings';
import { suspensionPenalties } from './moderation';
import { staffPayoutIdentity } from './payout-identity';
import { reportStatuses, reportTargets } from './reports';
import { tradeStates } from './trade-process';

/**
 * Members, for staff (issue 22): the search of `/admin/membros` and the member page `/admin/membros/{id}`.
 * Moderators and admins read them; the penalty routes are the suspensions' (accounts/suspension-routes.ts).
 */
export const MEMBERS_PAGE_SIZE = 20;
export const MAX_MEMBER_QUERY = 200;
/** A warning shows as 'Advertido' for this many days after it was given. */
export const WARNING_SHOWN_DAYS = 90;
/** How many rows of each section the member page shows (newest first). */
export const MEMBER_PAGE_ROWS = 50;

/** The search's filters: every member, or those suspended now ('Suspensos'). */
export const memberFilters = ['suspensos'] as const;
export type MemberFilter = (typeof memberFilters)[number];

export const membersQuery = z.object({
  q: z.string().trim().max(MAX_MEMBER_QUERY).default(''),
  filter: z.enum(memberFilters).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type MembersQuery = z.input<typeof membersQuery>;

export const memberStatuses = ['ativo', 'advertido', 'suspenso', 'banido'] as const;
export type MemberStatusKind = (typeof memberStatuses)[number];

/**
 * A member's standing now: banned (a permanent suspension in force), suspended until `until`, warned (a warning
 * on record, nothing in force), or active. `reason` is the reason of the suspension in force, else of the last
 * warning.
 */
export const memberStatus = z.object({
  kind: z.enum(memberStatuses),
  until: z.string().nullable(),
  reason: z.string().nullable(),
});
export type MemberStatus = z.infer<typeof memberStatus>;

/** `fullName` and `email` are null where the viewer may not read them (`canReadAccountDetails`). */
export const memberSummary = z.object({
  id: z.string(),
  username: z.string(),
  fullName: z.string().nullable(),
  email: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  joinedAt: z.string(),
  role: z.enum(['admin', 'moderator']).nullable(),
  status: memberStatus,
});
export type MemberSummary = z.infer<typeof memberSummary>;

export const memberSearchPage = z.object({
  members: z.array(memberSummary),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type MemberSearchPage = z.infer<typeof memberSearchPage>;

export const memberSuspension = z.object({
  id: z.number().int(),
  penalty: z.enum(suspensionPenalties),
  reason: z.string(),
  reportId: z.number().int().nullable(),
  createdAt: z.string(),
  createdByName: z.string().nullable(),
  endsAt: z.string().nullable(),
  /** In force now (not a warning, not ended, not lifted). */
  active: z.boolean(),
  liftedAt: z.string().nullable(),
  liftedByName: z.string().nullable(),
  liftReason: z.string().nullable(),
});
export type MemberSuspension = z.infer<typeof memberSuspension>;

/** The member's open sessions (no tokens): when each began and was last seen, from where. */
const memberSessions = z.array(
  z.object({
    createdAt: z.string(),
    lastSeenAt: z.string(),
    ipAddress: z.string().nullable(),
    userAgent: z.string().nullable(),
  }),
);

/** The last sign-in attempts (login history). */
const memberLogins = z.array(
  z.object({
    at: z.string(),
    success: z.boolean(),
    ipAddress: z.string().nullable(),
    userAgent: z.string().nullable(),
  }),
);

export const memberPage = z.object({
  member: memberSummary,
  /**
   * The account's private side: null for a moderator reading another staff member (`canReadAccountDetails`);
   * then `member.email` and `member.fullName` are null too.
   */
  account: z
    .object({
      emailVerified: z.boolean(),
      phone: z.string().nullable(),
      twoFactorEnabled: z.boolean(),
      /** Issue 36: the payout identity, the document whole for admins, masked for moderators; null: none. */
      payoutIdentity: staffPayoutIdentity.nullable(),
      sessions: memberSessions,
      logins: memberLogins,
    })
    .nullable(),
  figures: z.object({
    listings: z.number().int(),
    activeListings: z.number().int(),
    sales: z.number().int(),
    purchases: z.number().int(),
    reportsMade: z.number().int(),
    reportsReceived: z.number().int(),
    reviewsReceived: z.number().int(),
    /** The average of the published reviews received, or null without any. */
    rating: z.number().nullable(),
  }),
  listings: z.array(
    z.object({
      id: z.number().int(),
      title: z.string(),
      status: z.enum(listingStatuses),
      priceCents: z.number().int(),
      createdAt: z.string(),
    }),
  ),
  trades: z.array(
    z.object({
      id: z.number().int(),
      role: z.enum(['comprador', 'vendedor']),
      listingTitle: z.string(),
      otherName: z.string().nullable(),
      state: z.enum(tradeStates),
      amountCents: z.number().int(),
      createdAt: z.string(),
    }),
  ),
  reportsMade: z.array(
    z.object({
      id: z.number().int(),
      targetType: z.enum(reportTargets),
      targetName: z.string(),
      reason: z.string(),
      status: z.enum(reportStatuses),
      createdAt: z.string(),
    }),
  ),
  reportsReceived: z.array(
    z.object({
      id: z.number().int(),
      targetType: z.enum(reportTargets),
      targetName: z.string(),
      reason: z.string(),
      status: z.enum(reportStatuses),
      reporterName: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  reviews: z.array(
    z.object({
      id: z.number().int(),
      tradeId: z.number().int(),
      rating: z.number().int(),
      comment: z.string().nullable(),
      authorName: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  suspensions: z.array(memberSuspension),
  /** Whether the viewer may warn or suspend this member (not staff, not themselves). */
  canPenalise: z.boolean(),
});
export type MemberPage = z.infer<typeof memberPage>;
