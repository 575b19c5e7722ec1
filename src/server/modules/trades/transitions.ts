import { businessHoursAfter } from '@shared/business-hours';
import type { NotificationKind } from '@shared/notifications';
import { paths } from '@shared/paths';
import { tradeMessages as m } from '@shared/trade-messages';
import {
  destinationOf,
  isTradeOpen,
  type TradeEventKind,
  type TradeMoneyMove,
  type TradeState,
  type TradeTransition,
  type TradeTransitionName,
  tradeTimers,
  tradeTransitions,
} from '@shared/trade-process';
import { and, eq, inArray, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { supportTickets, tradeEvents, trades } from '../../db/schema';
import { AppError } from '../../errors';
import type { Ledger } from '../ledger/service';
import { notifyMany } from '../notifications/service';
import { askForReviews } from '../reviews/requests';
import { payoutKeyOf } from './payout-key';
import { lockListingStock } from './stock';

export type TradeRow = typeof trades.$inferSelect;
type TradeChanges = Partial<Omit<TradeRow, 'id' | 'state' | 'createdAt'>>;

export const addHours = (at: Date, hours: number) => new Date(at.getTime() + hours * 3_600_000);

/** When the timer of `state` (decision 020) runs out if the trade enters it at `at`; null: no timer. */
function deadlineOf(state: TradeState, at: Date): Date | null {
  const timer = tradeTimers[state];
  if (!timer) return null;
  return timer.businessHours ? businessHoursAfter(at, timer.businessHours) : addHours(at, timer.hours ?? 0);
}

export async function recordEvent(
  tx: Db,
  tradeId: number,
  actorId: string | null,
  kind: TradeEventKind,
  detail: string | null,
  at: Date,
) {
  await tx.insert(tradeEvents).values({ tradeId, actorId, kind, detail, createdAt: at });
}

const moneyOf = (t: TradeRow) => ({
  id: t.id,
  amountCents: t.amountCents,
  sellerId: t.sellerId,
  buyerId: t.buyerId,
  feeRateBps: t.feeRateBps,
});

/** Which ledger movement carries the transfer a transition records. */
const transferOf: Partial<Record<TradeMoneyMove, true>> = {
  payment: true,
  payout: true,
  refund_payout: true,
};

/**
 * Takes one transition of the process (src/shared/trade-process.ts) on a trade, guarded by the state it leaves
 * (`UPDATE … WHERE state IN $from`): of two racing or replayed requests the second finds no row and is told the
 * trade moved on, having changed nothing. In the same transaction it sets the next state's deadline, fixes the
 * payout key when the payout becomes due, records the event, tells the trade's people and moves the money the
 * transition names. Returns the row as it is now.
 */
export async function applyTransition(
  tx: Db,
  ledger: Ledger,
  input: {
    name: TradeTransitionName;
    trade: Pick<TradeRow, 'id' | 'listingId' | 'listingKind' | 'sellerId'>;
    actorId: string | null;
    detail: string;
    changes?: TradeChanges;
    endToEndId?: string | null;
    /** For timers: only if the deadline is still one that has passed (a step in between moved it). */
    dueBy?: Date;
    now: Date;
  },
): Promise<TradeRow> {
  const t: TradeTransition = tradeTransitions[input.name];
  const to = destinationOf(t, input.trade.listingKind);
  if (t.reserves) {
    const listing = input.trade.listingId === null ? null : await lockListingStock(tx, input.trade.listingId);
    if (!listing || listing.available <= 0) {
      throw new AppError('CONFLICT', m.outOfStock, { amount: m.outOfStockDetail });
    }
  }
  const deadlineAt = deadlineOf(to, input.now);
  const payout = t.fixesPayoutKey
    ? {
        payoutDueAt: to === 'awaiting_release' ? input.now : null,
        ...(to === 'awaiting_release' && (await payoutKeyOf(tx, input.trade.sellerId))),
      }
    : {};
  const [row] = await tx
    .update(trades)
    .set({
      flaggedAt: null,
      warnedAt: null,
      deadlineAt,
      ...(to === 'in_warranty' && { warrantyEndsAt: deadlineAt }),
      ...payout,
      ...input.changes,
      state: to,
      updatedAt: input.now,
    })
    .where(
      and(
        eq(trades.id, input.trade.id),
        inArray(trades.state, [...t.from]),
        input.dueBy && lte(trades.deadlineAt, input.dueBy),
      ),
    )
    .returning();
  if (!row) throw new AppError('CONFLICT', m.stateChanged);
  await recordEvent(tx, row.id, input.actorId, t.event, input.detail, input.now);
  if (t.notify !== null) {
    await notifyParties(tx, row, input.actorId, t.notify ?? 'trade_step', input.detail, t.buyerNotice);
  }
  if (to === 'completed') await askForReviews(tx, row);
  for (const move of t.money ?? []) {
    await ledger.move(tx, moneyOf(row), move, transferOf[move] ? (input.endToEndId ?? null) : null);
  }
  if (!isTradeOpen(to)) {
    // Cancelled, refunded or completed: the trade's support ticket (part 2 §4) ends with it.
    await resolveTicket(tx, row, to === 'completed' ? m.ticketResolved : input.detail, input.now);
  }
  return row;
}

/**
 * Tells the trade's people (buyer, seller, its intermediary) what happened, except whoever did it; the buyer
 * reads `buyerBody` when the transition gives one.
 */
export async function notifyParties(
  tx: Db,
  trade: TradeRow,
  actorId: string | null,
  kind: NotificationKind,
  body: string,
  buyerBody: string = body,
) {
  const people = [trade.buyerId, trade.sellerId, trade.intermediaryId].filter(
    (id): id is string => id !== null && id !== actorId,
  );
  await notifyMany(
    tx,
    [...new Set(people)].map((userId) => ({
      userId,
      kind,
      title: `Intermediação #${trade.id}: ${trade.listingTitle}`,
      body: userId === trade.buyerId ? buyerBody : body,
      link: paths.trade(trade.id),
    })),
  );
}

/** The trade's support ticket (part 2 §4) ends with the trade. */
async function resolveTicket(tx: Db, trade: TradeRow, response: string, at: Date) {
  if (!trade.ticketId) return;
  await tx
    .update(supportTickets)
    .set({ status: 'resolved', adminResponse: response, respondedAt: at, updatedAt: at })
    .where(eq(supportTickets.id, trade.ticketId));
}
