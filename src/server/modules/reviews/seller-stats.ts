import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';

/**
 * Recomputes the stored figures (`seller_stats`, decision 024) of the members whose next hidden buyer review
 * has been published by the clock since their last refresh; returns how many. Writes refresh them by trigger.
 */
export async function refreshDueSellerStats(db: Db): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    db,
    sql`select count(seller_stats_refresh(seller_id))::int as n
      from (select seller_id from seller_stats where next_publish_at <= now() order by next_publish_at limit 1000) due`,
  );
  return Number(rows[0]?.n ?? 0);
}

/** Recomputes every member's stored figures from the reviews and trades (a repair; the migration's backfill). */
export async function rebuildSellerStats(db: Db): Promise<void> {
  await db.execute(sql`select seller_stats_refresh(id) from (
    select subject_id as id from reviews where author_role = 'buyer'
    union select seller_id from trades where state = 'completed'
    union select buyer_id from trades where state = 'completed') members`);
}
