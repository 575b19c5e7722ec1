import { feeCents, sellerShareCents } from '@shared/fees';
import { isAdmin, isStaff } from '@shared/permissions';
import { formatPixKey, maskPixKey, type PixKeyType, pixKeyTypes } from '@shared/pix';
import { type StaffWait, statesWaitingOnStaff, tradeStateInfo } from '@shared/trade-process';
import { finishedTradeStates } from '@shared/trades';
import {
  type DeskPayout,
  type DeskReason,
  PAYOUTS_PAGE_SIZE,
  type PartySuspension,
  type PayoutsPage,
  type PayoutsQuery,
  type ReconciliationResult,
  TRADES_DESK_PAGE_SIZE,
  type TradesDeskPage,
  type TradesDeskQuery,
} from '@shared/trades-desk';
import { and, asc, count, eq, inArray, isNotNull, notInArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Viewer } from '../../auth/session';
import type { Db } from '../../db/client';
import { adminRoles, trades, users } from '../../db/schema';
import { matchesText, memberSearchColumns, searchedId } from '../../db/text-search';
import { AppError } from '../../errors';
import { CSV_EXPORT_MAX_ROWS } from '../../http/csv';
import { isLiveAccount } from '../accounts/lifecycle';
import { suspendedSql, suspensionsInForce } from '../accounts/standing';
import { recordAudit } from '../audit/record';
import type { Ledger } from '../ledger/service';
import { readInstantFraud } from './instant-fraud';

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

/** Open trades in a state that waits on staff for `what` (the process's `waitsOnStaff`). */
const waitsFor = (what: StaffWait) => inArray(trades.state, statesWaitingOnStaff(what));

/** Since when each state that waits on staff has waited: the first of its columns that is set. */
const waitingSinceByState = sql.join(
  statesWaitingOnStaff().map((state) => {
    const since = tradeStateInfo[state].waitsOnStaff?.since ?? [];
    return sql`when ${trades.state} = ${state} then coalesce(${sql.join(
      since.map((column) => trades[column]),
      sql`, `,
    )})`;
  }),
  sql` `,
);

