import { communityMessages } from '@shared/community-messages';
import {
  type ReportDecisionInput,
  STAFF_REPORTS_PAGE_SIZE,
  type StaffReportPage,
  type StaffReportsQuery,
} from '@shared/moderation';
import { moderationMessages as m } from '@shared/moderation-messages';
import { paths } from '@shared/paths';
import { canReportPost, isStaff } from '@shared/permissions';
import { commentAnchor } from '@shared/report-reasons';
import {
  type MemberReports,
  REPORTED_COMMENT_EXCERPT,
  type ReportInput,
  type ReportTargetType,
} from '@shared/reports';
import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Viewer } from '../../auth/session';
import type { Db } from '../../db/client';
import {
  communityComments,
  communityPosts,
  listingComments,
  listings,
  profiles,
  reports,
  users,
} from '../../db/schema';
import { memberSearchColumns, searchWhere } from '../../db/text-search';
import { AppError } from '../../errors';
import { CSV_EXPORT_MAX_ROWS } from '../../http/csv';
import { recordAudit } from '../audit/record';

/** How many of their own reports a member's history lists. */
const MAX_MEMBER_REPORTS = 200;

/**
 * Reports of listings, users and posts (issue 13): members send them (one insert, one report per member and
 * target) and read the staff reply on /historico-denuncias; moderators and admins move them pendente → em_analise
 * → resolvida | rejeitada (the penalty on the member is accounts/suspensions.ts). Each staff step is one
 * transaction guarded by the state it leaves, audited.
 */
