import { MAX_NICKNAME_LENGTH } from '@shared/accounts';
import { and, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { profiles } from '../../db/schema';

/**
 * Usernames are unique whatever their case, without a unique index (decision 012: older accounts may share a
 * name). Every writer of a name takes this transaction-scoped advisory lock on its lowered form before looking,
 * so two people asking for the same free name at once take turns and the second sees the first's.
 */
export async function lockUsername(tx: Db, username: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`username:${username.toLowerCase()}`}))`);
}

/** Whether another profile (not `exceptUserId`'s) has this name in any letter case. */
export async function isUsernameTaken(tx: Db, username: string, exceptUserId?: string): Promise<boolean> {
  const sameName = sql`lower(${profiles.username}) = ${username.toLowerCase()}`;
  const [taken] = await tx
    .select({ id: profiles.id })
    .from(profiles)
    .where(exceptUserId ? and(sameName, ne(profiles.id, exceptUserId)) : sameName)
    .limit(1);
  return taken !== undefined;
}

/**
 * The wanted name if free, else the first free of `name-2`, `name-3` … cut to the length limit; each candidate
 * is locked before it is looked at, and the locks are held until the caller's transaction ends, so the name
 * returned is still free when the caller writes it.
 */
export async function claimFreeUsername(tx: Db, wanted: string): Promise<string> {
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? '' : `-${n}`;
    const candidate = wanted.slice(0, MAX_NICKNAME_LENGTH - suffix.length).trimEnd() + suffix;
    await lockUsername(tx, candidate);
    if (!(await isUsernameTaken(tx, candidate))) return candidate;
  }
}
