import { z } from 'zod';

/**
 * Lines of a user's payment history. Completed lines are the ledger's entries on the user's payable account: a
 * release shows as a sale (the trade's amount) and its fee (negative); a refund owed to a buyer, a payout of a
 * seller's share and a refund paid out to a buyer (negative: money left the account). Pending lines are the
 * seller's trades paid but not yet released: a sale for what they will receive (the amount less the fee).
 */
export const paymentHistoryTypes = ['sale', 'fee', 'refund', 'payout'] as const;
export type PaymentHistoryType = (typeof paymentHistoryTypes)[number];

export const paymentHistoryTypeLabels: Record<PaymentHistoryType, string> = {
  sale: 'Venda',
  fee: 'Taxa',
  refund: 'Reembolso',
  payout: 'Repasse',
};

/** Every line the ledger holds has happened; a pending line is a paid sale the escrow still holds. */
export const paymentHistoryStatuses = ['completed', 'pending'] as const;
export type PaymentHistoryStatus = (typeof paymentHistoryStatuses)[number];
export const paymentHistoryStatusLabels: Record<PaymentHistoryStatus, string> = {
  completed: 'Concluído',
  pending: 'Pendente',
};

export const paymentHistoryItem = z.object({
  /** `{ledger transaction id}-{type}` (a release gives two lines), or `trade-{trade id}-pending`. */
  id: z.string(),
  type: z.enum(paymentHistoryTypes),
  /** Signed cents: fees and payouts are negative; a pending sale is the seller's share (amount − fee). */
  amountCents: z.number().int(),
  description: z.string(),
  status: z.enum(paymentHistoryStatuses),
  /** When the ledger recorded the movement; for a pending sale, when the buyer's payment was confirmed. */
  date: z.string(),
  tradeId: z.number().int(),
  /** The trade's buyer as people see them (profile username, else account name). */
  buyerName: z.string(),
  /** The listing's title as it was when the trade opened (kept when the listing is edited or deleted). */
  productTitle: z.string(),
});
export type PaymentHistoryItem = z.infer<typeof paymentHistoryItem>;

export const paymentHistory = z.object({
  items: z.array(paymentHistoryItem),
  balances: z.object({
    /** What the platform owes the user now (the payable account's balance). */
    availableCents: z.number().int(),
    /**
     * What buyers paid for the user's sales that the escrow still holds: Σ amounts of their trades as seller in a
     * paid state (awaiting delivery, delivered, awaiting release, disputed), before the fee. Read from the trades
     * (the ledger's escrow is one platform account); a dispute may still end in a refund to the buyer.
     */
    heldCents: z.number().int(),
  }),
});
export type PaymentHistory = z.infer<typeof paymentHistory>;