/** A desk search: the buyer's, seller's or intermediary's name, e-mail or username, the listing, the trade's number. */
function tradeSearch(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const text = matchesText(q, [
    trades.listingTitle,
    ...memberSearchColumns(trades.buyerId),
    ...memberSearchColumns(trades.sellerId),
    ...memberSearchColumns(trades.intermediaryId),
  ]);
  const id = searchedId(q);
  return id === null ? text : (or(eq(trades.id, id), text) as SQL);
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
    overdue_dispute: sql`(${waitsFor('dispute')} and (${trades.deadlineAt} < ${at.toISOString()} or ${trades.flaggedAt} is not null))`,
    flagged: and(open, isNotNull(trades.flaggedAt)) as SQL,
    orphaned: and(open, orphaned) as SQL,
    suspended_party: and(
      open,
      or(suspendedSql(trades.buyerId, at), suspendedSql(trades.sellerId, at)),
    ) as SQL,
    payment: waitsFor('payment'),
    release: waitsFor('release'),
    dispute: waitsFor('dispute'),
  });
  // A row shows the most urgent thing it has (the order of `deskReasons`); a suspended party only when the trade
  // waits on nothing else (the row names the suspension either way).
  const reasonOf = (r: Record<DeskReason, SQL>) => sql<DeskReason | null>`case
    when ${r.overdue_dispute} then 'overdue_dispute'
    when ${r.flagged} then 'flagged'
    when ${r.orphaned} then 'orphaned'
    when ${r.payment} then 'payment'
    when ${r.release} then 'release'
    when ${r.dispute} then 'dispute'
    when ${r.suspended_party} then 'suspended_party'
    else null end`;
  const waitingSinceOf = (r: Record<DeskReason, SQL>) => sql<Date>`coalesce(case
    when ${r.overdue_dispute} then coalesce(${trades.deadlineAt}, ${trades.flaggedAt})
    when ${r.flagged} then ${trades.flaggedAt}
    ${waitingSinceByState}
    else null end, ${trades.updatedAt})`;

  /**
   * The desk's filter (a reason, or any) and its text search: a party's name or e-mail, the listing, the number.
   * A search with no reason looks through every trade, whatever its state (a finished one, one waiting on a party).
   */
  function deskWhere(query: Omit<TradesDeskQuery, 'page'>, at: Date) {
    const r = byReason(at);
    if (query.reason) return and(r[query.reason], tradeSearch(query.q));
    return query.q ? tradeSearch(query.q) : or(...Object.values(r));
  }

  async function deskRows(where: SQL | undefined, at: Date, limit: number, offset: number) {
    const r = byReason(at);
    const reason = reasonOf(r);
    const waitingSince = waitingSinceOf(r);
    const buyer = alias(users, 'buyer');
    const seller = alias(users, 'seller');
    const intermediary = alias(users, 'intermediary');
    const rows = await db
      .select({
        id: trades.id,
        listingTitle: trades.listingTitle,
        state: trades.state,
        reason,
        amountCents: trades.amountCents,
        buyerId: trades.buyerId,
        buyerName: buyer.name,
        sellerId: trades.sellerId,
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
      .limit(limit)
      .offset(offset);
    const suspensions = await suspensionsOf(
      [...new Set(rows.flatMap((row) => [row.buyerId, row.sellerId]))],
      at,
    );
    return rows.map(({ buyerId, sellerId, ...row }) => ({
      ...row,
      waitingSince: new Date(row.waitingSince).toISOString(),
      deadlineAt: row.deadlineAt?.toISOString() ?? null,
      buyerSuspension: suspensions.get(buyerId) ?? null,
      sellerSuspension: suspensions.get(sellerId) ?? null,
    }));
  }

  /**
   * The suspension in force of each member, in one query: a permanent one over any other, else the one that
   * ends last.
   */
  async function suspensionsOf(userIds: string[], at: Date): Promise<Map<string, PartySuspension>> {
    const found = new Map<string, PartySuspension>();
    for (const [userId, { endsAt, ...rest }] of await suspensionsInForce(db, userIds, at)) {
      found.set(userId, { ...rest, endsAt: endsAt?.toISOString() ?? null });
    }
    return found;
  }

  async function payoutRows(viewer: Viewer, q: string | undefined, limit: number, offset: number) {
    const admin = isAdmin(viewer);
    const seller = alias(users, 'seller');
    const intermediary = alias(users, 'intermediary');
    const due = and(waitsFor('release'), tradeSearch(q));
    const dueAt = sql<Date>`coalesce(${trades.payoutDueAt}, ${trades.deliveryConfirmedAt}, ${trades.updatedAt})`;
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
        .limit(limit)
        .offset(offset),
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
    };
  }

  return {
    async list(viewer: Viewer, query: TradesDeskQuery): Promise<TradesDeskPage> {
      if (!isStaff(viewer)) throw AppError.forbidden();
      const at = now();
      const where = deskWhere(query, at);
      const pageSize = TRADES_DESK_PAGE_SIZE;
      const [rows, [total], instantFraud] = await Promise.all([
        deskRows(where, at, pageSize, (query.page - 1) * pageSize),
        db.select({ n: count() }).from(trades).where(where),
        readInstantFraud(db),
      ]);
      return { trades: rows, total: total?.n ?? 0, page: query.page, pageSize, instantFraud };
    },

    /** The filtered desk for the CSV export: at most one row past the file's limit (so it can say it stopped). */
    async exportList(viewer: Viewer, query: Omit<TradesDeskQuery, 'page'>) {
      if (!isStaff(viewer)) throw AppError.forbidden();
      const at = now();
      return deskRows(deskWhere(query, at), at, CSV_EXPORT_MAX_ROWS + 1, 0);
    },

    /**
     * Repasses: payouts due, the oldest first, with the exact amount after the trade's fee and the key fixed on the
     * trade when it became due. Staff read it; the key in full and the holder's name only for admins, who pay.
     */
    async payouts(viewer: Viewer, query: PayoutsQuery): Promise<PayoutsPage> {
      if (!isStaff(viewer)) throw AppError.forbidden();
      const pageSize = PAYOUTS_PAGE_SIZE;
      const found = await payoutRows(viewer, query.q, pageSize, (query.page - 1) * pageSize);
      return { ...found, page: query.page, pageSize };
    },

    /** The filtered payouts for the CSV export, keys as the viewer reads them; one row past the file's limit. */
    async exportPayouts(viewer: Viewer, query: Omit<PayoutsQuery, 'page'>): Promise<DeskPayout[]> {
      if (!isStaff(viewer)) throw AppError.forbidden();
      return (await payoutRows(viewer, query.q, CSV_EXPORT_MAX_ROWS + 1, 0)).payouts;
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
