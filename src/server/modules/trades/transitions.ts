import { businessHoursAfter } from '@shared/business-hours';
import { paths } from '@shared/paths';
import { tradeMessages as m } from '@shared/trade-messages';
import {
  deadlineTimerOf,
  destinationOf,
  historyLine,
  type TradeEventKind,
  type TradeNotice,
  type TradeRole,
  type TradeState,
  type TradeTransition,
  type TradeTransitionName,
  tradeTimers,
  tradeTransitions,
  transferColumnOf,
} from '@shared/trade-process';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { listings, supportTickets, tradeEvents, trades } from '../../db/schema';
import { writeTogether } from '../../db/together';
import { AppError } from '../../errors';
import type { Ledger } from '../ledger/service';
import { type NotifyInput, notificationsInsert, notifyMany } from '../notifications/service';
import { reviewRequests } from '../reviews/requests';
import { applyCodeEffect } from './codes';
import { payoutKeyOf } from './payout-key';
import type { Sealer } from './sealed';
import { lockListingStock } from './stock';

export type TradeRow = typeof trades.$inferSelect;
type TradeChanges = Partial<Omit<TradeRow, 'id' | 'state' | 'createdAt'>>;

export const addHours = (at: Date, hours: number) => new Date(at.getTime() + hours * 3_600_000);

/**
 * What entering `state` at `at` writes on the trade: its timers (decision 020), the first of them for the sweep,
 * the state's deadline for the room, and the columns a timer keeps its time in (an account's warranty's end).
 */
export function timersOnEntering(state: TradeState, at: Date) {
  const started = (tradeTimers[state] ?? []).map((timer) => ({
    timer,
    at: timer.businessHours ? businessHoursAfter(at, timer.businessHours) : addHours(at, timer.hours ?? 0),
  }));
  const deadline = started.find(({ timer }) => timer === deadlineTimerOf(state));
  const first = started.reduce<Date | null>((min, s) => (min && min <= s.at ? min : s.at), null);
  return {
    timers: Object.fromEntries(started.map((s) => [s.timer.name, s.at.toISOString()])),
    nextTimerAt: first,
    deadlineAt: deadline?.at ?? null,
    ...Object.fromEntries(started.flatMap((s) => (s.timer.keptIn ? [[s.timer.keptIn, s.at]] : []))),
  } satisfies TradeChanges;
}

/** A line of the trade's history, unsent: for a caller that sends it with other writes (`writeTogether`). */
export const eventLine = (
  tx: Db,
  tradeId: number,
  actorId: string | null,
  kind: TradeEventKind,
  detail: string | null,
  at: Date,
) => tx.insert(tradeEvents).values({ tradeId, actorId, kind, detail, createdAt: at });

export async function recordEvent(
  tx: Db,
  tradeId: number,
  actorId: string | null,
  kind: TradeEventKind,
  detail: string | null,
  at: Date,
) {
  await eventLine(tx, tradeId, actorId, kind, detail, at);
}

const moneyOf = (t: TradeRow) => ({
  id: t.id,
  amountCents: t.amountCents,
  sellerId: t.sellerId,
  buyerId: t.buyerId,
  feeRateBps: t.feeRateBps,
});

/** A timer's time in the trade's `timers` has passed by `at` (still pending: not fired, not restarted later). */
export const timerDue = (name: string, at: Date) =>
  sql`(${trades.timers} ->> ${name}::text)::timestamptz <= ${at.toISOString()}::timestamptz`;

/**
 * Takes one transition of the process (src/shared/trade-process.ts) on a trade and does everything the process
 * declares for it, in the caller's transaction: one `UPDATE … WHERE state IN $from` writes the state, its stamps,
 * reason and transfer id, the timers of the state it enters (those of the state it leaves stop with it) and the
 * payout key when the payout becomes due; then, in one statement, the history line, the notices, the reviews'
 * requests, the stock and the ticket; then the ledger movements. Of two racing or replayed requests the second finds no row and is told the trade moved
 * on, having changed nothing. Returns the row as it is now.
 */
