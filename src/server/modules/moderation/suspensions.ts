import { and, desc, eq, gt, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { userSuspensions } from '../../db/schema';

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
