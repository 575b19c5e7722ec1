import { ne, sql } from 'drizzle-orm';
import { users } from '../../db/schema';

// Whether an account is live, as the other modules ask it. Apart from deletion.ts, which imports trades and admin:
// a module asking here must not import them back (a cycle).

/**
 * The non-routable address a deleted account's row keeps: unique (the column is), under the reserved `.invalid`
 * top-level domain (RFC 2606), so no mail can reach it and the real address is free to register again.
 */
export const deletedEmailOf = (userId: string) => `removido-${userId.toLowerCase()}@conta-removida.invalid`;

/** Whether a user row is a deleted account's tombstone (its e-mail is the one deletion gives it). */
export const isDeletedAccount = (user: { id: string; email: string }) =>
  user.email === deletedEmailOf(user.id);

/** The same test in SQL, for queries that join `users`: the row is a live account, not a tombstone. */
export const isLiveAccount = ne(
  users.email,
  sql`'removido-' || lower(${users.id}) || '@conta-removida.invalid'`,
);