export async function applyTransition(
  tx: Db,
  ledger: Ledger,
  input: {
    name: TradeTransitionName;
    trade: Pick<TradeRow, 'id' | 'listingId' | 'listingKind' | 'sellerId' | 'instantDelivery'>;
    actorId: string | null;
    /** The actor acts as staff (the trade's intermediary seat), not as a party. */
    byStaff?: boolean;
    /** The history's line. */
    detail: string;
    /** The step's reason, kept where the transition says (`reasonIn`). */
    reason?: string;
    endToEndId?: string | null;
    /** What the step itself brings (the value, the delivery's note), beside the declared effects. */
    changes?: TradeChanges;
    /** Taken by this timer: only while it is still pending in this state and due by `now`. */
    timer?: string;
    now: Date;
    /** Seals an instant-delivery trade's code for it (the `deliver` code effect); the money steps hand it in. */
    sealer?: Sealer;
  },
): Promise<TradeRow> {
  const t: TradeTransition = tradeTransitions[input.name];
  const { now } = input;
  const to = destinationOf(t, input.trade.listingKind);
  if (t.stock === 'reserve') {
    const listing = input.trade.listingId === null ? null : await lockListingStock(tx, input.trade.listingId);
    if (!listing || listing.available <= 0) {
      throw new AppError('CONFLICT', m.outOfStock, { amount: m.outOfStockDetail });
    }
  }
  // An instant-delivery trade's code (decision 029): reserved under the listing's lock taken just above.
  const code =
    t.code && input.trade.instantDelivery
      ? await applyCodeEffect(tx, t.code, input.trade, now, input.sealer)
      : {};
  const transfer = t.money?.map((move) => transferColumnOf[move]).find(Boolean);
  const effects: Record<string, unknown> = {
    flaggedAt: null,
    ...timersOnEntering(to, now),
    ...Object.fromEntries((t.stamps ?? []).map((column) => [column, now])),
    ...t.sets,
    ...(t.reasonIn && { [t.reasonIn]: input.reason ?? null }),
    ...(t.actorIn && { [t.actorIn]: input.actorId }),
    ...(t.seatsStaff &&
      input.byStaff && { intermediaryId: sql`coalesce(${trades.intermediaryId}, ${input.actorId})` }),
    ...(transfer && { [transfer]: input.endToEndId ?? null }),
    ...(t.payoutDue &&
      to === 'awaiting_release' && { payoutDueAt: now, ...(await payoutKeyOf(tx, input.trade.sellerId)) }),
  };
  const [row] = await tx
    .update(trades)
    .set({ ...(effects as TradeChanges), ...code, ...input.changes, state: to, updatedAt: now })
    .where(
      and(
        eq(trades.id, input.trade.id),
        inArray(trades.state, [...t.from]),
        input.timer === undefined ? undefined : timerDue(input.timer, now),
      ),
    )
    .returning();
  if (!row) throw new AppError('CONFLICT', m.stateChanged);
  // Everything else the transition writes reads nothing of the others' writes: one statement (then the ledger).
  const notices = [
    ...(t.notify ? partyNotices(row, input.actorId, t.notify, input.detail) : []),
    ...(t.asksForReviews ? reviewRequests(row) : []),
  ];
  await writeTogether(tx, [
    eventLine(tx, row.id, input.actorId, t.event, input.detail, now),
    ...(notices.length > 0 ? [notificationsInsert(tx, notices)] : []),
    // An instant listing's code left the stock when it was reserved: nothing more to take at the sale.
    ...(t.stock === 'consume' && row.listingId !== null && !row.instantDelivery
      ? [unitSold(tx, row.listingId)]
      : []),
    ...(t.resolvesTicket && row.ticketId
      ? [
          ticketResolved(
            tx,
            row.ticketId,
            t.resolvesTicket === historyLine ? input.detail : t.resolvesTicket,
            now,
          ),
        ]
      : []),
  ]);
  for (const move of t.money ?? []) {
    await ledger.move(tx, moneyOf(row), move, transferColumnOf[move] ? (input.endToEndId ?? null) : null);
  }
  // The step an instant-delivery trade takes at once after this one (confirm_payment → deliver_code), by the system.
  if (t.thenOnInstant && row.instantDelivery) {
    return applyTransition(tx, ledger, {
      name: t.thenOnInstant as TradeTransitionName,
      trade: row,
      actorId: null,
      detail: 'Código entregue automaticamente (entrega automática)',
      now,
      sealer: input.sealer,
    });
  }
  return row;
}

/** Sold: the unit the trade held leaves the stock ('sold' at 0), under the listing's row lock. */
const unitSold = (tx: Db, listingId: number) =>
  tx
    .update(listings)
    .set({
      quantity: sql`greatest(${listings.quantity} - 1, 0)`,
      status: sql`case when ${listings.quantity} <= 1 then 'sold'::listing_status else ${listings.status} end`,
    })
    .where(eq(listings.id, listingId));

/**
 * What the trade's people (buyer, seller, its intermediary) are told happened, except whoever did it: each role
 * reads the notice's text for it, or else `body` (the history's line).
 */
function partyNotices(
  trade: TradeRow,
  actorId: string | null,
  notice: TradeNotice,
  body: string,
): NotifyInput[] {
  const roleOf = (userId: string): TradeRole =>
    userId === trade.buyerId ? 'comprador' : userId === trade.sellerId ? 'vendedor' : 'intermediador';
  const people = [trade.buyerId, trade.sellerId, trade.intermediaryId].filter(
    (id): id is string => id !== null && id !== actorId,
  );
  return [...new Set(people)].map((userId) => ({
    userId,
    kind: notice.kind,
    title: `Intermediação #${trade.id}: ${trade.listingTitle}`,
    body: notice.text?.[roleOf(userId)] ?? body,
    link: paths.trade(trade.id),
  }));
}

/** Tells the trade's people what happened (see `partyNotices`). */
export async function notifyParties(
  tx: Db,
  trade: TradeRow,
  actorId: string | null,
  notice: TradeNotice,
  body: string,
) {
  await notifyMany(tx, partyNotices(trade, actorId, notice, body));
}

/** The trade's support ticket (part 2 §4) ends with the trade. */
const ticketResolved = (tx: Db, ticketId: number, response: string, at: Date) =>
  tx
    .update(supportTickets)
    .set({ status: 'resolved', adminResponse: response, respondedAt: at, updatedAt: at })
    .where(eq(supportTickets.id, ticketId));
