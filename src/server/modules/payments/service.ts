import { FEE_RATE_BPS } from '@shared/fees';
import { payableAccountCode, platformAccounts } from '@shared/ledger';
import type { PaymentHistory, PaymentHistoryItem, PaymentHistoryType } from '@shared/payments';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Viewer } from '../../auth/session';
import type { Db } from '../../db/client';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../../db/schema';
import type { Ledger } from '../ledger/service';

const feePercent = `${FEE_RATE_BPS / 100}%`;

/** A user's money as the ledger records it: the lines of their payable account and what it holds. */
export function createPaymentsService({ db, ledger }: { db: Db; ledger: Ledger }) {
  async function items(userId: string): Promise<PaymentHistoryItem[]> {
    const own = await db
      .select({
        transactionId: ledgerTransactions.id,
        kind: ledgerTransactions.kind,
        tradeId: ledgerTransactions.tradeId,
        description: ledgerTransactions.description,
        createdAt: ledgerTransactions.createdAt,
        amountCents: ledgerEntries.amountCents,
      })
      .from(ledgerEntries)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .where(eq(ledgerAccounts.code, payableAccountCode(userId)))
      .orderBy(desc(ledgerTransactions.createdAt), desc(ledgerTransactions.id));

    // A release credits the seller with the share only; its fee is the same transaction's fee-revenue credit.
    const releaseIds = own.filter((r) => r.kind === 'release').map((r) => r.transactionId);
    const fees = new Map<number, number>();
    if (releaseIds.length > 0) {
      const rows = await db
        .select({ transactionId: ledgerEntries.transactionId, amountCents: ledgerEntries.amountCents })
        .from(ledgerEntries)
        .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
        .where(
          and(
            eq(ledgerAccounts.code, platformAccounts.feeRevenue),
            inArray(ledgerEntries.transactionId, releaseIds),
          ),
        );
      for (const r of rows) fees.set(r.transactionId, (fees.get(r.transactionId) ?? 0) + r.amountCents);
    }

    return own.flatMap((r) => {
      // The payable account is a liability: a credit (negative entry) is money owed to the user.
      const toUser = -r.amountCents;
      const line = (
        type: PaymentHistoryType,
        amountCents: number,
        description: string,
      ): PaymentHistoryItem => ({
        id: `${r.transactionId}-${type}`,
        type,
        amountCents,
        description,
        status: 'completed',
        date: r.createdAt.toISOString(),
        tradeId: r.tradeId,
        // The trades issue joins the trade's buyer nickname and listing title here.
        buyerName: null,
        productTitle: null,
      });
      if (r.kind === 'release') {
        const feeCredit = fees.get(r.transactionId) ?? 0; // negative: what the platform kept
        const sale = line('sale', toUser - feeCredit, r.description);
        return feeCredit === 0
          ? [sale]
          : [
              sale,
              line('fee', feeCredit, `Taxa de intermediação (${feePercent}) da negociação #${r.tradeId}`),
            ];
      }
      if (r.kind === 'refund') return [line('refund', toUser, r.description)];
      return [line('payout', toUser, r.description)];
    });
  }

  return {
    async history({ userId }: Viewer): Promise<PaymentHistory> {
      return {
        items: await items(userId),
        balances: { availableCents: await ledger.balanceOf(payableAccountCode(userId)), heldCents: null },
      };
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
