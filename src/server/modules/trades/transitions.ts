import type { NotificationKind } from '@shared/notifications';
import { tradeMessages as m } from '@shared/trade-messages';
import { type TradeEventKind, type TradeState, tradeStateLabels } from '@shared/trades';
import { and, eq, inArray, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { supportTickets, tradeEvents, trades } from '../../db/schema';
import { AppError } from '../../errors';
import { notifyMany } from '../notifications/service';

export type TradeRow = typeof trades.$inferSelect;
type TradeChanges = Partial<Omit<TradeRow, 'id' | 'state' | 'createdAt'>>;

export const addHours = (at: Date, hours: number) => new Date(at.getTime() + hours * 3_600_000);

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

/**
 * Moves a trade from one of `from` to `to`, guarded by the state it leaves (`UPDATE … WHERE state IN $from`):
 * of two racing or replayed requests, the second finds no row and is told the trade moved on, having changed
 * nothing. A step clears the staff flag and the deadline warning of the state it leaves. Returns the row as it is now, for the money and stock moves of the same transaction.
 */
export async function transition(
  tx: Db,
  input: {
    tradeId: number;
    from: readonly TradeState[];
    to: TradeState;
    changes?: TradeChanges;
    /** For timers: only if the deadline is still one that has passed (a step in between moved it). */
    dueBy?: Date;
    event: { kind: TradeEventKind; actorId: string | null; detail?: string | null };
    now: Date;
  },
): Promise<TradeRow> {
  const [row] = await tx
    .update(trades)
    .set({ flaggedAt: null, warnedAt: null, ...input.changes, state: input.to, updatedAt: input.now })
    .where(
      and(
        eq(trades.id, input.tradeId),
        inArray(trades.state, [...input.from]),
        input.dueBy && lte(trades.deadlineAt, input.dueBy),
      ),
    )
    .returning();
  if (!row) throw new AppError('CONFLICT', m.stateChanged);
  await recordEvent(tx, row.id, input.event.actorId, input.event.kind, input.event.detail ?? null, input.now);
  await notifyParties(
    tx,
    row,
    input.event.actorId,
    notificationOf[input.event.kind] ?? 'trade_step',
    input.event.detail ?? tradeStateLabels[row.state],
  );
  return row;
}

const notificationOf: Partial<Record<TradeEventKind, NotificationKind>> = {
  delivery_marked: 'delivery_marked',
  cancelled: 'trade_cancelled',
  expired: 'trade_cancelled',
  refunded: 'trade_cancelled',
  dispute_opened: 'dispute_opened',
  dispute_released: 'dispute_decided',
  dispute_refunded: 'dispute_decided',
};

/** Tells the trade's people (buyer, seller, its intermediary) what happened, except whoever did it. */
export async function notifyParties(
  tx: Db,
  trade: TradeRow,
  actorId: string | null,
  kind: NotificationKind,
  body: string,
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
      body,
      link: `/intermediacao/${trade.id}`,
    })),
  );
}

/** The trade's support ticket (part 2 §4) ends with the trade. */
export async function resolveTicket(tx: Db, trade: TradeRow, response: string, at: Date) {
  if (!trade.ticketId) return;
  await tx
    .update(supportTickets)
    .set({ status: 'resolved', adminResponse: response, respondedAt: at, updatedAt: at })
    .where(eq(supportTickets.id, trade.ticketId));
}
