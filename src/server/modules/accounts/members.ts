import type { StaffRole } from '@shared/accounts';
import {
  MEMBER_PAGE_ROWS,
  MEMBERS_PAGE_SIZE,
  type MemberFilter,
  type MemberPage,
  type MemberSearchPage,
  type MemberStatus,
  type MemberSummary,
  WARNING_SHOWN_DAYS,
} from '@shared/members';
import { memberMessages as mm } from '@shared/moderation-messages';
import { staffPayoutIdentityOf } from '@shared/payout-identity';
import { canReadAccountDetails, isAdmin, isStaff } from '@shared/permissions';
import { normalizePixKey, pixKeyTypes } from '@shared/pix';
import { and, desc, eq, exists, gt, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Viewer } from '../../auth/session';
import type { Db } from '../../db/client';
import {
  adminRoles,
  communityPosts,
  listings,
  loginHistory,
  payoutIdentities,
  pixKeys,
  profiles,
  reports,
  reviews,
  sessions,
  trades,
  userSuspensions,
  users,
} from '../../db/schema';
import { AppError } from '../../errors';
import { isInForce, suspensionInForce } from './standing';

const DAY_MS = 24 * 60 * 60 * 1000;
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const iso = (value: Date | null) => value?.toISOString() ?? null;

interface SuspensionRow {
  userId: string;
  penalty: (typeof userSuspensions.$inferSelect)['penalty'];
  reason: string;
  endsAt: Date | null;
  createdAt: Date;
}

/** A member's standing from their penalties, newest first (see `memberStatus` in src/shared/members.ts). */
export function statusOf(rows: SuspensionRow[], now: Date): MemberStatus {
  const active = rows.filter((r) => isInForce(r, now));
  const permanent = active.find((r) => r.endsAt === null);
  if (permanent) return { kind: 'banido', until: null, reason: permanent.reason };
  const last = active.reduce<SuspensionRow | null>(
    (best, r) => (best?.endsAt && r.endsAt && best.endsAt >= r.endsAt ? best : r),
    null,
  );
  if (last) return { kind: 'suspenso', until: iso(last.endsAt), reason: last.reason };
  const warning = rows.find(
    (r) => r.penalty === 'advertencia' && r.createdAt.getTime() > now.getTime() - WARNING_SHOWN_DAYS * DAY_MS,
  );
  if (warning) return { kind: 'advertido', until: null, reason: warning.reason };
  return { kind: 'ativo', until: null, reason: null };
}

/**
 * Members, for staff (issue 22): the search of /admin/membros and the member page. Moderators and admins read
 * them (the service checks the role; the routes answer 401/403 before). Nothing here writes: penalties and lifts
 * are the suspensions service's.
 */
