import { tradeMessages as m } from '@shared/trade-messages';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Viewer } from '../../auth/session';
import type { Db } from '../../db/client';
import { type PendingRefund, trades } from '../../db/schema';
import { AppError } from '../../errors';
import { recordAudit } from '../audit/record';
import { refundIdFor } from '../pix';
import { assertPayoutNotSending } from './payout-due';
import { assertMay, seatIn } from './seat';
import type { TradesDeps } from './service';
import { applyTransition, type TradeRow } from './transitions';

type RefundAction = PendingRefund['action'];

const requiredEndToEnd = (endToEndId: string | undefined) => {
  if (!endToEndId) throw new AppError('VALIDATION', m.endToEndInvalid, { endToEndId: m.endToEndInvalid });
  return endToEndId;
};

/**
 * Refunds (an admin's cancel after payment, or a dispute decided for the buyer). With API Pix the devolução is
 * marked on the trade (`refund_pending`, under the trade's lock) and committed before the PSP is called: while it
 * is set no payout and no other refund of the trade goes out (money-steps.ts `release`). The PSP's answer is then
 * booked whatever it is: DEVOLVIDO → the refund in the ledger; EM_PROCESSAMENTO → it stays pending and the
 * trade-refunds job reads it again until final; NAO_REALIZADO → cleared, audited, and the next attempt takes a
 * new devolução id. A refund staff sent by hand is booked with its E2E id, audited as such.
 */
