import { tradeMessages as m } from '@shared/trade-messages';
import { paidTradeStates } from '@shared/trades';
import { eq } from 'drizzle-orm';
import type { Viewer } from '../../auth/session';
import type { Db } from '../../db/client';
import { trades } from '../../db/schema';
import { AppError } from '../../errors';
import { recordAudit } from '../audit/record';
import { createRefunds } from './refunds';
import { assertMay, type Seat, seatIn } from './seat';
import type { TradesDeps } from './service';
import { applyTransition, type TradeRow } from './transitions';

/**
 * The steps that move money (admins only, decision 017; the PSP for an API Pix payment): confirming the buyer's
 * payment, paying the seller's due payout, refunding the buyer. Each writes an audit row with the money it moved.
 */
export function createMoneySteps(deps: TradesDeps) {
  const { db, ledger, pix, sealer, now } = deps;
  const audit = (tx: Db, viewer: Viewer, action: string, t: TradeRow, details: Record<string, unknown>) =>
    recordAudit(tx, {
      actorId: viewer.userId,
      action,
      targetType: 'trade',
      targetId: t.id,
      details: { amountCents: t.amountCents, ...details },
    });

  async function markPaid(
    tx: Db,
    trade: TradeRow,
    input: { actorId: string | null; endToEndId: string | null; byStaff: boolean },
  ): Promise<TradeRow> {
    return applyTransition(tx, ledger, {
      name: 'confirm_payment',
      trade,
      actorId: input.actorId,
      byStaff: input.byStaff,
      detail: input.actorId
        ? 'Pagamento confirmado pelo intermediador'
        : `Pagamento confirmado automaticamente pelo PSP (E2E ${input.endToEndId})`,
      endToEndId: input.endToEndId,
      now: now(),
      // An instant-delivery trade's code is sealed for it as the payment is confirmed (deliver_code).
      sealer,
    });
  }

  const refunds = createRefunds(deps);
  const { refund } = refunds;

  return {
    refund,
    settlePendingRefunds: refunds.settlePendingRefunds,

    /** Step 2 by an admin (manual provider, or when the PSP's confirmation did not arrive). */
    async confirmPayment(viewer: Viewer, id: number, endToEndId: string | undefined): Promise<TradeRow> {
      return db.transaction(async (tx) => {
        const s = await seatIn(tx, viewer, id);
        assertMay(s, 'confirm_payment');
        const row = await markPaid(tx, s.trade, {
          actorId: viewer.userId,
          endToEndId: endToEndId ?? null,
          byStaff: s.role === 'intermediador',
        });
        await audit(tx, viewer, 'trade.payment_confirm', s.trade, { endToEndId: endToEndId ?? null });
        return row;
      });
    },

    /**
     * Step 2 by the PSP (API Pix webhook): the webhook only names a txid; the charge is read back from the PSP and
     * must be paid for exactly the trade's amount. Anything else changes nothing. True when this call confirmed it.
     */
    async confirmPaymentFromProvider(txid: string): Promise<boolean> {
      const [trade] = await db.select().from(trades).where(eq(trades.pixTxid, txid));
      if (trade?.state !== 'awaiting_payment') return false;
      const paid = await pix.confirmedPayment(txid, trade.amountCents);
      if (!paid) return false;
      return db.transaction(async (tx) => {
        try {
          await markPaid(tx, trade, {
            actorId: null,
            endToEndId: paid.endToEndId,
            byStaff: false,
          });
          return true;
        } catch (error) {
          if (error instanceof AppError && error.code === 'CONFLICT') return false;
          throw error;
        }
      });
    },

    /**
     * Step 4: an admin pays the due payout to the key fixed on the trade when it became due (never the seller's
     * default of today) and records the transfer's E2E id (the process says the rest: stock −1, 'sold' at 0…).
     */
    async release(viewer: Viewer, id: number, endToEndId: string): Promise<TradeRow> {
      return db.transaction(async (tx) => {
        // Locked: a devolução of the trade marked under way (refunds.ts) and this payout never both go out.
        const s: Seat = await seatIn(tx, viewer, id, true);
        assertMay(s, 'release');
        if (s.trade.refundPending) throw new AppError('CONFLICT', m.refundInProgress);
        // Only to the key fixed on the trade, the one the admin was shown (a seller without a key when the payout
        // became due gets it fixed by pix-keys when they set one).
        if (!s.trade.payoutPixKey) {
          throw new AppError('CONFLICT', m.pixKeyRequired, { endToEndId: m.payoutKeyMissing });
        }
        const row = await applyTransition(tx, ledger, {
          name: 'release',
          trade: s.trade,
          actorId: viewer.userId,
          byStaff: s.role === 'intermediador',
          detail: `Pagamento liberado ao vendedor (E2E ${endToEndId})`,
          endToEndId,
          now: now(),
        });
        await audit(tx, viewer, 'trade.release', row, {
          endToEndId,
          payoutPixKey: row.payoutPixKey,
          payoutHolderName: row.payoutHolderName,
        });
        return row;
      });
    },

    /** Before payment any party or staff cancels; after it only admins, and that refunds the buyer. */
    async cancel(viewer: Viewer, id: number, input: { reason: string; endToEndId?: string }) {
      const { trade } = await seatIn(db, viewer, id);
      if (paidTradeStates.includes(trade.state)) {
        await refund(viewer, id, 'cancel', input);
        return;
      }
      return db.transaction(async (tx) => {
        const s = await seatIn(tx, viewer, id);
        const [name] = assertMay(s, 'cancel');
        if (name !== 'cancel') throw new AppError('CONFLICT', m.stateChanged);
        const row = await applyTransition(tx, ledger, {
          name,
          trade: s.trade,
          actorId: viewer.userId,
          detail: `Cancelada: ${input.reason}`,
          reason: input.reason,
          now: now(),
        });
        if (s.role === 'intermediador')
          await audit(tx, viewer, 'trade.cancel', row, { reason: input.reason });
        return row;
      });
    },
  };
}
