import { formatFeeRate, sellerShareCents } from '@shared/fees';
import { payableAccountCode, platformAccounts } from '@shared/ledger';
import type { PaymentHistory, PaymentHistoryItem, PaymentHistoryType } from '@shared/payments';
import { paidTradeStates } from '@shared/trades';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Viewer } from '../../auth/session';
import type { Db } from '../../db/client';
import { ledgerAccounts, ledgerEntries, ledgerTransactions, profiles, trades, users } from '../../db/schema';
import type { Ledger } from '../ledger/service';

/** The trade's buyer as people see them, the same name the trade room shows. */
const buyerName = sql<string>`coalesce(${profiles.username}, ${users.name})`;

/** The user's sales the escrow holds: paid by the buyer, not yet released (nor refunded). */
const heldSales = (userId: string) =>
  and(eq(trades.sellerId, userId), inArray(trades.state, [...paidTradeStates]));

/**
 * A user's money: the lines of their payable account in the ledger, each with its trade's buyer and product, and
 * their sales still in escrow as pending lines.
 */
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
        buyerName,
        productTitle: trades.listingTitle,
        feeRateBps: trades.feeRateBps,
      })
      .from(ledgerEntries)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .innerJoin(trades, eq(trades.id, ledgerTransactions.tradeId))
      .innerJoin(users, eq(users.id, trades.buyerId))
      .leftJoin(profiles, eq(profiles.id, trades.buyerId))
      .where(eq(ledgerAccounts.code, payableAccountCode(userId)))
      .orderBy(desc(ledgerTransactions.createdAt), desc(ledgerTransactions.id));

    const pending = await db
      .select({
        tradeId: trades.id,
        amountCents: trades.amountCents,
        paidAt: trades.paidAt,
        feeRateBps: trades.feeRateBps,
        updatedAt: trades.updatedAt,
        buyerName,
        productTitle: trades.listingTitle,
      })
      .from(trades)
      .innerJoin(users, eq(users.id, trades.buyerId))
      .leftJoin(profiles, eq(profiles.id, trades.buyerId))
      .where(heldSales(userId))
      .orderBy(desc(trades.paidAt), desc(trades.id));

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

    const recorded = own.flatMap((r) => {
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
        buyerName: r.buyerName,
        productTitle: r.productTitle,
      });
      if (r.kind === 'release') {
        const feeCredit = fees.get(r.transactionId) ?? 0; // negative: what the platform kept
        const sale = line('sale', toUser - feeCredit, r.description);
        return feeCredit === 0
          ? [sale]
          : [
              sale,
              line(
                'fee',
                feeCredit,
                `Taxa de intermediação (${formatFeeRate(r.feeRateBps)}) da negociação #${r.tradeId}`,
              ),
            ];
      }
      if (r.kind === 'refund') return [line('refund', toUser, r.description)];
      return [line('payout', toUser, r.description)];
    });

    const onTheirWay = pending.map(
      (r): PaymentHistoryItem => ({
        id: `trade-${r.tradeId}-pending`,
        type: 'sale',
        amountCents: sellerShareCents(r.amountCents, r.feeRateBps),
        description: `Venda aguardando liberação da negociação #${r.tradeId} (já descontada a taxa de ${formatFeeRate(r.feeRateBps)})`,
        status: 'pending',
        date: (r.paidAt ?? r.updatedAt).toISOString(),
        tradeId: r.tradeId,
        buyerName: r.buyerName,
        productTitle: r.productTitle,
      }),
    );
    // Newest first; on the same instant, money on its way before money already moved.
    return [...onTheirWay, ...recorded].sort((a, b) => b.date.localeCompare(a.date));
  }

  async function heldCents(userId: string): Promise<number> {
    const [row] = await db
      .select({ total: sql<string | number>`coalesce(sum(${trades.amountCents}), 0)` })
      .from(trades)
      .where(heldSales(userId));
    return Number(row?.total ?? 0);
  }

  return {
    async history({ userId }: Viewer): Promise<PaymentHistory> {
      return {
        items: await items(userId),
        balances: {
          availableCents: await ledger.balanceOf(payableAccountCode(userId)),
          heldCents: await heldCents(userId),
        },
      };
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
