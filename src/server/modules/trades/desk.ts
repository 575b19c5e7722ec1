import { feeCents, sellerShareCents } from '@shared/fees';
import { isAdmin, isStaff } from '@shared/permissions';
import { formatPixKey, maskPixKey, type PixKeyType, pixKeyTypes } from '@shared/pix';
import { finishedTradeStates } from '@shared/trades';
import {
  type DeskPayout,
  type DeskReason,
  PAYOUTS_PAGE_SIZE,
  type PayoutsPage,
  type PayoutsQuery,
  type ReconciliationResult,
  TRADES_DESK_PAGE_SIZE,
  type TradesDeskPage,
  type TradesDeskQuery,
} from '@shared/trades-desk';
import { and, asc, count, eq, isNotNull, notInArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Viewer } from '../../auth/session';
import type { Db } from '../../db/client';
import { adminRoles, trades, users } from '../../db/schema';
import { AppError } from '../../errors';
import { isLiveAccount } from '../accounts/lifecycle';
import { recordAudit } from '../audit/record';
import type { Ledger } from '../ledger/service';

/** The key fixed on a trade ('type:key'), as the viewer may read it: in full for admins, masked for moderators. */
function payoutKeyFor(stored: string | null, admin: boolean) {
  const at = stored?.indexOf(':') ?? -1;
  const type = stored?.slice(0, at) as PixKeyType | undefined;
  if (!stored || at < 0 || !type || !pixKeyTypes.includes(type)) {
    return { keyType: null, pixKey: null, pixKeyToCopy: null };
  }
  const key = stored.slice(at + 1);
  return admin
    ? { keyType: type, pixKey: formatPixKey(type, key), pixKeyToCopy: key }
    : { keyType: type, pixKey: maskPixKey(type, key), pixKeyToCopy: null };
}

/**
 * The trades desk (issue 13): open trades that wait on staff — a payment to confirm, a payout to make, a dispute,
 * a timer that passed, a dispute past its decision deadline, an intermediary who left — oldest wait first. Taking
 * one is the trades module's own 'take' action; paying a payout is its 'release' (admins).
 */
