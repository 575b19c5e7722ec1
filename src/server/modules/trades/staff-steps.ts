import { paths } from '@shared/paths';
import { tradeMessages as m } from '@shared/trade-messages';
import { finishedTradeStates, type TradeEventKind } from '@shared/trades';
import { and, eq, isNull, notInArray } from 'drizzle-orm';
import type { Viewer } from '../../auth/session';
import type { Db } from '../../db/client';
import { trades } from '../../db/schema';
import { AppError } from '../../errors';
import { vacateIntermediarySeat } from '../../realtime/rooms';
import { recordAudit } from '../audit/record';
import { notify } from '../notifications/service';
import { assertMay, seatIn } from './seat';
import type { TradesDeps } from './service';
import { recordEvent, type TradeRow } from './transitions';

const open = notInArray(trades.state, [...finishedTradeStates]);

/**
 * Hands a departing staff member's open trades back to the pool (their role removed, or their account deleted),
 * inside the caller's transaction, each with a line in its history: no trade waits on someone who is gone.
 */
export async function releaseHeldTrades(tx: Db, staffId: string, at: Date, why: string): Promise<number> {
  const freed = await tx
    .update(trades)
    .set({ intermediaryId: null, updatedAt: at })
    .where(and(eq(trades.intermediaryId, staffId), open))
    .returning({ id: trades.id });
  for (const t of freed) {
    await recordEvent(tx, t.id, null, 'staff_unassigned', `Intermediação devolvida à equipe: ${why}`, at);
  }
  return freed.length;
}

/** What staff do in a trade without moving it: take it, take it over (admins), recommend a decision. */
export function createStaffSteps({ db, now }: TradesDeps) {
  const audit = (tx: Db, viewer: Viewer, action: string, tradeId: number, details: Record<string, unknown>) =>
    recordAudit(tx, { actorId: viewer.userId, action, targetType: 'trade', targetId: tradeId, details });
  const event = (tx: Db, tradeId: number, actorId: string, kind: TradeEventKind, detail: string) =>
    recordEvent(tx, tradeId, actorId, kind, detail, now());

  return {
    audit,
    event,

    /** A staff member takes a trade nobody holds as its intermediary; of two at once, one wins. */
    async take(viewer: Viewer, id: number): Promise<TradeRow> {
      return db.transaction(async (tx) => {
        assertMay(await seatIn(tx, viewer, id), 'take');
        const [row] = await tx
          .update(trades)
          .set({ intermediaryId: viewer.userId, updatedAt: now() })
          .where(and(eq(trades.id, id), isNull(trades.intermediaryId), open))
          .returning();
        if (!row) throw new AppError('CONFLICT', m.alreadyTaken);
        await event(tx, id, viewer.userId, 'staff_assigned', 'Intermediador assumiu a intermediação');
        await audit(tx, viewer, 'trade.take', id, {});
        return row;
      });
    },

    /**
     * An admin takes a trade another staff member holds, with a reason (audited, in the history, told to them).
     * The call's intermediary seat goes with it at once: the one ousted is taken out of a live call.
     */
    async takeOver(viewer: Viewer, id: number, reason: string): Promise<TradeRow> {
      return db.transaction(async (tx) => {
        const s = await seatIn(tx, viewer, id, true);
        assertMay(s, 'take_over');
        const previous = s.trade.intermediaryId;
        const [row] = await tx
          .update(trades)
          .set({ intermediaryId: viewer.userId, updatedAt: now() })
          .where(and(eq(trades.id, id), eq(trades.intermediaryId, previous as string), open))
          .returning();
        if (!row) throw new AppError('CONFLICT', m.stateChanged);
        await vacateIntermediarySeat(tx, id, viewer.userId);
        await event(
          tx,
          id,
          viewer.userId,
          'staff_taken_over',
          `Intermediação assumida por um administrador: ${reason}`,
        );
        await audit(tx, viewer, 'trade.take_over', id, { previousIntermediaryId: previous, reason });
        if (previous) {
          await notify(tx, {
            userId: previous,
            kind: 'trade_step',
            title: `Intermediação #${id}: ${row.listingTitle}`,
            body: `${m.takenOver} Motivo: ${reason}`,
            link: paths.trade(id),
          });
        }
        return row;
      });
    },

    /** Staff who may not move money recommend a decision on a dispute; an admin confirms it (or not). */
    async recommendDecision(
      viewer: Viewer,
      id: number,
      input: { decision: 'release' | 'refund'; reason: string },
    ): Promise<TradeRow> {
      return db.transaction(async (tx) => {
        const s = await seatIn(tx, viewer, id);
        assertMay(s, 'recommend_decision');
        const [row] = await tx
          .update(trades)
          .set({
            disputeRecommendation: input.decision,
            disputeRecommendationReason: input.reason,
            disputeRecommendedBy: viewer.userId,
            intermediaryId: s.trade.intermediaryId ?? viewer.userId,
            updatedAt: now(),
          })
          .where(and(eq(trades.id, id), eq(trades.state, 'disputed')))
          .returning();
        if (!row) throw new AppError('CONFLICT', m.stateChanged);
        const text = input.decision === 'release' ? 'liberar ao vendedor' : 'reembolsar o comprador';
        await event(
          tx,
          id,
          viewer.userId,
          'decision_recommended',
          `Recomendação da equipe: ${text}. ${input.reason}`,
        );
        await audit(tx, viewer, 'trade.recommend', id, input);
        return row;
      });
    },
  };
}
