import type { StaffRole } from '@shared/accounts';
import { STAFF_CANDIDATES_LIMIT, type StaffCandidate, type StaffMember } from '@shared/admin';
import { adminMessages as m } from '@shared/admin-messages';
import { moderationMessages } from '@shared/moderation-messages';
import { canManageStaff, isAdmin } from '@shared/permissions';
import { and, asc, eq, ilike, isNull } from 'drizzle-orm';
import type { Viewer } from '../../auth/session';
import type { Db } from '../../db/client';
import { adminRoles, profiles, users } from '../../db/schema';
import { AppError } from '../../errors';
import { assertNotLastAdmin } from '../accounts/staff-roles';
import { activeSuspension, suspensionsInForce } from '../accounts/standing';
import { recordAudit } from '../audit/record';
import { releaseHeldTrades } from '../trades/staff-steps';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The staff list (Usuários tab): who is admin or moderator. Only admins read or change it; nobody changes their
 * own row, and the last admin stays. Every change is audited in its own transaction, with the admin rows locked
 * so two admins demoting each other at once cannot leave the panel without one. Removing someone hands the
 * trades they hold back to the desk in the same transaction.
 */
export function createStaffService(db: Db) {
  function assertAdmin(viewer: Viewer) {
    if (!isAdmin(viewer)) throw AppError.forbidden();
  }

  function assertMayChange(viewer: Viewer, userId: string) {
    assertAdmin(viewer);
    if (!canManageStaff(viewer, userId)) throw new AppError('FORBIDDEN', m.staffSelf);
  }

  return {
    async list(viewer: Viewer): Promise<StaffMember[]> {
      assertAdmin(viewer);
      const rows = await db
        .select({
          userId: adminRoles.userId,
          username: profiles.username,
          avatarUrl: profiles.avatarUrl,
          role: adminRoles.role,
          since: adminRoles.createdAt,
        })
        .from(adminRoles)
        .innerJoin(profiles, eq(profiles.id, adminRoles.userId))
        .orderBy(asc(adminRoles.role), asc(profiles.username));
      return rows.map((r) => ({ ...r, since: r.since.toISOString() }));
    },

    /**
     * Profiles without a role whose username holds `q`, at most 20 (part 2 §9); a member suspended now is marked
     * (with until when), since `add` refuses them.
     */
    async candidates(viewer: Viewer, q: string, now = new Date()): Promise<StaffCandidate[]> {
      assertAdmin(viewer);
      const rows = await db
        .select({ userId: profiles.id, username: profiles.username, avatarUrl: profiles.avatarUrl })
        .from(profiles)
        .leftJoin(adminRoles, eq(adminRoles.userId, profiles.id))
        .where(and(isNull(adminRoles.userId), q ? ilike(profiles.username, `%${escapeLike(q)}%`) : undefined))
        .orderBy(asc(profiles.username))
        .limit(STAFF_CANDIDATES_LIMIT);
      const suspended = await suspensionsInForce(
        db,
        rows.map((r) => r.userId),
        now,
      );
      return rows.map((r) => ({
        ...r,
        suspended: suspended.has(r.userId),
        suspendedUntil: suspended.get(r.userId)?.endsAt?.toISOString() ?? null,
      }));
    },

    async add(viewer: Viewer, userId: string, role: StaffRole) {
      assertMayChange(viewer, userId);
      await db.transaction(async (tx) => {
        const [profile] = await tx
          .select({ username: profiles.username })
          .from(profiles)
          .where(eq(profiles.id, userId));
        if (!profile) throw new AppError('NOT_FOUND', m.staffUserNotFound);
        // Staff cannot be suspended, so a suspended member cannot become staff (issue 22). The user's row is
        // locked as `suspend` locks it, so a suspension and a promotion at once cannot both pass.
        await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
        if (await activeSuspension(tx, userId, new Date())) {
          throw new AppError('CONFLICT', moderationMessages.staffCandidateSuspended);
        }
        const inserted = await tx
          .insert(adminRoles)
          .values({ userId, role })
          .onConflictDoNothing()
          .returning({ userId: adminRoles.userId });
        if (inserted.length === 0) throw new AppError('CONFLICT', m.staffAlreadyStaff);
        await recordAudit(tx, {
          actorId: viewer.userId,
          action: 'staff.add',
          targetType: 'user',
          targetId: userId,
          details: { username: profile.username, role },
        });
      });
    },

    async changeRole(viewer: Viewer, userId: string, role: StaffRole) {
      assertMayChange(viewer, userId);
      await db.transaction(async (tx) => {
        if (role !== 'admin') await assertNotLastAdmin(tx, userId);
        const [before] = await tx
          .select()
          .from(adminRoles)
          .where(eq(adminRoles.userId, userId))
          .for('update');
        if (!before) throw new AppError('NOT_FOUND', m.staffNotStaff);
        if (before.role === role) return;
        await tx.update(adminRoles).set({ role }).where(eq(adminRoles.userId, userId));
        await recordAudit(tx, {
          actorId: viewer.userId,
          action: 'staff.change_role',
          targetType: 'user',
          targetId: userId,
          details: { from: before.role, to: role },
        });
      });
    },

    async remove(viewer: Viewer, userId: string) {
      assertMayChange(viewer, userId);
      await db.transaction(async (tx) => {
        await assertNotLastAdmin(tx, userId);
        const [removed] = await tx
          .delete(adminRoles)
          .where(eq(adminRoles.userId, userId))
          .returning({ role: adminRoles.role });
        if (!removed) throw new AppError('NOT_FOUND', m.staffNotStaff);
        // No trade waits on someone who is no longer staff: theirs go back to the desk, with a history line.
        const handedBack = await releaseHeldTrades(tx, userId, new Date(), m.handBackStaffRemoved);
        await recordAudit(tx, {
          actorId: viewer.userId,
          action: 'staff.remove',
          targetType: 'user',
          targetId: userId,
          details: { role: removed.role, tradesHandedBack: handedBack },
        });
      });
    },
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
