import { accountMessages } from '@shared/account-messages';
import {
  hasHiddenCharacter,
  MAX_NICKNAME_LENGTH,
  normalizeName,
  withoutHiddenCharacters,
} from '@shared/accounts';
import { settingsMessages } from '@shared/settings-messages';
import { and, arrayOverlaps, asc, eq, gt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { profiles } from '../../db/schema';
import { AppError } from '../../errors';
import { isReservedName, NAME_KEYS_PREFIX, nameSkeletons } from './names';

/**
 * Usernames are unique whatever their case and whatever look-alike letters they use, without a unique index
 * (decision 012: older accounts may share a name). Every writer of a name takes transaction-scoped advisory locks on
 * its skeleton keys before looking, so two people asking for the same (or a look-alike) free name at once take turns
 * and the second sees the first's. Keys are locked in order, so two writers never wait on each other crosswise.
 */
export async function lockUsername(tx: Db, username: string) {
  for (const key of nameSkeletons(username).sort()) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`username:${key}`}))`);
  }
}

/**
 * Whether another profile (not `exceptUserId`'s) has this name in any letter case, or a name that looks like it
 * (a shared UTS #39 skeleton key: accounts/names.ts).
 */
async function isUsernameTaken(tx: Db, username: string, exceptUserId?: string): Promise<boolean> {
  const name = normalizeName(username);
  const keys = nameSkeletons(name);
  const sameName = or(
    sql`lower(${profiles.username}) = ${name.toLowerCase()}`,
    keys.length ? arrayOverlaps(profiles.nameSkeletons, keys) : undefined,
  );
  const [taken] = await tx
    .select({ id: profiles.id })
    .from(profiles)
    .where(exceptUserId ? and(sameName, ne(profiles.id, exceptUserId)) : sameName)
    .limit(1);
  return taken !== undefined;
}

/**
 * The checks of a new name the member chose (sign-up, profile): no hidden characters, not a staff word (unless
 * `mayBeReserved`: staff accounts), not another member's name or a look-alike of it. Call under `lockUsername`.
 * Throws the pt-BR refusal under `field`.
 */
export async function assertUsernameFree(
  tx: Db,
  username: string,
  {
    field,
    exceptUserId,
    mayBeReserved = false,
  }: { field: string; exceptUserId?: string; mayBeReserved?: boolean },
) {
  const refuse = (code: 'VALIDATION' | 'CONFLICT', message: string) =>
    new AppError(code, message, { [field]: message });
  if (hasHiddenCharacter(username)) throw refuse('VALIDATION', accountMessages.nameHiddenCharacter);
  if (!mayBeReserved && isReservedName(username)) throw refuse('VALIDATION', accountMessages.nameReserved);
  const name = normalizeName(username);
  const [sameLetters] = await tx
    .select({ id: profiles.id })
    .from(profiles)
    .where(
      exceptUserId
        ? and(sql`lower(${profiles.username}) = ${name.toLowerCase()}`, ne(profiles.id, exceptUserId))
        : sql`lower(${profiles.username}) = ${name.toLowerCase()}`,
    )
    .limit(1);
  if (sameLetters) throw refuse('CONFLICT', settingsMessages.usernameTaken);
  if (await isUsernameTaken(tx, name, exceptUserId)) throw refuse('CONFLICT', accountMessages.nameLookAlike);
}

/**
 * A name an account may get without being asked (a Discord sign-up): the provider's name with hidden characters
 * removed and normalised; if that reads as staff or is empty, the e-mail's local part; else 'jogador'.
 */
export function usableUsername(wanted: string, fallback: string): string {
  for (const candidate of [wanted, fallback]) {
    const name = withoutHiddenCharacters(candidate).slice(0, MAX_NICKNAME_LENGTH).trim();
    if (name && !isReservedName(name)) return name;
  }
  return 'jogador';
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

/**
 * Recomputes the keys of profiles whose keys are not of the current folding (none yet: written before migration
 * 0030; or without `NAME_KEYS_PREFIX`: an older folding), in batches by id; run once at start after the migrations.
 * Names are not changed: a look-alike pair that already exists stays.
 */
export async function backfillNameSkeletons(db: Db, batch = 500): Promise<number> {
  const stale = sql`not coalesce(starts_with(${profiles.nameSkeletons}[1], ${NAME_KEYS_PREFIX}), false)`;
  let filled = 0;
  let after = '';
  for (;;) {
    const rows = await db
      .select({ id: profiles.id, username: profiles.username })
      .from(profiles)
      .where(and(gt(profiles.id, after), stale))
      .orderBy(asc(profiles.id))
      .limit(batch);
    for (const row of rows) {
      await db
        .update(profiles)
        .set({ nameSkeletons: nameSkeletons(row.username) })
        .where(and(eq(profiles.id, row.id), stale));
    }
    filled += rows.length;
    const last = rows.at(-1);
    if (!last || rows.length < batch) return filled;
    after = last.id;
  }
}
