import { sql } from 'drizzle-orm';
import { type Db, queryRows } from './client';

/**
 * PGlite runs no autovacuum, so the planner's statistics are refreshed at start — but only for the tables whose
 * size moved since their last ANALYZE (by autovacuum's rule of thumb, a tenth), or that were never analysed: a
 * whole-database ANALYZE took most of a start on existing data (issue 24). The statistics themselves persist;
 * PGlite's activity counters (`pg_stat_user_tables`) do not, hence the size read from the files.
 */
export async function refreshStaleStatistics(db: Db): Promise<string[]> {
  const stale = await queryRows<{ name: string }>(
    db,
    sql`select format('%I.%I', n.nspname, c.relname) as name
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind = 'r' and n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast')
          and (c.reltuples < 0 or abs(pg_relation_size(c.oid) / current_setting('block_size')::int - c.relpages)
               > greatest(1, c.relpages / 10))`,
  );
  if (stale.length > 0) await db.execute(sql.raw(`analyze ${stale.map((t) => t.name).join(', ')}`));
  return stale.map((t) => t.name);
}
