import {
  DAY_MS,
  type EarnedSeal,
  type Level,
  levelOf,
  positivePercent,
  type ReputationFigures,
  sealsOf,
  xpOf,
} from '@shared/reputation';
import type { SellerBadge, SellerStats } from '@shared/reviews';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { suspendedSql } from '../accounts/standing';

/** Everything the reputation of one member is computed from, read in one query. */
export interface Reputation {
  userId: string;
  figures: ReputationFigures;
  stats: SellerStats;
  seals: EarnedSeal[];
  level: Level;
  buyerRating: number | null;
  buyerReviewCount: number;
}

interface Row {
  user_id: string;
  created_at: Date | string;
  email_verified: boolean;
  two_factor_enabled: boolean;
  full_name: string | null;
  phone: string | null;
  completed_trades: number;
  completed_sales: number;
  seller_reviews: number;
  seller_sum: number;
  seller_positive: number;
  buyer_reviews: number;
  buyer_sum: number;
  reviews_written: number;
  response_seconds: number | null;
  last_seen: Date | string | null;
  show_online: boolean | null;
  suspended: boolean;
}

const oneDecimal = (value: number) => Math.round(value * 10) / 10;
const toDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/**
 * The real figures of each member in `userIds` at `now`: completed trades (stored per member, decision 024),
 * published reviews (as seller: what
 * buyers wrote; as buyer: what sellers wrote), the median time to answer an offer and the last sign of life.
 * Members that do not exist are absent from the map.
 */
export async function readReputations(db: Db, userIds: readonly string[], now: Date) {
  const result = new Map<string, Reputation>();
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return result;
  const idList = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = await queryRows<Row>(
    db,
    sql`
    select u.id as user_id, u.created_at, u.email_verified, u.two_factor_enabled, p.full_name, p.phone,
      coalesce(ss.completed_trades, 0) as completed_trades, coalesce(ss.completed_sales, 0) as completed_sales,
      coalesce(sr.n, 0) as seller_reviews, coalesce(sr.total, 0) as seller_sum, coalesce(sr.positive, 0) as seller_positive,
      coalesce(br.n, 0) as buyer_reviews, coalesce(br.total, 0) as buyer_sum,
      (select count(*)::int from reviews w where w.author_id = u.id) as reviews_written,
      (select percentile_cont(0.5) within group (order by extract(epoch from o.decided_at - o.created_at))
         from offers o join listings l on l.id = o.listing_id
         where l.seller_id = u.id and o.status in ('accepted', 'rejected') and o.decided_at is not null) as response_seconds,
      (select max(greatest(s.created_at, s.updated_at)) from sessions s where s.user_id = u.id) as last_seen,
      us.show_online,
      ${suspendedSql(sql`u.id`, now)} as suspended
    from users u
    join profiles p on p.id = u.id
    left join user_settings us on us.user_id = u.id
    left join seller_stats ss on ss.seller_id = u.id
    left join lateral (
      select count(*)::int as n, coalesce(sum(r.rating), 0)::int as total,
        count(*) filter (where r.rating >= 4)::int as positive
      from reviews r where r.subject_id = u.id and r.author_role = 'buyer' and r.published_at <= ${now.toISOString()}
    ) sr on true
    left join lateral (
      select count(*)::int as n, coalesce(sum(r.rating), 0)::int as total
      from reviews r where r.subject_id = u.id and r.author_role = 'seller' and r.published_at <= ${now.toISOString()}
    ) br on true
    where u.id in (${idList})`,
  );
  for (const r of rows) {
    const createdAt = toDate(r.created_at);
    const sellerReviews = Number(r.seller_reviews);
    const sellerSum = Number(r.seller_sum);
    const buyerReviews = Number(r.buyer_reviews);
    const buyerSum = Number(r.buyer_sum);
    const reviewCount = sellerReviews + buyerReviews;
    const figures: ReputationFigures = {
      active: !r.suspended,
      emailVerified: r.email_verified,
      hasPhone: Boolean(r.phone?.trim()),
      twoFactor: r.two_factor_enabled,
      profileComplete: Boolean(r.full_name?.trim() && r.phone?.trim()),
      accountAgeDays: Math.max(0, Math.floor((now.getTime() - createdAt.getTime()) / DAY_MS)),
      completedTrades: Number(r.completed_trades),
      completedSales: Number(r.completed_sales),
      sellerReviewCount: sellerReviews,
      sellerRating: sellerReviews > 0 ? sellerSum / sellerReviews : null,
      reviewCount,
      rating: reviewCount > 0 ? (sellerSum + buyerSum) / reviewCount : null,
      reviewsWritten: Number(r.reviews_written),
    };
    const showOnline = r.show_online ?? true;
    result.set(r.user_id, {
      userId: r.user_id,
      figures,
      seals: sealsOf(figures),
      level: levelOf(xpOf({ ...figures, starsReceived: sellerSum + buyerSum })),
      stats: {
        rating: figures.sellerRating === null ? null : oneDecimal(figures.sellerRating),
        reviewCount: sellerReviews,
        positivePercent: positivePercent(Number(r.seller_positive), sellerReviews),
        completedSales: figures.completedSales,
        completedTrades: figures.completedTrades,
        memberSince: createdAt.toISOString(),
        responseMinutes:
          r.response_seconds === null ? null : Math.max(1, Math.round(Number(r.response_seconds) / 60)),
        lastSeenAt: showOnline && r.last_seen ? toDate(r.last_seen).toISOString() : null,
      },
      buyerRating: buyerReviews > 0 ? oneDecimal(buyerSum / buyerReviews) : null,
      buyerReviewCount: buyerReviews,
    });
  }
  return result;
}

export async function readReputation(db: Db, userId: string, now: Date): Promise<Reputation | null> {
  return (await readReputations(db, [userId], now)).get(userId) ?? null;
}

/** The short line beside a seller's name. */
export const badgeOf = (r: Reputation): SellerBadge => ({
  seals: r.seals,
  level: r.level.level,
  rating: r.stats.rating,
  reviewCount: r.stats.reviewCount,
  completedSales: r.stats.completedSales,
});

/** Cards with their seller's badge (seals, level, rating), read for the page's sellers in one query. */
export async function withSellerBadges<C extends { seller: { id: string } }>(
  db: Db,
  cards: C[],
  now: Date = new Date(),
): Promise<C[]> {
  const reputations = await readReputations(
    db,
    cards.map((c) => c.seller.id),
    now,
  );
  return cards.map((card) => {
    const reputation = reputations.get(card.seller.id);
    return reputation ? { ...card, seller: { ...card.seller, badge: badgeOf(reputation) } } : card;
  });
}
