import { z } from 'zod';
import { instantFraudSignal } from './listing-codes';
import { staffPayoutIdentity } from './payout-identity';
import { pixKeyTypes } from './pix';
import { staffSearch } from './support-queues';
import { tradeStates } from './trades';

/**
 * What a trade waits on staff for (issue 13's trades desk). As a filter each one lists every open trade it
 * describes; a row shows the most urgent one it has, in this order: a dispute past its decision deadline, a timer
 * that passed, an intermediary who left the staff, the step it waits on; last, an open trade whose buyer or seller
 * is suspended now (a penalty past a warning, not over), which waits on nothing else.
 */
export const deskReasons = [
  'overdue_dispute',
  'flagged',
  'orphaned',
  'payment',
  'release',
  'dispute',
  'suspended_party',
] as const;
export type DeskReason = (typeof deskReasons)[number];
export const deskReasonLabels: Record<DeskReason, string> = {
  overdue_dispute: 'Disputa fora do prazo',
  flagged: 'Prazo vencido',
  orphaned: 'Intermediador saiu da equipe',
  suspended_party: 'Comprador ou vendedor suspenso',
  payment: 'Pagamento a confirmar',
  release: 'Repasse a fazer',
  dispute: 'Disputa',
};
/** A searched trade that waits on nothing of staff's (finished, or waiting on a party). */
export const nothingForStaffLabel = 'Nada com a equipe';

export const TRADES_DESK_PAGE_SIZE = 20;

export const tradesDeskQuery = z.object({
  reason: z.enum(deskReasons).optional(),
  /** Buyer's, seller's or intermediary's name or e-mail, the listing's title, or the trade's number. */
  q: staffSearch,
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type TradesDeskQuery = z.infer<typeof tradesDeskQuery>;

/** A suspension in force on a party of a trade: until when (null: banned for good) and why. */
export const partySuspension = z.object({
  penalty: z.enum(['7_dias', '30_dias', 'permanente']),
  endsAt: z.string().nullable(),
  reason: z.string(),
});
export type PartySuspension = z.infer<typeof partySuspension>;

export const deskTrade = z.object({
  id: z.number().int(),
  listingTitle: z.string(),
  state: z.enum(tradeStates),
  /** What it waits on staff for; null for a trade a search found that waits on nothing of staff's. */
  reason: z.enum(deskReasons).nullable(),
  amountCents: z.number().int(),
  buyerName: z.string(),
  sellerName: z.string(),
  intermediaryId: z.string().nullable(),
  intermediaryName: z.string().nullable(),
  /** Since when it waits on staff: the state's start, or when its timer passed. */
  waitingSince: z.string(),
  deadlineAt: z.string().nullable(),
  /** The buyer's and the seller's suspension in force (penalty past a warning, not over), or null. */
  buyerSuspension: partySuspension.nullable(),
  sellerSuspension: partySuspension.nullable(),
});
export type DeskTrade = z.infer<typeof deskTrade>;

export const tradesDeskPage = z.object({
  trades: z.array(deskTrade),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Instant delivery (issue 37): sellers whose delivered codes are disputed past the thresholds, the worst first. */
  instantFraud: z.array(instantFraudSignal),
});
export type TradesDeskPage = z.infer<typeof tradesDeskPage>;

export const PAYOUTS_PAGE_SIZE = 20;
export const payoutsQuery = z.object({
  q: staffSearch,
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type PayoutsQuery = z.infer<typeof payoutsQuery>;

/**
 * A payout due (Repasses): the seller's share after the trade's fee, to the key fixed on the trade when it became
 * due. Admins, who pay it, read the key in full and the holder's name; moderators a masked key and no name.
 */
export const deskPayout = z.object({
  id: z.number().int(),
  listingTitle: z.string(),
  sellerName: z.string(),
  amountCents: z.number().int(),
  feeCents: z.number().int(),
  /** What the seller receives: `sellerShareCents(amountCents, feeRateBps)`. */
  payoutCents: z.number().int(),
  /** Null when no key was fixed (the seller had no default key then): 'sem chave PIX'. */
  keyType: z.enum(pixKeyTypes).nullable(),
  /** As shown: formatted in full for admins, masked for moderators. */
  pixKey: z.string().nullable(),
  /** The key as it is typed in a bank's app (admins only). */
  pixKeyToCopy: z.string().nullable(),
  holderName: z.string().nullable(),
  /**
   * Issue 36: the seller's payout identity now (the PSP checks the key belongs to this document): the document
   * whole for admins, masked for moderators; null when the seller recorded none.
   */
  payoutIdentity: staffPayoutIdentity.nullable(),
  /** Whether the viewer sees the key in full (admins). */
  fullKey: z.boolean(),
  intermediaryName: z.string().nullable(),
  dueAt: z.string(),
  flagged: z.boolean(),
});
export type DeskPayout = z.infer<typeof deskPayout>;

export const payoutsPage = z.object({
  payouts: z.array(deskPayout),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type PayoutsPage = z.infer<typeof payoutsPage>;

export const reconciliationResult = z.object({
  figures: z.record(z.string(), z.number()),
  problems: z.array(z.string()),
  checkedAt: z.string(),
});
export type ReconciliationResult = z.infer<typeof reconciliationResult>;