export function createRefunds({ db, ledger, pix, now }: TradesDeps) {
  /** The step's transition with the refund's money; the pending devolução cleared; audited. */
  async function book(
    tx: Db,
    trade: TradeRow,
    step: { action: RefundAction; reason: string; actorId: string; byStaff: boolean },
    transfer: { endToEndId: string; returnId: string | null; sentByHand: boolean },
  ) {
    // By the state the trade is in now: a party may have opened a dispute while a devolução was pending.
    const decided = trade.state === 'disputed';
    const row = await applyTransition(tx, ledger, {
      name: decided ? 'decide_refund' : 'refund',
      trade,
      actorId: step.actorId,
      byStaff: step.byStaff,
      detail: decided
        ? `Disputa decidida com reembolso ao comprador: ${step.reason}`
        : `Cancelada pela equipe com reembolso ao comprador: ${step.reason}`,
      reason: step.reason,
      changes: { refundReturnId: transfer.returnId },
      endToEndId: transfer.endToEndId,
      now: now(),
    });
    await recordAudit(tx, {
      actorId: step.actorId,
      action: decided ? 'trade.dispute_refund' : 'trade.refund',
      targetType: 'trade',
      targetId: row.id,
      details: {
        amountCents: row.amountCents,
        reason: step.reason,
        endToEndId: transfer.endToEndId,
        returnId: transfer.returnId,
        ...(transfer.sentByHand && pix.automatic && { sentByHand: true }),
      },
    });
  }

  /** The trade locked, the pending devolução still the one named: the caller's change applies to it. */
  async function lockPending(tx: Db, id: number, refundId: string) {
    const [trade] = await tx.select().from(trades).where(eq(trades.id, id)).for('update');
    return trade?.refundPending?.refundId === refundId ? trade : null;
  }

  /** Books what the PSP said of the devolução `pending` of trade `id`; answers whether it is final. */
  async function settle(
    id: number,
    pending: PendingRefund,
    outcome: { status: 'done' | 'processing' | 'refused' | 'missing'; returnId?: string },
  ): Promise<boolean> {
    if (outcome.status === 'processing') return false;
    return db.transaction(async (tx) => {
      const trade = await lockPending(tx, id, pending.refundId);
      if (!trade) return true;
      if (outcome.status === 'done' && outcome.returnId) {
        // Booked for the admin who asked it, who does not take the trade's seat from here.
        const step = { ...pending, byStaff: false };
        const transfer = { endToEndId: outcome.returnId, returnId: outcome.returnId, sentByHand: false };
        await book(tx, trade, step, transfer);
        return true;
      }
      // Refused: that id is spent, the next attempt takes a new one. Missing: the PUT never reached the PSP,
      // so the same id is still free (and a late PUT under it would be the same devolução).
      const refused = outcome.status === 'refused';
      await tx
        .update(trades)
        .set({
          refundPending: null,
          ...(refused && { refundAttempts: sql`${trades.refundAttempts} + 1` }),
          updatedAt: now(),
        })
        .where(eq(trades.id, id));
      await recordAudit(tx, {
        actorId: pending.actorId,
        action: refused ? 'trade.refund_refused' : 'trade.refund_not_sent',
        targetType: 'trade',
        targetId: id,
        details: { amountCents: trade.amountCents, refundId: pending.refundId, reason: pending.reason },
      });
      return true;
    });
  }

  /** Marks the devolução under way (or finds the one already under way: a retry reaches the same one). */
  async function markPending(viewer: Viewer, id: number, action: RefundAction, reason: string) {
    return db.transaction(async (tx) => {
      const s = await seatIn(tx, viewer, id, true);
      assertMay(s, action);
      if (s.trade.refundPending) return { trade: s.trade, pending: s.trade.refundPending };
      await assertPayoutNotSending(tx, id);
      const pending: PendingRefund = {
        refundId: refundIdFor(id, s.trade.refundAttempts),
        action,
        reason,
        actorId: viewer.userId,
        since: now().toISOString(),
      };
      await tx.update(trades).set({ refundPending: pending, updatedAt: now() }).where(eq(trades.id, id));
      await recordAudit(tx, {
        actorId: viewer.userId,
        action: 'trade.refund_requested',
        targetType: 'trade',
        targetId: id,
        details: { amountCents: s.trade.amountCents, refundId: pending.refundId, reason },
      });
      return { trade: s.trade, pending };
    });
  }

  /** With API Pix: the devolução asked of the PSP, its answer booked. */
  async function refundThroughPsp(
    viewer: Viewer,
    id: number,
    action: RefundAction,
    reason: string,
    paymentEndToEndId: string,
  ) {
    const { trade, pending } = await markPending(viewer, id, action, reason);
    const asked = { paymentEndToEndId, refundId: pending.refundId, amountCents: trade.amountCents };
    let reading: Awaited<ReturnType<typeof pix.refund>>;
    try {
      reading = await pix.refund(asked);
    } catch (error) {
      // Refused: recorded, and the admin is told. Anything else (no answer, an answer that does not match):
      // nobody knows whether money moved, so it stays pending and the job reads it again.
      if (error instanceof AppError && error.code === 'CONFLICT')
        await settle(id, pending, { status: 'refused' });
      throw error;
    }
    await settle(id, pending, reading ?? { status: 'missing' });
  }

  /** A refund staff sent by hand (manual provider, or API Pix when the PSP refused): booked with its E2E id. */
  async function bookSentByHand(viewer: Viewer, id: number, action: RefundAction, input: RefundInput) {
    const endToEndId = requiredEndToEnd(input.endToEndId);
    await db.transaction(async (tx) => {
      const s = await seatIn(tx, viewer, id, true);
      assertMay(s, action);
      if (s.trade.refundPending) throw new AppError('CONFLICT', m.refundInProgress);
      const step = {
        action,
        reason: input.reason,
        actorId: viewer.userId,
        byStaff: s.role === 'intermediador',
      };
      await book(tx, s.trade, step, { endToEndId, returnId: null, sentByHand: true });
    });
  }

  return {
    /**
     * The admin's refund. With API Pix, through the PSP (an E2E id typed is not used); once the PSP refused a
     * devolução of the trade, an E2E id typed books a refund sent by hand instead (never while one is under
     * way), and none typed asks the PSP again under a new id. With the manual provider, the E2E id typed.
     */
    async refund(viewer: Viewer, id: number, action: RefundAction, input: RefundInput) {
      const before = await seatIn(db, viewer, id);
      assertMay(before, action);
      const { paymentEndToEndId, refundAttempts } = before.trade;
      const byHand = Boolean(input.endToEndId) && refundAttempts > 0;
      if (pix.automatic && paymentEndToEndId && !byHand) {
        return refundThroughPsp(viewer, id, action, input.reason, paymentEndToEndId);
      }
      return bookSentByHand(viewer, id, action, input);
    },

    /**
     * The job's part (jobs/trade-refunds.ts): every devolução still pending is read back from the PSP and its
     * outcome booked. One that fails to read stays for the next run. Answers how many became final.
     */
    async settlePendingRefunds(): Promise<number> {
      const due = await db
        .select({
          id: trades.id,
          pending: trades.refundPending,
          e2e: trades.paymentEndToEndId,
          cents: trades.amountCents,
        })
        .from(trades)
        .where(and(isNotNull(trades.refundPending), isNotNull(trades.paymentEndToEndId)));
      let settled = 0;
      const failed: unknown[] = [];
      for (const { id, pending, e2e, cents } of due) {
        if (!pending || !e2e) continue;
        try {
          const asked = { paymentEndToEndId: e2e, refundId: pending.refundId, amountCents: cents };
          const reading = await pix.readRefund(asked);
          if (await settle(id, pending, reading ?? { status: 'missing' })) settled += 1;
        } catch (error) {
          failed.push(error);
        }
      }
      if (failed.length > 0) throw new AggregateError(failed, `${failed.length} devolução(ões) não lida(s)`);
      return settled;
    },
  };
}

interface RefundInput {
  reason: string;
  endToEndId?: string;
}