export function createTradesDeskService({
  db,
  ledger,
  now = () => new Date(),
}: {
  db: Db;
  ledger: Ledger;
  now?: () => Date;
}) {
  const open = notInArray(trades.state, [...finishedTradeStates]);
  // The intermediary is gone: no longer staff (role removed), or their account deleted.
  const orphaned = sql`(${trades.intermediaryId} is not null and (
    not exists (select 1 from ${adminRoles} where ${adminRoles.userId} = ${trades.intermediaryId})
    or exists (select 1 from ${users} where ${users.id} = ${trades.intermediaryId} and not (${isLiveAccount}))))`;
  const byReason = (at: Date): Record<DeskReason, SQL> => ({
    overdue_dispute: sql`(${trades.state} = 'disputed' and (${trades.deadlineAt} < ${at.toISOString()} or ${trades.flaggedAt} is not null))`,
    flagged: and(open, isNotNull(trades.flaggedAt)) as SQL,
    orphaned: and(open, orphaned) as SQL,
    payment: eq(trades.state, 'awaiting_payment'),
    release: eq(trades.state, 'awaiting_release'),
    dispute: eq(trades.state, 'disputed'),
  });
  // A row shows the most urgent thing it has (the order of `deskReasons`).
  const reasonOf = (r: Record<DeskReason, SQL>) => sql<DeskReason>`case
    when ${r.overdue_dispute} then 'overdue_dispute'
    when ${r.flagged} then 'flagged'
    when ${r.orphaned} then 'orphaned'
    when ${r.payment} then 'payment'
    when ${r.release} then 'release'
    else 'dispute' end`;
  const waitingSinceOf = (r: Record<DeskReason, SQL>) => sql<Date>`coalesce(case
    when ${r.overdue_dispute} then coalesce(${trades.deadlineAt}, ${trades.flaggedAt})
    when ${r.flagged} then ${trades.flaggedAt}
    when ${trades.state} = 'awaiting_payment' then ${trades.valueConfirmedAt}
    when ${trades.state} = 'awaiting_release' then coalesce(${trades.payoutDueAt}, ${trades.deliveryConfirmedAt})
    when ${trades.state} = 'disputed' then ${trades.disputeOpenedAt}
    else null end, ${trades.updatedAt})`;

  return {
    async list(viewer: Viewer, query: TradesDeskQuery): Promise<TradesDeskPage> {
      if (!isStaff(viewer)) throw AppError.forbidden();
      const r = byReason(now());
      const where = query.reason ? r[query.reason] : or(...Object.values(r));
      const reason = reasonOf(r);
      const waitingSince = waitingSinceOf(r);
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
        trades: rows.map((row) => ({
          ...row,
          waitingSince: new Date(row.waitingSince).toISOString(),
          deadlineAt: row.deadlineAt?.toISOString() ?? null,
        })),
        total: total?.n ?? 0,
        page: query.page,
        pageSize,
      };
    },

    /**
     * Repasses: payouts due, the oldest first, with the exact amount after the trade's fee and the key fixed on the
     * trade when it became due. Staff read it; the key in full and the holder's name only for admins, who pay.
     */
    async payouts(viewer: Viewer, query: PayoutsQuery): Promise<PayoutsPage> {
      if (!isStaff(viewer)) throw AppError.forbidden();
      const admin = isAdmin(viewer);
      const seller = alias(users, 'seller');
      const intermediary = alias(users, 'intermediary');
      const due = eq(trades.state, 'awaiting_release');
      const dueAt = sql<Date>`coalesce(${trades.payoutDueAt}, ${trades.deliveryConfirmedAt}, ${trades.updatedAt})`;
      const pageSize = PAYOUTS_PAGE_SIZE;
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id: trades.id,
            listingTitle: trades.listingTitle,
            sellerName: seller.name,
            amountCents: trades.amountCents,
            feeRateBps: trades.feeRateBps,
            payoutPixKey: trades.payoutPixKey,
            payoutHolderName: trades.payoutHolderName,
            intermediaryName: intermediary.name,
            dueAt,
            flaggedAt: trades.flaggedAt,
          })
          .from(trades)
          .innerJoin(seller, eq(seller.id, trades.sellerId))
          .leftJoin(intermediary, eq(intermediary.id, trades.intermediaryId))
          .where(due)
          .orderBy(asc(dueAt), asc(trades.id))
          .limit(pageSize)
          .offset((query.page - 1) * pageSize),
        db.select({ n: count() }).from(trades).where(due),
      ]);
      return {
        payouts: rows.map(
          (row): DeskPayout => ({
            id: row.id,
            listingTitle: row.listingTitle,
            sellerName: row.sellerName,
            amountCents: row.amountCents,
            feeCents: feeCents(row.amountCents, row.feeRateBps),
            payoutCents: sellerShareCents(row.amountCents, row.feeRateBps),
            ...payoutKeyFor(row.payoutPixKey, admin),
            holderName: admin && row.payoutPixKey ? row.payoutHolderName : null,
            fullKey: admin,
            intermediaryName: row.intermediaryName,
            dueAt: new Date(row.dueAt).toISOString(),
            flagged: row.flaggedAt !== null,
          }),
        ),
        total: total?.n ?? 0,
        page: query.page,
        pageSize,
      };
    },

    /**
     * Runs the ledger's reconciliation (read only, one snapshot): a money matter, so admins only. The run itself is
     * audited (who checked, when, how many problems it found), after the read.
     */
    async reconcile(viewer: Viewer): Promise<ReconciliationResult> {
      if (!isAdmin(viewer)) throw AppError.forbidden();
      const result = await ledger.reconcile();
      const checkedAt = now().toISOString();
      await recordAudit(db, {
        actorId: viewer.userId,
        action: 'ledger.reconcile',
        targetType: 'ledger',
        targetId: 'reconciliation',
        details: { problems: result.problems.length, checkedAt },
      });
      return { ...result, checkedAt };
    },
  };
}

export type TradesDeskService = ReturnType<typeof createTradesDeskService>;