export function createMembersService(db: Db) {
  function assertStaff(viewer: Viewer) {
    if (!isStaff(viewer)) throw AppError.forbidden();
  }

  async function penaltiesOf(userIds: string[]): Promise<Map<string, SuspensionRow[]>> {
    const byUser = new Map<string, SuspensionRow[]>();
    if (userIds.length === 0) return byUser;
    const rows = await db
      .select({
        userId: userSuspensions.userId,
        penalty: userSuspensions.penalty,
        reason: userSuspensions.reason,
        endsAt: userSuspensions.endsAt,
        createdAt: userSuspensions.createdAt,
      })
      .from(userSuspensions)
      .where(inArray(userSuspensions.userId, userIds))
      .orderBy(desc(userSuspensions.createdAt), desc(userSuspensions.id));
    for (const row of rows) byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), row]);
    return byUser;
  }

  /**
   * What a query may be: part of a nickname, the exact id, or (where the viewer may read the account's details:
   * `canReadAccountDetails`) part of the name or e-mail, a phone's digits, a PIX key as stored. So a moderator
   * cannot learn whose an e-mail or phone is by finding a staff account with it.
   */
  function matching(viewer: Viewer, q: string): SQL | undefined {
    if (!q) return undefined;
    const like = `%${escapeLike(q)}%`;
    const details: (SQL | undefined)[] = [
      sql`${profiles.fullName} ilike ${like}`,
      sql`${users.email} ilike ${like}`,
    ];
    const digits = q.replace(/\D/g, '');
    if (digits.length >= 8 && /^[\d\s()+.-]+$/.test(q)) {
      const national = digits.length >= 12 && digits.startsWith('55') ? digits.slice(2) : digits;
      details.push(
        sql`regexp_replace(coalesce(${profiles.phone}, ''), '[^0-9]', '', 'g') like ${`%${national}%`}`,
      );
    }
    // A PIX key is matched as the PIX-keys module stores it: the query normalised as each type would be.
    const keys = [
      ...new Set(pixKeyTypes.map((type) => normalizePixKey(type, q)).filter((k): k is string => k !== null)),
    ];
    if (keys.length > 0) {
      details.push(
        exists(
          db
            .select({ one: sql`1` })
            .from(pixKeys)
            .where(and(eq(pixKeys.userId, users.id), inArray(pixKeys.key, keys))),
        ),
      );
    }
    const readable = isAdmin(viewer) ? undefined : or(isNull(adminRoles.userId), eq(users.id, viewer.userId));
    return or(sql`${profiles.username} ilike ${like}`, eq(users.id, q), and(readable, or(...details)));
  }

  /** A search row or member as the viewer may read it: a staff member's name and e-mail only where allowed. */
  const shown = <Row extends { id: string; role: StaffRole | null; fullName: string | null; email: string }>(
    viewer: Viewer,
    row: Row,
  ) => (canReadAccountDetails(viewer, row) ? row : { ...row, fullName: null, email: null });

  /** The member's open sessions and last sign-in attempts: read only for who may see them. */
  async function readSignIns(userId: string, now: Date) {
    const sessionRows = await db
      .select({
        createdAt: sessions.createdAt,
        updatedAt: sessions.updatedAt,
        ipAddress: sessions.ipAddress,
        userAgent: sessions.userAgent,
      })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
      .orderBy(desc(sessions.updatedAt))
      .limit(20);
    const loginRows = await db
      .select({
        at: loginHistory.createdAt,
        success: loginHistory.success,
        ipAddress: loginHistory.ipAddress,
        userAgent: loginHistory.userAgent,
      })
      .from(loginHistory)
      .where(eq(loginHistory.userId, userId))
      .orderBy(desc(loginHistory.createdAt), desc(loginHistory.id))
      .limit(20);
    return {
      sessions: sessionRows.map((r) => ({
        createdAt: r.createdAt.toISOString(),
        lastSeenAt: (r.updatedAt > r.createdAt ? r.updatedAt : r.createdAt).toISOString(),
        ipAddress: r.ipAddress,
        userAgent: r.userAgent,
      })),
      logins: loginRows.map((r) => ({ ...r, at: r.at.toISOString() })),
    };
  }

  /** Issue 36: the member's payout identity as this staff member may read it. */
  async function payoutIdentityFor(viewer: Viewer, userId: string) {
    const [row] = await db.select().from(payoutIdentities).where(eq(payoutIdentities.userId, userId));
    return row ? staffPayoutIdentityOf(viewer, row) : null;
  }

  return {
    async search(
      viewer: Viewer,
      query: { q: string; filter?: MemberFilter; page: number },
      now = new Date(),
    ): Promise<MemberSearchPage> {
      assertStaff(viewer);
      const page = query.page;
      const suspendedNow =
        query.filter === 'suspensos'
          ? exists(
              db
                .select({ one: sql`1` })
                .from(userSuspensions)
                .where(and(eq(userSuspensions.userId, users.id), suspensionInForce(now))),
            )
          : undefined;
      const where = and(matching(viewer, query.q), suspendedNow);
      const [counted] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(users)
        .innerJoin(profiles, eq(profiles.id, users.id))
        .leftJoin(adminRoles, eq(adminRoles.userId, users.id))
        .where(where);
      const rows = await db
        .select({
          id: users.id,
          username: profiles.username,
          fullName: profiles.fullName,
          email: users.email,
          avatarUrl: profiles.avatarUrl,
          joinedAt: users.createdAt,
          role: adminRoles.role,
        })
        .from(users)
        .innerJoin(profiles, eq(profiles.id, users.id))
        .leftJoin(adminRoles, eq(adminRoles.userId, users.id))
        .where(where)
        .orderBy(desc(users.createdAt), desc(users.id))
        .limit(MEMBERS_PAGE_SIZE)
        .offset((page - 1) * MEMBERS_PAGE_SIZE);
      const penalties = await penaltiesOf(rows.map((r) => r.id));
      return {
        members: rows.map(
          (r): MemberSummary => ({
            ...shown(viewer, r),
            joinedAt: r.joinedAt.toISOString(),
            status: statusOf(penalties.get(r.id) ?? [], now),
          }),
        ),
        total: counted?.n ?? 0,
        page,
        pageSize: MEMBERS_PAGE_SIZE,
      };
    },

    async page(viewer: Viewer, userId: string, now = new Date()): Promise<MemberPage> {
      assertStaff(viewer);
      const [member] = await db
        .select({
          id: users.id,
          username: profiles.username,
          fullName: profiles.fullName,
          email: users.email,
          avatarUrl: profiles.avatarUrl,
          joinedAt: users.createdAt,
          role: adminRoles.role,
          phone: profiles.phone,
          emailVerified: users.emailVerified,
          twoFactorEnabled: users.twoFactorEnabled,
        })
        .from(users)
        .innerJoin(profiles, eq(profiles.id, users.id))
        .leftJoin(adminRoles, eq(adminRoles.userId, users.id))
        .where(eq(users.id, userId));
      if (!member) throw new AppError('NOT_FOUND', mm.memberNotFound);
      const { phone, emailVerified, twoFactorEnabled, ...summary } = member;

      const receivedReport = or(
        and(eq(reports.targetType, 'user'), eq(reports.targetId, userId)),
        and(
          eq(reports.targetType, 'listing'),
          sql`${reports.targetId} in (select ${listings.id}::text from ${listings} where ${listings.sellerId} = ${userId})`,
        ),
        and(
          eq(reports.targetType, 'post'),
          sql`${reports.targetId} in (select ${communityPosts.id}::text from ${communityPosts} where ${communityPosts.authorId} = ${userId})`,
        ),
      );
      const published = and(eq(reviews.subjectId, userId), sql`${reviews.publishedAt} <= ${now}`);

      const [figures] = await db
        .select({
          listings: sql<number>`(select count(*)::int from ${listings} where ${listings.sellerId} = ${userId})`,
          activeListings: sql<number>`(select count(*)::int from ${listings} where ${listings.sellerId} = ${userId} and ${listings.status} = 'active')`,
          sales: sql<number>`(select count(*)::int from ${trades} where ${trades.sellerId} = ${userId} and ${trades.state} = 'completed')`,
          purchases: sql<number>`(select count(*)::int from ${trades} where ${trades.buyerId} = ${userId} and ${trades.state} = 'completed')`,
          reportsMade: sql<number>`(select count(*)::int from ${reports} where ${reports.reporterId} = ${userId})`,
          reportsReceived: sql<number>`(select count(*)::int from ${reports} where ${receivedReport})`,
          reviewsReceived: sql<number>`(select count(*)::int from ${reviews} where ${published})`,
          rating: sql<
            number | null
          >`(select round(avg(${reviews.rating})::numeric, 2)::float8 from ${reviews} where ${published})`,
        })
        .from(sql`(select 1) as one`);

      const other = alias(profiles, 'other');
      const tradeRows = await db
        .select({
          id: trades.id,
          buyerId: trades.buyerId,
          listingTitle: trades.listingTitle,
          otherName: other.username,
          state: trades.state,
          amountCents: trades.amountCents,
          createdAt: trades.createdAt,
        })
        .from(trades)
        .leftJoin(
          other,
          eq(
            other.id,
            sql`case when ${trades.buyerId} = ${userId} then ${trades.sellerId} else ${trades.buyerId} end`,
          ),
        )
        .where(or(eq(trades.buyerId, userId), eq(trades.sellerId, userId)))
        .orderBy(desc(trades.createdAt), desc(trades.id))
        .limit(MEMBER_PAGE_ROWS);

      const listingRows = await db
        .select({
          id: listings.id,
          title: listings.title,
          status: listings.status,
          priceCents: listings.priceCents,
          createdAt: listings.createdAt,
        })
        .from(listings)
        .where(eq(listings.sellerId, userId))
        .orderBy(desc(listings.createdAt), desc(listings.id))
        .limit(MEMBER_PAGE_ROWS);

      const reportFields = {
        id: reports.id,
        targetType: reports.targetType,
        targetName: reports.targetName,
        reason: reports.reason,
        status: reports.status,
        createdAt: reports.createdAt,
      };
      const made = await db
        .select(reportFields)
        .from(reports)
        .where(eq(reports.reporterId, userId))
        .orderBy(desc(reports.createdAt), desc(reports.id))
        .limit(MEMBER_PAGE_ROWS);
      const reporter = alias(profiles, 'reporter');
      const received = await db
        .select({ ...reportFields, reporterName: reporter.username })
        .from(reports)
        .leftJoin(reporter, eq(reporter.id, reports.reporterId))
        .where(receivedReport)
        .orderBy(desc(reports.createdAt), desc(reports.id))
        .limit(MEMBER_PAGE_ROWS);

      const author = alias(profiles, 'author');
      const reviewRows = await db
        .select({
          id: reviews.id,
          tradeId: reviews.tradeId,
          rating: reviews.rating,
          comment: reviews.comment,
          authorName: author.username,
          createdAt: reviews.createdAt,
        })
        .from(reviews)
        .leftJoin(author, eq(author.id, reviews.authorId))
        .where(published)
        .orderBy(desc(reviews.createdAt), desc(reviews.id))
        .limit(MEMBER_PAGE_ROWS);

      const givenBy = alias(profiles, 'given_by');
      const liftedBy = alias(profiles, 'lifted_by');
      const suspensionRows = await db
        .select({
          id: userSuspensions.id,
          userId: userSuspensions.userId,
          penalty: userSuspensions.penalty,
          reason: userSuspensions.reason,
          reportId: userSuspensions.reportId,
          createdAt: userSuspensions.createdAt,
          createdByName: givenBy.username,
          endsAt: userSuspensions.endsAt,
          liftedAt: userSuspensions.liftedAt,
          liftedByName: liftedBy.username,
          liftReason: userSuspensions.liftReason,
        })
        .from(userSuspensions)
        .leftJoin(givenBy, eq(givenBy.id, userSuspensions.createdBy))
        .leftJoin(liftedBy, eq(liftedBy.id, userSuspensions.liftedBy))
        .where(eq(userSuspensions.userId, userId))
        .orderBy(desc(userSuspensions.createdAt), desc(userSuspensions.id));

      return {
        member: {
          ...shown(viewer, summary),
          joinedAt: member.joinedAt.toISOString(),
          status: statusOf(suspensionRows, now),
        },
        account: canReadAccountDetails(viewer, member)
          ? {
              phone,
              emailVerified,
              twoFactorEnabled,
              payoutIdentity: await payoutIdentityFor(viewer, userId),
              ...(await readSignIns(userId, now)),
            }
          : null,
        figures: {
          listings: figures?.listings ?? 0,
          activeListings: figures?.activeListings ?? 0,
          sales: figures?.sales ?? 0,
          purchases: figures?.purchases ?? 0,
          reportsMade: figures?.reportsMade ?? 0,
          reportsReceived: figures?.reportsReceived ?? 0,
          reviewsReceived: figures?.reviewsReceived ?? 0,
          rating: figures?.rating === null || figures?.rating === undefined ? null : Number(figures.rating),
        },
        listings: listingRows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
        trades: tradeRows.map(({ buyerId, ...r }) => ({
          ...r,
          role: buyerId === userId ? ('comprador' as const) : ('vendedor' as const),
          createdAt: r.createdAt.toISOString(),
        })),
        reportsMade: made.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
        reportsReceived: received.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
        reviews: reviewRows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
        suspensions: suspensionRows.map(({ userId: _user, ...r }) => ({
          ...r,
          createdAt: r.createdAt.toISOString(),
          endsAt: iso(r.endsAt),
          liftedAt: iso(r.liftedAt),
          active: isInForce(r, now),
        })),
        canPenalise: member.role === null && member.id !== viewer.userId,
      };
    },
  };
}

export type MembersService = ReturnType<typeof createMembersService>;
