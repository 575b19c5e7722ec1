import { paths } from '@shared/paths';
import { isAdmin, isStaff } from '@shared/permissions';
import { staffQueueMessages as m } from '@shared/support-queue-messages';
import {
  type FeedbackResponseInput,
  type PartnershipDecisionInput,
  STAFF_PAGE_SIZE,
  type StaffFeedbackPage,
  type StaffFeedbackQuery,
  type StaffPartnershipPage,
  type StaffPartnershipsQuery,
  type StaffTicketPage,
  type StaffTicketsQuery,
  type TicketResolveInput,
} from '@shared/support-queues';
import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Viewer } from '../../auth/session';
import type { Db } from '../../db/client';
import { feedbackResponses, partnerships, supportTickets, users } from '../../db/schema';
import { memberSearchColumns, searchWhere } from '../../db/text-search';
import { AppError } from '../../errors';
import { CSV_EXPORT_MAX_ROWS } from '../../http/csv';
import type { QueueMail } from '../../mail/mailer';
import { feedbackReplyMail, partnershipDecisionMail } from '../../mail/templates/support-replies';
import { recordAudit } from '../audit/record';
import { notify } from '../notifications/service';

const iso = (d: Date | null) => d?.toISOString() ?? null;

function staffOnly(viewer: Viewer) {
  if (!isStaff(viewer)) throw AppError.forbidden();
}
function adminOnly(viewer: Viewer) {
  if (!isAdmin(viewer)) throw AppError.forbidden();
}

const ticketsWhere = (query: Omit<StaffTicketsQuery, 'page'>) =>
  and(
    query.status ? eq(supportTickets.status, query.status) : undefined,
    searchWhere(query.q, supportTickets.id, [
      supportTickets.userName,
      supportTickets.userEmail,
      supportTickets.subject,
      ...memberSearchColumns(supportTickets.userId),
    ]),
  );
const feedbackWhere = (query: Omit<StaffFeedbackQuery, 'page'>) =>
  and(
    query.status ? eq(feedbackResponses.status, query.status) : undefined,
    searchWhere(query.q, feedbackResponses.id, [
      feedbackResponses.userName,
      feedbackResponses.userEmail,
      feedbackResponses.subject,
    ]),
  );
const partnershipsWhere = (query: Omit<StaffPartnershipsQuery, 'page'>) =>
  and(
    query.status ? eq(partnerships.status, query.status) : undefined,
    searchWhere(query.q, partnerships.id, [
      partnerships.companyName,
      partnerships.contactName,
      partnerships.contactEmail,
    ]),
  );

const pageOf = (page: number | undefined) => {
  const current = page ?? 1;
  return { page: current, pageSize: STAFF_PAGE_SIZE, offset: (current - 1) * STAFF_PAGE_SIZE };
};

/**
 * The staff queues (issue 13): support tickets and feedback (moderators and admins), partnership requests
 * (admins). Every decision is one transaction guarded by the state it leaves, audited in it; the e-mail to the
 * person who wrote is a mail job queued in it (sent after the commit, retried if it fails, never undoing the
 * decision). A member's ticket reply is mailed as its notification's copy instead (decision 019).
 */
