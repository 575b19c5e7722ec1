import { type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from './client';

/**
 * Writes that need nothing of each other, sent as one statement: all but the last as data-modifying CTEs
 * (`with w0 as (insert …), w1 as (update …) insert …`), so one round trip and one plan instead of one each.
 * PostgreSQL runs each to completion in the same snapshot: none may read what another writes.
 */
export async function writeTogether(db: Db, writes: readonly SQLWrapper[]): Promise<void> {
  const last = writes.at(-1);
  if (!last) return;
  // `getSQL()`: a query builder placed in `sql` as it is would be wrapped in parentheses, as a subquery.
  const ctes = writes.slice(0, -1).map((write, i) => sql`${sql.raw(`w${i}`)} as (${write.getSQL()})`);
  await db.execute(ctes.length ? sql`with ${sql.join(ctes, sql`, `)} ${last.getSQL()}` : last.getSQL());
}
