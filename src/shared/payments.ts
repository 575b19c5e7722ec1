import { z } from 'zod';

/**
 * Lines of a user's payment history, read from the ledger's entries on the user's payable account: a release
 * shows as a sale (the trade's amount) and its fee (negative); a refund owed to a buyer, a payout of a
 * seller's share and a refund paid out to a buyer (negative: money left the account).
 */
export const paymentHistoryTypes = ['sale', 'fee', 'refund', 'payout'] as const;
export type PaymentHistoryType = (typeof paymentHistoryTypes)[number];

export const paymentHistoryTypeLabels: Record<PaymentHistoryType, string> = {
  sale: 'Venda',
  fee: 'Taxa',
  refund: 'Reembolso',
  payout: 'Repasse',
};

/** Every line the ledger holds has happened; pending lines (a sale awaiting the buyer) come with trades. */
export const paymentHistoryStatuses = ['completed'] as const;
export const paymentHistoryStatusLabels: Record<(typeof paymentHistoryStatuses)[number], string> = {
  completed: 'Concluído',
};

export const paymentHistoryItem = z.object({
  /** `{ledger transaction id}-{type}`: a release gives two lines. */
  id: z.string(),
  type: z.enum(paymentHistoryTypes),
  /** Signed cents: fees and payouts are negative. */
  amountCents: z.number().int(),
  description: z.string(),
  status: z.enum(paymentHistoryStatuses),
  date: z.string(),
  tradeId: z.number().int(),
  /** Null until the trades issue joins the trade's buyer and listing. */
  buyerName: z.string().nullable(),
  productTitle: z.string().nullable(),
});
export type PaymentHistoryItem = z.infer<typeof paymentHistoryItem>;

export const paymentHistory = z.object({
  items: z.array(paymentHistoryItem),
  balances: z.object({
    /** What the platform owes the user now (the payable account's balance). */
    availableCents: z.number().int(),
    /**
     * What buyers paid for the user's sales still in escrow. Null: the ledger's escrow is one platform account and
     * only the trades table knows each trade's seller; the trades issue computes it.
     */
    heldCents: z.number().int().nullable(),
  }),
});
export type PaymentHistory = z.infer<typeof paymentHistory>;
