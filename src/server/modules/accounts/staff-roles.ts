import { adminMessages as m } from '@shared/admin-messages';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { adminRoles } from '../../db/schema';
import { AppError } from '../../errors';

/**
 * Locks every admin row (`SELECT … FOR UPDATE`) and refuses when `userId` is the only admin left: of two admins
 * demoting, removing or deleting each other at once, one waits and then sees the other gone.
 */
export async function assertNotLastAdmin(tx: Db, userId: string, message: string = m.staffLastAdmin) {
  const admins = await tx
    .select({ userId: adminRoles.userId })
    .from(adminRoles)
    .where(eq(adminRoles.role, 'admin'))
    .for('update');
  if (admins.length === 1 && admins[0]?.userId === userId) throw new AppError('CONFLICT', message);
}
