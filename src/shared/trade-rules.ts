/**
 * The rules of a protected trade that the help and policy pages quote (part 2 §4 and §9). The pages read
 * them from here so their text cannot drift from what is enforced: the trades' timers
 * (src/server/modules/trades/timers.ts, decision 010) apply these very numbers.
 */
export const TRADE_TIMERS = {
  /** The seller has this long to confirm the value after the trade opens; otherwise it is cancelled. */
  valueConfirmationHours: 24,
  /** The buyer has this long to pay after the value is confirmed; otherwise it is cancelled. */
  paymentHours: 24,
  /** The seller has this long to mark the delivery after the payment; otherwise staff are alerted. */
  deliveryMarkHours: 24,
  /** A buyer silent this long after the delivery mark is taken as having confirmed it. */
  buyerConfirmationHours: 72,
  /** The payment is released this long at most after the delivery is confirmed; otherwise staff are alerted. */
  releaseHours: 24,
  /**
   * An account sale keeps the payout held this long after the buyer confirms receipt: the buyer may still claim
   * that the seller recovered the account (Eldorado 5 days, G2G 14, PlayerAuctions 7 to 30).
   */
  accountWarrantyDays: 5,
} as const;

/** Staff decide a dispute within this many business hours; past it the dispute is flagged on the desk. */
export const DISPUTE_DECISION_BUSINESS_HOURS = 48;

/** How long before a deadline the party who must act is warned (a notification): a quarter of the time. */
export const TRADE_WARNING_HOURS = {
  awaiting_value: 6,
  awaiting_payment: 6,
  awaiting_delivery: 6,
  delivered: 18,
} as const;

/** What a seller risks per breach of the sales policies (part 2 §9 "Seller penalties"). 0 days: no suspension; `null`: permanent. */
export const SELLER_PENALTIES = [
  { breach: 'Descrição incorreta do produto', penalty: 'Advertência', suspensionDays: 0 },
  { breach: 'Atraso na entrega', penalty: 'Suspensão', suspensionDays: 7 },
  { breach: 'Venda de itens proibidos', penalty: 'Suspensão', suspensionDays: 30 },
  { breach: 'Fraude ou itens roubados', penalty: 'Banimento permanente', suspensionDays: null },
] as const;

/** 'Suspensão de 7 dias', 'Advertência', 'Banimento permanente'. */
export function describePenalty(p: (typeof SELLER_PENALTIES)[number]): string {
  return p.suspensionDays ? `${p.penalty} de ${p.suspensionDays} dias` : p.penalty;
}

/**
 * How long the recordings of a trade's voice call are kept after the trade ends (completed, cancelled or
 * refunded), counted from its last change: 180 days. Long enough for what may still be disputed after the end —
 * a PIX refund claim through the Central Bank's MED (up to 80 days after the payment), a consumer's complaint about
 * a hidden defect (CDC art. 26: 90 days from when it shows) and a chargeback that follows — with margin; no longer,
 * since a voice is personal data kept only while needed (LGPD art. 15 and 16). Docs/decisions/015-call-recordings.md.
 */
export const RECORDING_RETENTION_DAYS = 180;

/**
 * A trade cancelled before anything was paid has nothing left to dispute: its call recordings go 24 hours after
 * the cancellation (time to report abuse heard in the call), not RECORDING_RETENTION_DAYS (issue 25). A disputed
 * trade keeps them RECORDING_RETENTION_DAYS after the dispute's decision (or the trade's end, if later).
 */
export const RECORDING_UNPAID_CANCEL_RETENTION_HOURS = 24;
