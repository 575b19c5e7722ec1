import { type LiftSuspensionInput, penaltyDays, type SuspendInput } from '@shared/moderation';
import { moderationMessages as m } from '@shared/moderation-messages';
import { isStaff } from '@shared/permissions';
import { and, eq, isNull } from 'drizzle-orm';
import type { Viewer } from '../../auth/session';
import type { Db } from '../../db/client';
import { adminRoles, profiles, sessions, userSuspensions, users } from '../../db/schema';
import { AppError } from '../../errors';
import type { Mail, QueueMail } from '../../mail/mailer';
import { liftMail, penaltyMail } from '../../mail/templates/suspension';
import { recordAudit } from '../audit/record';
import { deletedEmailOf } from './lifecycle';
import { suspensionInForce } from './standing';

const DAY_MS = 24 * 60 * 60 * 1000;

/** How the penalty and lift notices go out: the mail job, queued in the decision's transaction. */
export interface SuspensionMail {
  queueMail: QueueMail;
  publicUrl: string;
}

/**
 * Staff penalties on members (decision 018, issue 22): given from a report or from the member page, lifted early
 * from the member page. Moderators and admins act (README's role table); staff are never penalised, and nobody
 * penalises or lifts for themselves. Each one is a transaction, audited in it; the member's mail (a transactional
 * mail, whatever their e-mail switch says) is a job queued in it: sent after the commit, retried if it fails, and
 * never undoing the decision.
 */
export function createSuspensionsService(db: Db, mail?: SuspensionMail) {
  const send = async (tx: Db, message: Mail) => {
    await mail?.queueMail(message, tx);
  };
  const publicUrl = mail?.publicUrl ?? '';

  return {
    /**
     * A penalty on a member: a warning is recorded; a suspension also ends every session of theirs, in the same
     * transaction, and refuses sign-in until it ends (accounts' login, auth's session hook).
     */
    async suspend(viewer: Viewer, userId: string, input: SuspendInput, now = new Date()): Promise<void> {
      if (!isStaff(viewer)) throw AppError.forbidden();
      if (userId === viewer.userId) throw new AppError('FORBIDDEN', m.suspendSelf);
      const days = penaltyDays[input.penalty];
      const reason = input.reason.trim();
      await db.transaction(async (tx) => {
        const [user] = await tx
          .select({ id: users.id, email: users.email, name: users.name })
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
            reason,
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
            reason,
            endsAt: endsAt?.toISOString() ?? null,
            reportId: input.reportId ?? null,
          },
        });
        if (user.email === deletedEmailOf(user.id)) return;
        const name = await usernameOf(tx, user.id, user.name);
        await send(
          tx,
          penaltyMail(user.email, name, input.penalty, reason, days === 0 ? null : endsAt, publicUrl),
        );
      });
    },

    /**
     * Lifts a suspension early (issue 22): its `ends_at` becomes now, so every reader of standing.ts sees it over,
     * and who lifted it, when and why are kept. Guarded by the state it leaves: a second lift (or one of an ended
     * suspension or a warning) changes nothing and says so.
     */
    async lift(
      viewer: Viewer,
      suspensionId: number,
      input: LiftSuspensionInput,
      now = new Date(),
    ): Promise<void> {
      if (!isStaff(viewer)) throw AppError.forbidden();
      const reason = input.reason.trim();
      await db.transaction(async (tx) => {
        const [found] = await tx
          .select({ userId: userSuspensions.userId })
          .from(userSuspensions)
          .where(eq(userSuspensions.id, suspensionId));
        if (!found) throw new AppError('NOT_FOUND', m.suspensionNotFound);
        if (found.userId === viewer.userId) throw new AppError('FORBIDDEN', m.liftSelf);
        const [lifted] = await tx
          .update(userSuspensions)
          .set({ endsAt: now, liftedAt: now, liftedBy: viewer.userId, liftReason: reason })
          .where(
            and(
              eq(userSuspensions.id, suspensionId),
              isNull(userSuspensions.liftedAt),
              suspensionInForce(now),
            ),
          )
          .returning({ penalty: userSuspensions.penalty, userId: userSuspensions.userId });
        if (!lifted) throw new AppError('CONFLICT', m.liftNotActive);
        await recordAudit(tx, {
          actorId: viewer.userId,
          action: 'user.lift',
          targetType: 'user',
          targetId: lifted.userId,
          details: { suspensionId, penalty: lifted.penalty, reason },
        });
        const [user] = await tx
          .select({ id: users.id, email: users.email, name: users.name })
          .from(users)
          .where(eq(users.id, lifted.userId));
        if (!user || user.email === deletedEmailOf(user.id)) return;
        const name = await usernameOf(tx, user.id, user.name);
        await send(tx, liftMail(user.email, name, lifted.penalty, reason, publicUrl));
      });
    },
  };
}

async function usernameOf(db: Db, userId: string, fallback: string): Promise<string> {
  const [profile] = await db
    .select({ username: profiles.username })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return profile?.username ?? fallback;
}

export type SuspensionsService = ReturnType<typeof createSuspensionsService>;
