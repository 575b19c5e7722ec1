import type { Db } from '../../db/client';
import { auditLog } from '../../db/schema';

export interface AuditEntry {
  actorId: string;
  /** What was done, e.g. 'community_post.delete'. */
  action: string;
  targetType: string;
  targetId: string | number;
  details: Record<string, unknown>;
}

/** Records a staff action in the same transaction as the action, so neither exists without the other. */
export async function recordAudit(tx: Db, entry: AuditEntry) {
  await tx.insert(auditLog).values({ ...entry, targetId: String(entry.targetId) });
}