export function createSupportQueuesService(deps: { db: Db; queueMail: QueueMail }) {
  const { db, queueMail } = deps;
  const assignee = alias(users, 'assignee');

  async function ticketRows(where: SQL | undefined, limit: number, offset: number) {
    const rows = await db
      .select({ ticket: supportTickets, assignedToName: assignee.name })
      .from(supportTickets)
      .leftJoin(assignee, eq(assignee.id, supportTickets.assignedTo))
      .where(where)
      .orderBy(desc(supportTickets.createdAt), desc(supportTickets.id))
      .limit(limit)
      .offset(offset);
    return rows.map(({ ticket: t, assignedToName }) => ({
      id: t.id,
      category: t.category,
      subject: t.subject,
      description: t.description,
      userName: t.userName,
      userEmail: t.userEmail,
      status: t.status,
      priority: t.priority,
      adminResponse: t.adminResponse,
      respondedAt: iso(t.respondedAt),
      assignedToName,
      createdAt: t.createdAt.toISOString(),
    }));
  }

  async function feedbackRows(where: SQL | undefined, limit: number, offset: number) {
    const rows = await db
      .select()
      .from(feedbackResponses)
      .where(where)
      .orderBy(desc(feedbackResponses.createdAt), desc(feedbackResponses.id))
      .limit(limit)
      .offset(offset);
    return rows.map((f) => ({
      id: f.id,
      feedbackType: f.feedbackType,
      rating: f.rating,
      userName: f.userName,
      userEmail: f.userEmail,
      subject: f.subject,
      message: f.message,
      browser: f.browser,
      device: f.device,
      status: f.status,
      priority: f.priority,
      adminResponse: f.adminResponse,
      respondedAt: iso(f.respondedAt),
      createdAt: f.createdAt.toISOString(),
    }));
  }

  async function partnershipRows(where: SQL | undefined, limit: number, offset: number) {
    const reviewer = alias(users, 'reviewer');
    const rows = await db
      .select({ p: partnerships, reviewedByName: reviewer.name })
      .from(partnerships)
      .leftJoin(reviewer, eq(reviewer.id, partnerships.reviewedBy))
      .where(where)
      .orderBy(desc(partnerships.createdAt), desc(partnerships.id))
      .limit(limit)
      .offset(offset);
    return rows.map(({ p, reviewedByName }) => ({
      id: p.id,
      companyName: p.companyName,
      contactName: p.contactName,
      contactEmail: p.contactEmail,
      contactPhone: p.contactPhone,
      partnershipType: p.partnershipType,
      description: p.description,
      status: p.status,
      adminNotes: p.adminNotes,
      reviewedByName,
      reviewedAt: iso(p.reviewedAt),
      createdAt: p.createdAt.toISOString(),
    }));
  }

  return {
    // ── Support tickets ──

    async tickets(viewer: Viewer, query: StaffTicketsQuery): Promise<StaffTicketPage> {
      staffOnly(viewer);
      const { page, pageSize, offset } = pageOf(query.page);
      const where = ticketsWhere(query);
      const [rows, [total]] = await Promise.all([
        ticketRows(where, pageSize, offset),
        db.select({ n: count() }).from(supportTickets).where(where),
      ]);
      return { tickets: rows, total: total?.n ?? 0, page, pageSize };
    },

    /** The filtered tickets for the CSV export: at most one row past the file's limit (so it can say it stopped). */
    async exportTickets(viewer: Viewer, query: Omit<StaffTicketsQuery, 'page'>) {
      staffOnly(viewer);
      return ticketRows(ticketsWhere(query), CSV_EXPORT_MAX_ROWS + 1, 0);
    },

    /** open → in_progress; the staff member who takes it becomes its assignee. */
    async markTicketInProgress(viewer: Viewer, id: number): Promise<void> {
      staffOnly(viewer);
      await db.transaction(async (tx) => {
        const [row] = await tx
          .update(supportTickets)
          .set({ status: 'in_progress', assignedTo: viewer.userId, updatedAt: new Date() })
          .where(and(eq(supportTickets.id, id), eq(supportTickets.status, 'open')))
          .returning({ id: supportTickets.id });
        if (!row) throw await ticketRefusal(tx, id, m.ticketNotOpen);
        await recordAudit(tx, {
          actorId: viewer.userId,
          action: 'support_ticket.in_progress',
          targetType: 'support_ticket',
          targetId: id,
          details: {},
        });
      });
    },

    /** open | in_progress → resolved with the reply; the author is notified (and e-mailed if their switch is on). */
    async resolveTicket(viewer: Viewer, id: number, { response }: TicketResolveInput): Promise<void> {
      staffOnly(viewer);
      await db.transaction(async (tx) => {
        const [row] = await tx
          .update(supportTickets)
          .set({
            status: 'resolved',
            adminResponse: response,
            respondedAt: new Date(),
            assignedTo: viewer.userId,
            updatedAt: new Date(),
          })
          .where(and(eq(supportTickets.id, id), inArray(supportTickets.status, ['open', 'in_progress'])))
          .returning();
        if (!row) throw await ticketRefusal(tx, id, m.ticketAlreadyResolved);
        await recordAudit(tx, {
          actorId: viewer.userId,
          action: 'support_ticket.resolve',
          targetType: 'support_ticket',
          targetId: id,
          details: { response },
        });
        // The e-mail goes as this notification's copy (decision 019), so the member's switch governs it; a
        // deleted author (no user) gets neither.
        if (row.userId) {
          await notify(tx, {
            userId: row.userId,
            kind: 'support_reply',
            title: m.ticketReplyTitle,
            body: `${row.subject}: ${response}`,
            link: paths.help,
          });
        }
      });
    },

    // ── Feedback ──

    async feedback(viewer: Viewer, query: StaffFeedbackQuery): Promise<StaffFeedbackPage> {
      staffOnly(viewer);
      const { page, pageSize, offset } = pageOf(query.page);
      const where = feedbackWhere(query);
      const [rows, [total]] = await Promise.all([
        feedbackRows(where, pageSize, offset),
        db.select({ n: count() }).from(feedbackResponses).where(where),
      ]);
      return { feedback: rows, total: total?.n ?? 0, page, pageSize };
    },

    async exportFeedback(viewer: Viewer, query: Omit<StaffFeedbackQuery, 'page'>) {
      staffOnly(viewer);
      return feedbackRows(feedbackWhere(query), CSV_EXPORT_MAX_ROWS + 1, 0);
    },

    /** Part 2 §4 'Responder': pending | responded → responded with the reply, e-mailed to the sender. */
    async respondFeedback(viewer: Viewer, id: number, { response }: FeedbackResponseInput): Promise<void> {
      staffOnly(viewer);
      await db.transaction(async (tx) => {
        const [row] = await tx
          .update(feedbackResponses)
          .set({
            status: 'responded',
            adminResponse: response,
            respondedAt: new Date(),
            respondedBy: viewer.userId,
          })
          .where(
            and(eq(feedbackResponses.id, id), inArray(feedbackResponses.status, ['pending', 'responded'])),
          )
          .returning();
        if (!row) throw await feedbackRefusal(tx, id);
        await recordAudit(tx, {
          actorId: viewer.userId,
          action: 'feedback.respond',
          targetType: 'feedback',
          targetId: id,
          details: { response },
        });
        await queueMail(feedbackReplyMail(row.userEmail, row.userName, row.subject, response), tx);
      });
    },

    /** Part 2 §4 'Marcar como Resolvido': → resolved, the reply unchanged; nothing moves it back. */
    async resolveFeedback(viewer: Viewer, id: number): Promise<void> {
      staffOnly(viewer);
      await db.transaction(async (tx) => {
        const [row] = await tx
          .update(feedbackResponses)
          .set({ status: 'resolved' })
          .where(
            and(eq(feedbackResponses.id, id), inArray(feedbackResponses.status, ['pending', 'responded'])),
          )
          .returning({ id: feedbackResponses.id });
        if (!row) throw await feedbackRefusal(tx, id);
        await recordAudit(tx, {
          actorId: viewer.userId,
          action: 'feedback.resolve',
          targetType: 'feedback',
          targetId: id,
          details: {},
        });
      });
    },

    // ── Partnerships (admins) ──

    async partnerships(viewer: Viewer, query: StaffPartnershipsQuery): Promise<StaffPartnershipPage> {
      adminOnly(viewer);
      const { page, pageSize, offset } = pageOf(query.page);
      const where = partnershipsWhere(query);
      const [rows, [total]] = await Promise.all([
        partnershipRows(where, pageSize, offset),
        db.select({ n: count() }).from(partnerships).where(where),
      ]);
      return { partnerships: rows, total: total?.n ?? 0, page, pageSize };
    },

    async exportPartnerships(viewer: Viewer, query: Omit<StaffPartnershipsQuery, 'page'>) {
      adminOnly(viewer);
      return partnershipRows(partnershipsWhere(query), CSV_EXPORT_MAX_ROWS + 1, 0);
    },

    /** pending → approved | rejected with the notes; the applicant is e-mailed. */
    async decidePartnership(
      viewer: Viewer,
      id: number,
      { decision, notes = '' }: PartnershipDecisionInput,
    ): Promise<void> {
      adminOnly(viewer);
      await db.transaction(async (tx) => {
        const [row] = await tx
          .update(partnerships)
          .set({
            status: decision,
            adminNotes: notes || null,
            reviewedBy: viewer.userId,
            reviewedAt: new Date(),
          })
          .where(and(eq(partnerships.id, id), eq(partnerships.status, 'pending')))
          .returning();
        if (!row) {
          const [exists] = await tx
            .select({ id: partnerships.id })
            .from(partnerships)
            .where(eq(partnerships.id, id));
          throw exists
            ? new AppError('CONFLICT', m.partnershipDecided)
            : new AppError('NOT_FOUND', m.partnershipNotFound);
        }
        await recordAudit(tx, {
          actorId: viewer.userId,
          action: `partnership.${decision === 'approved' ? 'approve' : 'reject'}`,
          targetType: 'partnership',
          targetId: id,
          details: { notes, companyName: row.companyName },
        });
        await queueMail(
          partnershipDecisionMail(row.contactEmail, row.contactName, row.companyName, decision, notes),
          tx,
        );
      });
    },
  };
}

async function ticketRefusal(tx: Db, id: number, conflict: string) {
  const [exists] = await tx
    .select({ id: supportTickets.id })
    .from(supportTickets)
    .where(eq(supportTickets.id, id));
  return exists ? new AppError('CONFLICT', conflict) : new AppError('NOT_FOUND', m.ticketNotFound);
}

async function feedbackRefusal(tx: Db, id: number) {
  const where: SQL = eq(feedbackResponses.id, id);
  const [exists] = await tx.select({ id: feedbackResponses.id }).from(feedbackResponses).where(where);
  return exists
    ? new AppError('CONFLICT', m.feedbackAlreadyResolved)
    : new AppError('NOT_FOUND', m.feedbackNotFound);
}

export type SupportQueuesService = ReturnType<typeof createSupportQueuesService>;
