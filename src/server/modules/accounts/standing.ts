import type { SuspensionPenalty } from '@shared/moderation';
import { and, desc, inArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { userSuspensions } from '../../db/schema';

/**
 * A member's standing (decision 023): the one place that says when a penalty is in force. A suspension is in force
 * past a warning while it has no end or its end is still to come; lifting one early sets its `ends_at`, so nothing
 * else is stored and every reader below follows by itself. Every reader takes the moment it judges at (`now`, the
 * app's clock its caller holds): the database's `now()` is never read, so a sign-in, a listing and a trade agree.
 */

/** A `user_suspensions` row in force at `now`, as SQL. */
export const suspensionInForce = (now: Date): SQL =>
  sql`(${userSuspensions.penalty} <> 'advertencia'
    and (${userSuspensions.endsAt} is null or ${userSuspensions.endsAt} > ${now.toISOString()}))`;

/** The same test on a row already read. */
export const isInForce = (row: { penalty: SuspensionPenalty; endsAt: Date | null }, now: Date): boolean =>
  row.penalty !== 'advertencia' && (row.endsAt === null || row.endsAt > now);

/** `userId` (a column or a value) is under a suspension in force: their shop is closed, they cannot trade. */
export const suspendedSql = (userId: SQLWrapper, now: Date): SQL<boolean> =>
  sql<boolean>`exists (select 1 from ${userSuspensions} where ${userSuspensions.userId} = ${userId}
    and ${suspensionInForce(now)})`;

/** `userId` is under no suspension in force (an anti-join on user_suspensions(user_id, …)). */
export const notSuspendedSql = (userId: SQLWrapper, now: Date): SQL<boolean> =>
  sql<boolean>`not exists (select 1 from ${userSuspensions} where ${userSuspensions.userId} = ${userId}
    and ${suspensionInForce(now)})`;

/**
 * `suspendedSql` as `in (subquery)`: for a count over the whole catalogue (the games' counts), subtracting the few
 * suspended members' rows is cheaper than an anti-join on every row.
 */
export const suspendedInSql = (userId: SQLWrapper, now: Date): SQL<boolean> =>
  sql<boolean>`${userId} in (select ${userSuspensions.userId} from ${userSuspensions}
    where ${suspensionInForce(now)})`;

/** `userId` is under no permanent ban in force ('permanente', not lifted): the forum still shows what they wrote. */
export const notBannedSql = (userId: SQLWrapper, now: Date): SQL<boolean> =>
  sql<boolean>`not exists (select 1 from ${userSuspensions} where ${userSuspensions.userId} = ${userId}
    and ${userSuspensions.penalty} = 'permanente' and ${suspensionInForce(now)})`;

/** True while `userId` is under a suspension in force. */
export async function isSuspended(db: Db, userId: string, now: Date): Promise<boolean> {
  const [row] = await queryRows<{ suspended: boolean }>(
    db,
    sql`select ${suspendedSql(sql`${userId}`, now)} as suspended`,
  );
  return row?.suspended === true;
}

/** Which of `userIds` are under a suspension in force at `now`, in one statement (a trade's two parties). */
export async function suspendedAmong(db: Db, userIds: readonly string[], now: Date): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ userId: userSuspensions.userId })
    .from(userSuspensions)
    .where(and(inArray(userSuspensions.userId, [...userIds]), suspensionInForce(now)));
  return new Set(rows.map((r) => r.userId));
}

/** True while `userId` is under a permanent ban in force (the forum hides what they wrote). */
export async function isBanned(db: Db, userId: string, now: Date): Promise<boolean> {
  const [row] = await queryRows<{ shown: boolean }>(
    db,
    sql`select ${notBannedSql(sql`${userId}`, now)} as shown`,
  );
  return row?.shown === false;
}

/** The suspension that blocks a member: the penalty, until when (null: permanent) and why. */
export interface SuspensionInForce {
  penalty: Exclude<SuspensionPenalty, 'advertencia'>;
  endsAt: Date | null;
  reason: string;
}

/**
 * The suspension in force of each of `userIds` at `now`, in one query: a permanent one over any other, else the one
 * that ends last. Members in good standing are absent from the map.
 */
export async function suspensionsInForce(
  db: Db,
  userIds: readonly string[],
  now: Date,
): Promise<Map<string, SuspensionInForce>> {
  const found = new Map<string, SuspensionInForce>();
  if (userIds.length === 0) return found;
  const rows = await db
    .select({
      userId: userSuspensions.userId,
      penalty: userSuspensions.penalty,
      endsAt: userSuspensions.endsAt,
      reason: userSuspensions.reason,
    })
    .from(userSuspensions)
    .where(and(inArray(userSuspensions.userId, [...userIds]), suspensionInForce(now)))
    .orderBy(sql`${userSuspensions.endsAt} desc nulls first`, desc(userSuspensions.id));
  for (const { userId, penalty, ...rest } of rows) {
    // The SQL keeps warnings out; the test narrows the type.
    if (!found.has(userId) && penalty !== 'advertencia') found.set(userId, { penalty, ...rest });
  }
  return found;
}

/** The suspension that blocks `userId` at `now`, if any (see `suspensionsInForce`). */
export async function activeSuspension(db: Db, userId: string, now: Date): Promise<SuspensionInForce | null> {
  return (await suspensionsInForce(db, [userId], now)).get(userId) ?? null;
}
