import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { bayesianRating, listings } from '../../db/schema';

export { bayesianRating };

/**
 * The 'rating' sort's rule (decision 016), as it was computed per listing row before the stored figures
 * (decision 024): the listing's seller's Bayesian average over the published reviews buyers wrote; null for a
 * seller without any, whom the sort puts last, then recency. Kept as the reference the tests compare with.
 */
export const sellerRatingScore = sql`(select ${bayesianRating(sql`sum(r.rating)`, sql`count(*)`)}
  from reviews r where r.subject_id = ${listings.sellerId} and r.author_role = 'buyer' and r.published_at <= now()
  having count(*) > 0)`;

/**
 * One page of the 'rating' sort: score desc (sellers without published reviews last), then recency — the rule
 * above, read from `seller_stats` (decision 024) so that no listing is scored on its own:
 *  - the scored part walks the distinct scores from the best (the score index); for each, the listings of its
 *    sellers that match, newest first (each seller's `listings_seller_status_created_idx`, at most `wanted` rows
 *    per seller);
 *    it stops once `wanted` rows are found;
 *  - the rest (sellers without a score) follow in the feed's order (`listings_status_created_idx`).
 * `match.listings` is the search's filter on `listings` without the seller's shop, which `match.shopOpen` checks
 * once per seller: as an anti-join on each listing it made the planner read all of a seller's listings and sort
 * them, instead of walking `listings_seller_status_created_idx` and stopping (3.7× slower at 100k than at 10k;
 * bench/README.md, issue 35).
 */
export async function pageByRating(
  db: Db,
  match: { listings: SQL; shopOpen: (sellerId: SQLWrapper) => SQL },
  offset: number,
  limit: number,
) {
  const wanted = offset + limit;
  const where = match.listings;
  const scored = await queryRows<{ id: number }>(
    db,
    sql`select x.id from
      (select distinct score from seller_stats where score is not null order by score desc) s
      cross join lateral (
        select y.id, y.created_at from seller_stats ss
        cross join lateral (
          select ${listings.id} as id, ${listings.createdAt} as created_at from ${listings}
          where ${listings.sellerId} = ss.seller_id and ${where}
          order by ${listings.createdAt} desc, ${listings.id} desc limit ${wanted}
        ) y
        where ss.score = s.score and ${match.shopOpen(sql`ss.seller_id`)}
        order by y.created_at desc, y.id desc limit ${wanted}
      ) x
      order by s.score desc, x.created_at desc, x.id desc
      limit ${wanted}`,
  );
  const ids = scored.map((r) => Number(r.id));
  if (ids.length >= wanted) return ids.slice(offset);
  // Every scored match is in `ids`; the unscored ones continue the order after them.
  const rest = await queryRows<{ id: number }>(
    db,
    sql`select ${listings.id} as id from ${listings}
      where ${where} and ${match.shopOpen(listings.sellerId)} and not exists (
        select 1 from seller_stats ss where ss.seller_id = ${listings.sellerId} and ss.score is not null)
      order by ${listings.createdAt} desc, ${listings.id} desc
      limit ${Math.min(limit, wanted - ids.length)} offset ${Math.max(0, offset - ids.length)}`,
  );
  return [...ids.slice(offset), ...rest.map((r) => Number(r.id))].slice(0, limit);
}
