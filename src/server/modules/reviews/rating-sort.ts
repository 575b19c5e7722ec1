import { type SQL, sql } from 'drizzle-orm';
import { listings } from '../../db/schema';

/** The prior every seller's average is pulled towards (m), and how many reviews it weighs as (C). */
const PRIOR_RATING = 4;
const PRIOR_WEIGHT = 5;

/**
 * The Bayesian average (C × m + Σ ratings) / (C + n) of `n` ratings summing to `sum`, in SQL: it pulls a seller
 * with few reviews towards the prior, so one 5-star review (≈ 4,17) does not beat 200 at 4,9 (≈ 4,88).
 */
export const bayesianRating = (sum: SQL, n: SQL) =>
  sql`(${sql.raw(String(PRIOR_WEIGHT * PRIOR_RATING))} + ${sum})::float8 / (${sql.raw(String(PRIOR_WEIGHT))} + ${n})`;

/**
 * The 'rating' sort's key (decision 016): the listing's seller's Bayesian average over the published reviews
 * buyers wrote; null for a seller without any, whom the sort puts last.
 */
export const sellerRatingScore = sql`(select ${bayesianRating(sql`sum(r.rating)`, sql`count(*)`)}
  from reviews r where r.subject_id = ${listings.sellerId} and r.author_role = 'buyer' and r.published_at <= now()
  having count(*) > 0)`;
