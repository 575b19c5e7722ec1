import { penaltyDays, type SuspendInput } from '@shared/moderation';
import { moderationMessages as m } from '@shared/moderation-messages';
import { isStaff } from '@shared/permissions';
import { and, desc, eq, gt, isNull, ne, or, sql } from 'drizzle-orm';
import type { Viewer } from '../../auth/session';
import type { Db } from '../../db/client';
import { adminRoles, sessions, userSuspensions, users } from '../../db/schema';
import { AppError } from '../../errors';
import { recordAudit } from '../audit/record';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The suspension that blocks `userId` now, if any: a permanent one first, else the one that ends last.
 * A warning never blocks.
 */
export async function activeSuspension(db: Db, userId: string, now = new Date()) {
  const [row] = await db
    .select({ endsAt: userSuspensions.endsAt, penalty: userSuspensions.penalty })
    .from(userSuspensions)
    .where(
      and(
        eq(userSuspensions.userId, userId),
        ne(userSuspensions.penalty, 'advertencia'),
        or(isNull(userSuspensions.endsAt), gt(userSuspensions.endsAt, now)),
      ),
    )
    .orderBy(sql`${userSuspensions.endsAt} desc nulls first`, desc(userSuspensions.id))
    .limit(1);
  return row ?? null;
}

/** Staff penalties on members (decision 018): the reports queue links to them, the member's account carries them. */
export function createSuspensionsService(db: Db) {
  return {
    /**
     * A penalty on a member: a warning is recorded; a suspension also ends every session of theirs, in the same
     * transaction, and refuses sign-in until it ends (accounts' login, auth's session hook).
     */
    async suspend(viewer: Viewer, userId: string, input: SuspendInput, now = new Date()): Promise<void> {
      if (!isStaff(viewer)) throw AppError.forbidden();
      if (userId === viewer.userId) throw new AppError('FORBIDDEN', m.suspendSelf);
      const days = penaltyDays[input.penalty];
      await db.transaction(async (tx) => {
        const [user] = await tx
          .select({ id: users.id })
          .from(users)
          .where(eq(users.id, userId))
          .for('update');
        if (!user) throw new AppError('NOT_FOUND', m.userNotFound);
        const [staff] = await tx
          .select({ role: adminRoles.role })
          .from(adminRoles)
          .where(eq(adminRoles.userId, userId));
        if (staff) throw new AppError('FORBIDDEN', m.suspendStaff);
        const endsAt = days === null ? null : new Date(now.getTime() + days * DAY_MS);
        const [row] = await tx
          .insert(userSuspensions)
          .values({
            userId,
            penalty: input.penalty,
            reason: input.reason.trim(),
            endsAt: days === 0 ? now : endsAt,
            reportId: input.reportId ?? null,
            createdBy: viewer.userId,
          })
          .returning({ id: userSuspensions.id });
        if (days !== 0) await tx.delete(sessions).where(eq(sessions.userId, userId));
        await recordAudit(tx, {
          actorId: viewer.userId,
          action: `user.${input.penalty === 'advertencia' ? 'warn' : 'suspend'}`,
          targetType: 'user',
          targetId: userId,
          details: {
            suspensionId: row?.id,
            penalty: input.penalty,
            reason: input.reason.trim(),
            endsAt: endsAt?.toISOString() ?? null,
            reportId: input.reportId ?? null,
          },
        });
      });
    },
  };
}

export type SuspensionsService = ReturnType<typeof createSuspensionsService>;