export function createReportsService(db: Db) {
  async function insertReport(
    viewer: Viewer,
    target: { type: ReportTargetType; id: string; name: string },
    input: ReportInput,
    duplicate: string = m.reportDuplicate,
  ) {
    const [report] = await db
      .insert(reports)
      .values({
        reporterId: viewer.userId,
        targetType: target.type,
        targetId: target.id,
        targetName: target.name,
        reason: input.reason,
        details: input.details || null,
      })
      .onConflictDoNothing()
      .returning({ id: reports.id });
    if (!report) throw new AppError('CONFLICT', duplicate);
    return report;
  }

  /**
   * The user a report is about (listing's seller, post's or comment's author, the user); null once the target is
   * gone.
   */
  const targetUserId = sql<string | null>`case ${reports.targetType}
    when 'listing' then (select l.seller_id from ${listings} l where l.id::text = ${reports.targetId})
    when 'post' then (select p.author_id from ${communityPosts} p where p.id::text = ${reports.targetId})
    when 'listing_comment' then (select c.author_id from ${listingComments} c where c.id::text = ${reports.targetId})
    when 'post_comment' then (select c.author_id from ${communityComments} c where c.id::text = ${reports.targetId})
    else (select u.id from ${users} u where u.id = ${reports.targetId}) end`;

  /** Where a reported comment is (its listing's or post's page, at the comment); null for other targets. */
  const targetPathSql = sql<string | null>`case ${reports.targetType}
    when 'listing_comment' then (select 'listing:' || c.listing_id from ${listingComments} c where c.id::text = ${reports.targetId})
    when 'post_comment' then (select 'post:' || c.post_id from ${communityComments} c where c.id::text = ${reports.targetId})
    end`;

  /** A comment's text as the report keeps it: the queue shows what was written, even once it is deleted. */
  const excerpt = (text: string) =>
    text.length > REPORTED_COMMENT_EXCERPT ? `${text.slice(0, REPORTED_COMMENT_EXCERPT - 1)}…` : text;

  /** The report of a comment by someone other than its author: one per member and comment. */
  async function reportComment(
    viewer: Viewer,
    type: 'listing_comment' | 'post_comment',
    comment: { authorId: string; text: string } | undefined,
    id: number,
    input: ReportInput,
  ) {
    if (!comment) throw new AppError('NOT_FOUND', communityMessages.commentNotFound);
    if (comment.authorId === viewer.userId)
      throw new AppError('FORBIDDEN', communityMessages.reportOwnComment);
    return insertReport(
      viewer,
      { type, id: String(id), name: excerpt(comment.text) },
      input,
      communityMessages.reportCommentDuplicate,
    );
  }

  /** The staff list's filters: status, target type and the text search (reporter, reported member, target, id). */
  const staffListWhere = (query: Omit<StaffReportsQuery, 'page'>) =>
    and(
      query.status ? eq(reports.status, query.status) : undefined,
      query.targetType ? eq(reports.targetType, query.targetType) : undefined,
      searchWhere(query.q, reports.id, [
        reports.targetName,
        reports.details,
        ...memberSearchColumns(reports.reporterId),
        ...memberSearchColumns(targetUserId),
      ]),
    );

  async function staffRows(where: SQL | undefined, limit: number, offset: number) {
    const reporter = alias(users, 'reporter');
    const handler = alias(users, 'handler');
    const rows = await db
      .select({
        r: reports,
        reporterName: reporter.name,
        reporterEmail: reporter.email,
        handledByName: handler.name,
        targetUserId,
        targetPath: targetPathSql,
      })
      .from(reports)
      .innerJoin(reporter, eq(reporter.id, reports.reporterId))
      .leftJoin(handler, eq(handler.id, reports.handledBy))
      .where(where)
      // The oldest pending first would hide new ones on page 2; the staff filter by status instead.
      .orderBy(desc(reports.createdAt), desc(reports.id))
      .limit(limit)
      .offset(offset);
    return rows.map(({ r, reporterName, reporterEmail, handledByName, targetUserId: owner, targetPath }) => ({
      id: r.id,
      targetType: r.targetType,
      targetId: r.targetId,
      targetName: r.targetName,
      targetExists: owner !== null,
      targetUserId: owner,
      targetPath: commentPath(targetPath, r.targetId),
      reason: r.reason,
      details: r.details,
      status: r.status,
      adminResponse: r.adminResponse,
      reporterName,
      reporterEmail,
      handledByName,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    }));
  }

  return {
    async reportPost(viewer: Viewer, postId: number, input: ReportInput): Promise<{ id: number }> {
      const [post] = await db
        .select({ authorId: communityPosts.authorId, title: communityPosts.title })
        .from(communityPosts)
        .where(eq(communityPosts.id, postId));
      if (!post) throw new AppError('NOT_FOUND', communityMessages.postNotFound);
      if (!canReportPost(viewer, post)) throw new AppError('FORBIDDEN', communityMessages.reportOwnPost);
      return insertReport(
        viewer,
        { type: 'post', id: String(postId), name: post.title },
        input,
        communityMessages.reportDuplicate,
      );
    },

    async reportListing(viewer: Viewer, listingId: number, input: ReportInput): Promise<{ id: number }> {
      const [listing] = await db
        .select({ sellerId: listings.sellerId, title: listings.title })
        .from(listings)
        .where(eq(listings.id, listingId));
      if (!listing) throw new AppError('NOT_FOUND', m.listingNotFound);
      if (listing.sellerId === viewer.userId) throw new AppError('FORBIDDEN', m.reportOwnListing);
      return insertReport(viewer, { type: 'listing', id: String(listingId), name: listing.title }, input);
    },

    async reportListingComment(
      viewer: Viewer,
      commentId: number,
      input: ReportInput,
    ): Promise<{ id: number }> {
      const [comment] = await db
        .select({ authorId: listingComments.authorId, text: listingComments.body })
        .from(listingComments)
        .where(eq(listingComments.id, commentId));
      return reportComment(viewer, 'listing_comment', comment, commentId, input);
    },

    async reportPostComment(viewer: Viewer, commentId: number, input: ReportInput): Promise<{ id: number }> {
      const [comment] = await db
        .select({ authorId: communityComments.authorId, text: communityComments.content })
        .from(communityComments)
        .where(eq(communityComments.id, commentId));
      return reportComment(viewer, 'post_comment', comment, commentId, input);
    },

    async reportUser(viewer: Viewer, userId: string, input: ReportInput): Promise<{ id: number }> {
      const [user] = await db
        .select({ id: users.id, name: users.name, username: profiles.username })
        .from(users)
        .leftJoin(profiles, eq(profiles.id, users.id))
        .where(eq(users.id, userId));
      if (!user) throw new AppError('NOT_FOUND', m.userNotFound);
      if (user.id === viewer.userId) throw new AppError('FORBIDDEN', m.reportSelf);
      return insertReport(viewer, { type: 'user', id: user.id, name: user.username ?? user.name }, input);
    },

    /** The member's own reports, newest first, with the real count per status for the summary cards. */
    async mine({ userId }: Viewer): Promise<MemberReports> {
      const [rows, byStatus] = await Promise.all([
        db
          .select()
          .from(reports)
          .where(eq(reports.reporterId, userId))
          .orderBy(desc(reports.createdAt), desc(reports.id))
          .limit(MAX_MEMBER_REPORTS),
        db
          .select({ status: reports.status, n: count() })
          .from(reports)
          .where(eq(reports.reporterId, userId))
          .groupBy(reports.status),
      ]);
      const counts = { pendente: 0, em_analise: 0, resolvida: 0, rejeitada: 0 };
      for (const { status, n } of byStatus) counts[status] = n;
      return {
        reports: rows.map((r) => ({
          id: r.id,
          targetType: r.targetType,
          targetName: r.targetName,
          reason: r.reason,
          details: r.details,
          status: r.status,
          adminResponse: r.adminResponse,
          createdAt: r.createdAt.toISOString(),
          updatedAt: r.updatedAt.toISOString(),
        })),
        counts,
      };
    },

    async list(viewer: Viewer, query: StaffReportsQuery): Promise<StaffReportPage> {
      if (!isStaff(viewer)) throw AppError.forbidden();
      const pageSize = STAFF_REPORTS_PAGE_SIZE;
      const where = staffListWhere(query);
      const [rows, [total]] = await Promise.all([
        staffRows(where, pageSize, (query.page - 1) * pageSize),
        db.select({ n: count() }).from(reports).where(where),
      ]);
      return { reports: rows, total: total?.n ?? 0, page: query.page, pageSize };
    },

    /** The filtered reports for the CSV export: at most one row past the file's limit (so it can say it stopped). */
    async exportList(viewer: Viewer, query: Omit<StaffReportsQuery, 'page'>) {
      if (!isStaff(viewer)) throw AppError.forbidden();
      return staffRows(staffListWhere(query), CSV_EXPORT_MAX_ROWS + 1, 0);
    },

    /** pendente → em_analise; pendente | em_analise → resolvida | rejeitada with the reply. */
    async decide(viewer: Viewer, id: number, input: ReportDecisionInput): Promise<void> {
      if (!isStaff(viewer)) throw AppError.forbidden();
      const { status } = input;
      const response = input.response?.trim() ?? '';
      const from = status === 'em_analise' ? (['pendente'] as const) : (['pendente', 'em_analise'] as const);
      await db.transaction(async (tx) => {
        const [row] = await tx
          .update(reports)
          .set({
            status,
            handledBy: viewer.userId,
            updatedAt: new Date(),
            ...(status !== 'em_analise' && { adminResponse: response }),
          })
          .where(and(eq(reports.id, id), inArray(reports.status, [...from])))
          .returning({ id: reports.id });
        if (!row) {
          const [exists] = await tx
            .select({ status: reports.status })
            .from(reports)
            .where(eq(reports.id, id));
          if (!exists) throw new AppError('NOT_FOUND', m.reportNotFound);
          throw new AppError(
            'CONFLICT',
            exists.status === 'em_analise' ? m.reportNotPending : m.reportAlreadyClosed,
          );
        }
        await recordAudit(tx, {
          actorId: viewer.userId,
          action: `report.${status}`,
          targetType: 'report',
          targetId: id,
          details: status === 'em_analise' ? {} : { response },
        });
      });
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;

/** 'listing:12' or 'post:7' (the comment's page) as the comment's address on that page. */
function commentPath(where: string | null, commentId: string): string | null {
  const [kind, id] = where?.split(':') ?? [];
  if (!id) return null;
  const page = kind === 'listing' ? paths.listing(Number(id)) : paths.post(Number(id));
  return `${page}#${commentAnchor(commentId)}`;
}
