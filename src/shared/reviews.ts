import { z } from 'zod';
import { reviewMessages as m } from './review-messages';

/**
 * Reviews of finished trades (issue 12, docs/decisions/016-reputation.md). The buyer rates the seller and the
 * seller rates the buyer, once per trade each; neither sees the other's until both wrote or the review period
 * (7 days from the trade's end) closed.
 */
export const reviewAuthorRoles = ['buyer', 'seller'] as const;
export type ReviewAuthorRole = (typeof reviewAuthorRoles)[number];

export const MIN_RATING = 1;
export const MAX_RATING = 5;
/** Part 2 §9: rating scale 1 to 5, default 5. */
export const DEFAULT_RATING = 5;
export { ratingLabels } from './review-messages';
/** Reviews may be written and edited for this long after the trade ended; then they are all published. */
export const REVIEW_PERIOD_DAYS = 7;
export const REVIEW_PERIOD_MS = REVIEW_PERIOD_DAYS * 24 * 60 * 60 * 1000;
/** The id of the room's review form: a review request's link ends in '#avaliacao'. */
export const REVIEW_FORM_ANCHOR = 'avaliacao';
export const MAX_REVIEW_COMMENT = 1000;
export const MAX_REVIEW_ANSWER = 1000;
export const REVIEWS_PAGE_SIZE = 10;

const rating = z.coerce
  .number({ message: m.ratingInvalid })
  .int(m.ratingInvalid)
  .min(MIN_RATING, m.ratingInvalid)
  .max(MAX_RATING, m.ratingInvalid);

export const reviewInput = z.object({
  rating: rating.default(DEFAULT_RATING),
  comment: z.string().trim().max(MAX_REVIEW_COMMENT, m.commentTooLong).optional().default(''),
});
export type ReviewInput = z.input<typeof reviewInput>;

export const answerInput = z.object({
  answer: z.string().trim().min(1, m.answerRequired).max(MAX_REVIEW_ANSWER, m.answerTooLong),
});

const person = z.object({
  id: z.string(),
  username: z.string(),
  avatarUrl: z.string().nullable(),
  isStaff: z.boolean(),
});

/** A published review as the listing page and the seller's page show it. */
export const publicReview = z.object({
  id: z.number().int(),
  rating: z.number().int(),
  comment: z.string().nullable(),
  authorRole: z.enum(reviewAuthorRoles),
  author: person,
  subject: person,
  listingId: z.number().int().nullable(),
  listingTitle: z.string(),
  /** The trade was refunded: the buyer's review says so. */
  refunded: z.boolean(),
  answer: z.string().nullable(),
  answeredAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PublicReview = z.infer<typeof publicReview>;

export const reviewPage = z.object({
  items: z.array(publicReview),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ReviewPage = z.infer<typeof reviewPage>;

export const reviewPageQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  /** 'seller' (default): what buyers said of them; 'buyer': what sellers said of them as a buyer. */
  as: z.enum(['seller', 'buyer']).default('seller'),
});

/** A party's view of the reviews of one trade (`GET /api/trades/:id/reviews`). */
export const tradeReviews = z.object({
  /** 'buyer' or 'seller' for a party; null for staff, who read but never write. */
  myRole: z.enum(reviewAuthorRoles).nullable(),
  /** The viewer may write a review now (none yet, period open, not a refunded trade's seller). */
  canWrite: z.boolean(),
  /** The viewer may still edit theirs (period open and the other side has not written). */
  canEdit: z.boolean(),
  /** When the review period closes (7 days after the trade ended); null while the trade is not finished. */
  periodEndsAt: z.string().nullable(),
  refunded: z.boolean(),
  mine: publicReview.nullable(),
  /** The other side's review, once published; `otherWrote` says whether it exists while still hidden. */
  theirs: publicReview.nullable(),
  otherWrote: z.boolean(),
  /** Published reviews of this trade when the viewer is staff. */
  published: z.array(publicReview),
});
export type TradeReviews = z.infer<typeof tradeReviews>;

export const usernameParams = z.object({ username: z.string().trim().min(1).max(40) });

/** A seller's real figures (issue 12): every trust figure a page shows comes from here, null when there is no data. */
export const sellerStats = z.object({
  /** Average of the published reviews buyers wrote, to one decimal place; null: 'Novo vendedor'. */
  rating: z.number().nullable(),
  reviewCount: z.number().int(),
  /** Share of those reviews with 4 or 5 stars (0–100); null without reviews. */
  positivePercent: z.number().int().nullable(),
  completedSales: z.number().int(),
  completedTrades: z.number().int(),
  memberSince: z.string(),
  /** Median minutes between an offer on their listings and their answer; null when they never answered one. */
  responseMinutes: z.number().int().nullable(),
  /** The last time they used the site; null when they hide it ('Mostrar status online' off). */
  lastSeenAt: z.string().nullable(),
});
export type SellerStats = z.infer<typeof sellerStats>;

const sealType = z.enum(['verificado', 'autorizado', 'bronze', 'prata', 'ouro']);

export const levelInfo = z.object({
  level: z.number().int(),
  xp: z.number().int(),
  xpInLevel: z.number().int(),
  xpForLevel: z.number().int(),
  xpToNext: z.number().int(),
});

/** The short trust line beside a seller's name (cards, listing, forum): seals and figures. */
export const sellerBadge = z.object({
  seals: z.array(sealType),
  level: z.number().int(),
  rating: z.number().nullable(),
  reviewCount: z.number().int(),
  completedSales: z.number().int(),
});
export type SellerBadge = z.infer<typeof sellerBadge>;

/** `GET /api/users/:username`: the seller's public page. */
export const sellerPage = z.object({
  id: z.string(),
  username: z.string(),
  avatarUrl: z.string().nullable(),
  /** false: a private profile shows only the name, seals and listings. */
  isPublic: z.boolean(),
  isStaff: z.boolean(),
  seals: z.array(sealType),
  level: levelInfo.nullable(),
  stats: sellerStats.nullable(),
  /** As a buyer: what sellers said of them. */
  buyerRating: z.number().nullable(),
  buyerReviewCount: z.number().int(),
  bio: z.string().nullable(),
});
export type SellerPage = z.infer<typeof sellerPage>;

const requirement = z.object({
  label: z.string(),
  met: z.boolean(),
  progress: z.object({ current: z.number(), target: z.number() }).optional(),
});

/** `GET /api/reputation/me`: the signed-in member's real progress towards each seal and their level. */
export const myReputation = z.object({
  seals: z.array(sealType),
  level: levelInfo,
  requirements: z.object({
    verificado: z.array(requirement),
    autorizado: z.array(requirement),
    bronze: z.array(requirement),
    prata: z.array(requirement),
    ouro: z.array(requirement),
  }),
  feeRateBps: z.number(),
});
export type MyReputation = z.infer<typeof myReputation>;
