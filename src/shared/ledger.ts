/**
 * The ledger's vocabulary (protected trade). Movements of one trade, each recorded once:
 * payment (cash → escrow), release (escrow → seller payable + fee revenue), payout (seller payable → cash),
 * refund (escrow → buyer payable), refund_payout (buyer payable → cash).
 */
export const ledgerTransactionKinds = ['payment', 'release', 'payout', 'refund', 'refund_payout'] as const;
export type LedgerTransactionKind = (typeof ledgerTransactionKinds)[number];

/** Asset accounts grow with debits; liability and revenue accounts with credits. */
export const ledgerAccountKinds = ['asset', 'liability', 'revenue'] as const;
export type LedgerAccountKind = (typeof ledgerAccountKinds)[number];

export const platformAccounts = {
  /** Money the platform holds at its payment provider. */
  cash: 'platform:cash',
  /** What buyers paid for trades not yet released or refunded: owed, not earned. */
  escrow: 'platform:escrow',
  /** The platform's fees on released trades. */
  feeRevenue: 'platform:fee_revenue',
} as const;

/** What the platform owes one user (a seller's share of a release, a buyer's refund) until it is paid out. */
export function payableAccountCode(userId: string): string {
  return `user:${userId}:payable`;
}

/** The idempotency key of one movement of one trade: the same event always yields the same key. */
export function ledgerEventKey(tradeId: number, kind: LedgerTransactionKind): string {
  return `trade:${tradeId}:${kind}`;
}
