import { isAdmin, isStaff } from '@shared/permissions';
import { finishedTradeStates } from '@shared/trades';
import {
  type DeskReason,
  type ReconciliationResult,
  TRADES_DESK_PAGE_SIZE,
  type TradesDeskPage,
  type TradesDeskQuery,
} from '@shared/trades-desk';
import { and, asc, count, eq, isNotNull, notInArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Viewer } from '../../auth/session';
import type { Db } from '../../db/client';
import { trades, users } from '../../db/schema';
import { AppError } from '../../errors';
import type { Ledger } from '../ledger/service';

/**
 * The trades desk (issue 13): open trades that wait on staff — a payment to confirm, a release to make, a dispute,
 * a timer that passed — oldest wait first. Taking one is the trades module's own 'take' action.
 */
export function createTradesDeskService({ db, ledger }: { db: Db; ledger: Ledger }) {
  const open = notInArray(trades.state, [...finishedTradeStates]);
  const byReason: Record<DeskReason, SQL> = {
    flagged: and(open, isNotNull(trades.flaggedAt)) as SQL,
    payment: eq(trades.state, 'awaiting_payment'),
    release: eq(trades.state, 'awaiting_release'),
    dispute: eq(trades.state, 'disputed'),
  };
  // A flagged trade is listed as flagged whatever its state: the passed timer is the urgent part.
  const reason = sql<DeskReason>`case
    when ${trades.flaggedAt} is not null then 'flagged'
    when ${trades.state} = 'awaiting_payment' then 'payment'
    when ${trades.state} = 'awaiting_release' then 'release'
    else 'dispute' end`;
  const waitingSince = sql<Date>`coalesce(case
    when ${trades.flaggedAt} is not null then ${trades.flaggedAt}
    when ${trades.state} = 'awaiting_payment' then ${trades.valueConfirmedAt}
    when ${trades.state} = 'awaiting_release' then ${trades.deliveryConfirmedAt}
    else ${trades.disputeOpenedAt} end, ${trades.updatedAt})`;

  return {
    async list(viewer: Viewer, query: TradesDeskQuery): Promise<TradesDeskPage> {
      if (!isStaff(viewer)) throw AppError.forbidden();
      const where = query.reason
        ? query.reason === 'flagged'
          ? byReason.flagged
          : and(byReason[query.reason], sql`${trades.flaggedAt} is null`)
        : or(byReason.flagged, byReason.payment, byReason.release, byReason.dispute);
      const buyer = alias(users, 'buyer');
      const seller = alias(users, 'seller');
      const intermediary = alias(users, 'intermediary');
      const pageSize = TRADES_DESK_PAGE_SIZE;
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id: trades.id,
            listingTitle: trades.listingTitle,
            state: trades.state,
            reason,
            amountCents: trades.amountCents,
            buyerName: buyer.name,
            sellerName: seller.name,
            intermediaryId: trades.intermediaryId,
            intermediaryName: intermediary.name,
            waitingSince,
            deadlineAt: trades.deadlineAt,
          })
          .from(trades)
          .innerJoin(buyer, eq(buyer.id, trades.buyerId))
          .innerJoin(seller, eq(seller.id, trades.sellerId))
          .leftJoin(intermediary, eq(intermediary.id, trades.intermediaryId))
          .where(where)
          .orderBy(asc(waitingSince), asc(trades.id))
          .limit(pageSize)
          .offset((query.page - 1) * pageSize),
        db.select({ n: count() }).from(trades).where(where),
      ]);
      return {
        trades: rows.map((r) => ({
          ...r,
          waitingSince: new Date(r.waitingSince).toISOString(),
          deadlineAt: r.deadlineAt?.toISOString() ?? null,
        })),
        total: total?.n ?? 0,
        page: query.page,
        pageSize,
      };
    },

    /** Runs the ledger's reconciliation (read only, one snapshot): a money matter, so admins only. */
    async reconcile(viewer: Viewer): Promise<ReconciliationResult> {
      if (!isAdmin(viewer)) throw AppError.forbidden();
      const result = await ledger.reconcile();
      return { ...result, checkedAt: new Date().toISOString() };
    },
  };
}

export type TradesDeskService = ReturnType<typeof createTradesDeskService>;
