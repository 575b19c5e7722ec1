import type { StaffRole } from '@shared/accounts';
import { AUDIT_PAGE_SIZE, type AuditEntry, type AuditPage, type AuditQuery } from '@shared/admin';
import { auditSentence } from '@shared/audit-sentences';
import { canReadAudit } from '@shared/permissions';
import { and, asc, count, desc, eq, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { Viewer } from '../../auth/session';
import type { Db } from '../../db/client';
import {
  adminRoles,
  auditLog,
  banners,
  communityPosts,
  feedbackResponses,
  ledgerEntries,
  ledgerTransactions,
  listings,
  maintenanceWindows,
  partnerships,
  profiles,
  reports,
  supportTickets,
  trades,
  users,
  whatsappGroups,
} from '../../db/schema';
import { matchesText, memberSearchColumns, searchedId } from '../../db/text-search';
import { AppError } from '../../errors';
import { CSV_EXPORT_MAX_ROWS } from '../../http/csv';

type LogRow = Pick<
  typeof auditLog.$inferSelect,
  'id' | 'actorId' | 'action' | 'targetType' | 'targetId' | 'details' | 'createdAt'
>;

/** Targets whose id is a number (a serial key); any other id of those types is not looked up. */
const numericTargets = new Set([
  'listing',
  'trade',
  'report',
  'support_ticket',
  'feedback',
  'partnership',
  'banner',
  'whatsapp_group',
  'community_post',
  'maintenance_window',
]);
/** Keys of the details that name another member by id. */
const memberDetailKeys = ['authorId', 'sellerId', 'previousIntermediaryId'] as const;

/** What each PIX transfer out (a payout or a refund) sent, by its E2E id: the positive side of its ledger entries. */
async function sentByTransfer(db: Db, endToEndIds: string[]): Promise<Map<string, number>> {
  if (endToEndIds.length === 0) return new Map();
  const rows = await db
    .select({
      endToEndId: ledgerTransactions.endToEndId,
      cents:
        sql<number>`sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.amountCents} > 0)`.mapWith(
          Number,
        ),
    })
    .from(ledgerTransactions)
    .innerJoin(ledgerEntries, eq(ledgerEntries.transactionId, ledgerTransactions.id))
    .where(
      and(
        inArray(ledgerTransactions.endToEndId, endToEndIds),
        inArray(ledgerTransactions.kind, ['payout', 'refund_payout']),
      ),
    )
    .groupBy(ledgerTransactions.endToEndId);
  return new Map(rows.map((r) => [r.endToEndId as string, r.cents]));
}

/**
 * The names an audit page shows, read in one query per kind of target (never one per row): the actors' and
 * members' usernames and staff roles, each target's current name (a listing's title, a ticket's subject…), the
 * buyer and seller of each trade, and what each transfer the details name sent.
 */
async function resolveNames(db: Db, rows: readonly LogRow[]) {
  const userIds = new Set<string>();
  const idsOf = new Map<string, Set<number>>();
  const endToEndIds = new Set<string>();
  for (const row of rows) {
    if (row.actorId) userIds.add(row.actorId);
    if (row.targetType === 'user') userIds.add(row.targetId);
    const details = (row.details ?? {}) as Record<string, unknown>;
    for (const key of memberDetailKeys) {
      if (typeof details[key] === 'string') userIds.add(details[key] as string);
    }
    if (typeof details.endToEndId === 'string') endToEndIds.add(details.endToEndId);
    const id = Number(row.targetId);
    if (numericTargets.has(row.targetType) && Number.isInteger(id) && id > 0 && id <= 2_147_483_647) {
      const set = idsOf.get(row.targetType) ?? new Set<number>();
      set.add(id);
      idsOf.set(row.targetType, set);
    }
  }
  const ids = (type: string) => [...(idsOf.get(type) ?? [])];
  const byId = async (
    type: string,
    read: (list: number[]) => Promise<{ id: number; name: string | null }[]>,
  ): Promise<[string, Map<string, string>]> => {
    const list = ids(type);
    const found = list.length ? await read(list) : [];
    return [type, new Map(found.filter((f) => f.name).map((f) => [String(f.id), f.name as string]))];
  };
  const userList = [...userIds];
  const tradeIds = ids('trade');
  const [people, roles, parties, sent, ...targets] = await Promise.all([
    userList.length
      ? db
          .select({ id: users.id, name: users.name, username: profiles.username })
          .from(users)
          .leftJoin(profiles, eq(profiles.id, users.id))
          .where(inArray(users.id, userList))
      : Promise.resolve([]),
    userList.length
      ? db
          .select({ userId: adminRoles.userId, role: adminRoles.role })
          .from(adminRoles)
          .where(inArray(adminRoles.userId, userList))
      : Promise.resolve([]),
    tradeIds.length
      ? db
          .select({ id: trades.id, buyerId: trades.buyerId, sellerId: trades.sellerId })
          .from(trades)
          .where(inArray(trades.id, tradeIds))
      : Promise.resolve([]),
    sentByTransfer(db, [...endToEndIds]),
    byId('listing', (l) =>
      db.select({ id: listings.id, name: listings.title }).from(listings).where(inArray(listings.id, l)),
    ),
    byId('trade', (l) =>
      db.select({ id: trades.id, name: trades.listingTitle }).from(trades).where(inArray(trades.id, l)),
    ),
    byId('report', (l) =>
      db.select({ id: reports.id, name: reports.targetName }).from(reports).where(inArray(reports.id, l)),
    ),
    byId('support_ticket', (l) =>
      db
        .select({ id: supportTickets.id, name: supportTickets.subject })
        .from(supportTickets)
        .where(inArray(supportTickets.id, l)),
    ),
    byId('feedback', (l) =>
      db
        .select({ id: feedbackResponses.id, name: feedbackResponses.subject })
        .from(feedbackResponses)
        .where(inArray(feedbackResponses.id, l)),
    ),
    byId('partnership', (l) =>
      db
        .select({ id: partnerships.id, name: partnerships.companyName })
        .from(partnerships)
        .where(inArray(partnerships.id, l)),
    ),
    byId('banner', (l) =>
      db.select({ id: banners.id, name: banners.title }).from(banners).where(inArray(banners.id, l)),
    ),
    byId('whatsapp_group', (l) =>
      db
        .select({ id: whatsappGroups.id, name: whatsappGroups.title })
        .from(whatsappGroups)
        .where(inArray(whatsappGroups.id, l)),
    ),
    byId('community_post', (l) =>
      db
        .select({ id: communityPosts.id, name: communityPosts.title })
        .from(communityPosts)
        .where(inArray(communityPosts.id, l)),
    ),
    byId('maintenance_window', (l) =>
      db
        .select({ id: maintenanceWindows.id, name: maintenanceWindows.title })
        .from(maintenanceWindows)
        .where(inArray(maintenanceWindows.id, l)),
    ),
  ]);
  const names = new Map(people.map((p) => [p.id, p.username ?? p.name]));
  const roleOf = new Map(roles.map((r) => [r.userId, r.role as StaffRole]));
  const targetNames = new Map(targets);
  const partiesOf = new Map(parties.map((p) => [String(p.id), p]));
  return {
    names,
    roleOf,
    sent,
    /** 'comprador' or 'vendedor' when the actor is that side of the trade the entry is about. */
    tradeRoleOf: (row: LogRow): 'comprador' | 'vendedor' | null => {
      const trade = row.targetType === 'trade' ? partiesOf.get(row.targetId) : undefined;
      if (!trade || !row.actorId) return null;
      return row.actorId === trade.buyerId ? 'comprador' : row.actorId === trade.sellerId ? 'vendedor' : null;
    },
    targetName: (type: string, id: string) =>
      type === 'user' ? (names.get(id) ?? null) : (targetNames.get(type)?.get(id) ?? null),
  };
}

/** Audit rows as the panel reads them: names resolved in a batch, each entry as a sentence with its fields. */
export async function describeAuditRows(db: Db, rows: readonly LogRow[]): Promise<AuditEntry[]> {
  const { names, roleOf, sent, tradeRoleOf, targetName } = await resolveNames(db, rows);
  const known = Object.fromEntries(names);
  return rows.map((row) => {
    const details = (row.details ?? {}) as Record<string, unknown>;
    const facts = {
      action: row.action,
      actorId: row.actorId,
      actorName: row.actorId ? (names.get(row.actorId) ?? null) : null,
      actorRole: row.actorId ? (roleOf.get(row.actorId) ?? null) : null,
      actorTradeRole: tradeRoleOf(row),
      sentCents: typeof details.endToEndId === 'string' ? (sent.get(details.endToEndId) ?? null) : null,
      targetType: row.targetType,
      targetId: row.targetId,
      targetName: targetName(row.targetType, row.targetId),
      details,
      names: known,
    };
    return {
      id: row.id,
      actorId: facts.actorId,
      actorName: facts.actorName,
      actorRole: facts.actorRole,
      action: row.action,
      targetType: row.targetType,
      targetId: row.targetId,
      targetName: facts.targetName,
      details,
      sentence: auditSentence(facts),
      createdAt: row.createdAt.toISOString(),
    };
  });
}

/**
 * The audit's target filter: the id as typed ('12', '#12', a member's id), a member whose name, username or
 * e-mail matches, or details that mention it (a title, a company).
 */
function targetWhere(target: string): SQL {
  const id = searchedId(target);
  return or(
    eq(auditLog.targetId, target),
    id === null ? undefined : eq(auditLog.targetId, String(id)),
    and(eq(auditLog.targetType, 'user'), matchesText(target, memberSearchColumns(auditLog.targetId))),
    matchesText(target, [sql`${auditLog.details}::text`]),
  ) as SQL;
}

function whereOf(query: Omit<AuditQuery, 'page'>) {
  const filters: SQL[] = [];
  if (query.actorId) filters.push(eq(auditLog.actorId, query.actorId));
  if (query.action) filters.push(eq(auditLog.action, query.action));
  if (query.targetType) filters.push(eq(auditLog.targetType, query.targetType));
  if (query.target) filters.push(targetWhere(query.target));
  return filters.length ? and(...filters) : undefined;
}

const logColumns = {
  id: auditLog.id,
  actorId: auditLog.actorId,
  action: auditLog.action,
  targetType: auditLog.targetType,
  targetId: auditLog.targetId,
  details: auditLog.details,
  createdAt: auditLog.createdAt,
};

/** The Auditoria tab: the append-only audit log, newest first, filtered and paged on the server. */
export function createAuditReader(db: Db) {
  return {
    async page(viewer: Viewer, query: AuditQuery): Promise<AuditPage> {
      if (!canReadAudit(viewer)) throw AppError.forbidden();
      const where = whereOf(query);

      const [rows, [total], actions, targetTypes, actors] = await Promise.all([
        db
          .select(logColumns)
          .from(auditLog)
          .where(where)
          .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
          .limit(AUDIT_PAGE_SIZE)
          .offset((query.page - 1) * AUDIT_PAGE_SIZE),
        db.select({ n: count() }).from(auditLog).where(where),
        db.selectDistinct({ v: auditLog.action }).from(auditLog).orderBy(asc(auditLog.action)),
        db.selectDistinct({ v: auditLog.targetType }).from(auditLog).orderBy(asc(auditLog.targetType)),
        db
          .selectDistinct({ id: profiles.id, name: profiles.username })
          .from(auditLog)
          .innerJoin(profiles, eq(profiles.id, auditLog.actorId))
          .where(isNotNull(auditLog.actorId))
          .orderBy(asc(profiles.username)),
      ]);

      return {
        entries: await describeAuditRows(db, rows),
        total: total?.n ?? 0,
        page: query.page,
        pageSize: AUDIT_PAGE_SIZE,
        facets: {
          actions: actions.map((a) => a.v),
          targetTypes: targetTypes.map((t) => t.v),
          actors,
        },
      };
    },

    /** The filtered log for the CSV export: at most one row past the file's limit (so it can say it stopped). */
    async exportRows(viewer: Viewer, query: Omit<AuditQuery, 'page'>): Promise<AuditEntry[]> {
      if (!canReadAudit(viewer)) throw AppError.forbidden();
      const rows = await db
        .select(logColumns)
        .from(auditLog)
        .where(whereOf(query))
        .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
        .limit(CSV_EXPORT_MAX_ROWS + 1);
      return describeAuditRows(db, rows);
    },
  };
}

export type AuditReader = ReturnType<typeof createAuditReader>;
