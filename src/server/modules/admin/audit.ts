import { AUDIT_PAGE_SIZE, type AuditPage, type AuditQuery } from '@shared/admin';
import { canReadAudit } from '@shared/permissions';
import { and, asc, count, desc, eq, isNotNull, type SQL } from 'drizzle-orm';
import type { Viewer } from '../../auth/session';
import type { Db } from '../../db/client';
import { auditLog, profiles } from '../../db/schema';
import { AppError } from '../../errors';

/** The Auditoria tab: the append-only audit log, newest first, filtered and paged on the server. */
export function createAuditReader(db: Db) {
  return {
    async page(viewer: Viewer, query: AuditQuery): Promise<AuditPage> {
      if (!canReadAudit(viewer)) throw AppError.forbidden();
      const filters: SQL[] = [];
      if (query.actorId) filters.push(eq(auditLog.actorId, query.actorId));
      if (query.action) filters.push(eq(auditLog.action, query.action));
      if (query.targetType) filters.push(eq(auditLog.targetType, query.targetType));
      const where = filters.length ? and(...filters) : undefined;

      const [rows, [total], actions, targetTypes, actors] = await Promise.all([
        db
          .select({
            id: auditLog.id,
            actorId: auditLog.actorId,
            actorName: profiles.username,
            action: auditLog.action,
            targetType: auditLog.targetType,
            targetId: auditLog.targetId,
            details: auditLog.details,
            createdAt: auditLog.createdAt,
          })
          .from(auditLog)
          .leftJoin(profiles, eq(profiles.id, auditLog.actorId))
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
        entries: rows.map((r) => ({
          ...r,
          details: (r.details ?? {}) as Record<string, unknown>,
          createdAt: r.createdAt.toISOString(),
        })),
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
  };
}

export type AuditReader = ReturnType<typeof createAuditReader>;
