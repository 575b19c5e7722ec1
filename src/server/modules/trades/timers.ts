import { tradeMessages as m } from '@shared/trade-messages';
import { TRADE_TIMERS } from '@shared/trade-rules';
import { finishedTradeStates, type TradeState } from '@shared/trades';
import { and, asc, eq, isNotNull, lte, notInArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { trades } from '../../db/schema';
import { AppError } from '../../errors';
import { addHours, recordEvent, resolveTicket, transition } from './transitions';

/** What happens when the timer of each state runs out (docs/decisions/010-trades.md, "Timers"). */
const expiry: Record<string, { action: 'cancel' | 'flag' | 'auto_confirm'; text: string }> = {
  awaiting_value: {
    action: 'cancel',
    text: `Cancelada automaticamente: o vendedor não confirmou o valor em ${TRADE_TIMERS.valueConfirmationHours} horas`,
  },
  awaiting_payment: {
    action: 'cancel',
    text: `Cancelada automaticamente: o pagamento não foi confirmado em ${TRADE_TIMERS.paymentHours} horas`,
  },
  awaiting_delivery: {
    action: 'flag',
    text: `Alerta à equipe: o vendedor não marcou a entrega em ${TRADE_TIMERS.deliveryMarkHours} horas após o pagamento`,
  },
  delivered: {
    action: 'auto_confirm',
    text: `Entrega confirmada automaticamente: ${TRADE_TIMERS.buyerConfirmationHours} horas sem resposta do comprador`,
  },
  awaiting_release: {
    action: 'flag',
    text: `Alerta à equipe: o pagamento não foi liberado em ${TRADE_TIMERS.releaseHours} horas após a entrega`,
  },
};

/**
 * The trades' timers: each trade keeps the deadline of its current state in `deadline_at`, and every server
 * process sweeps the due ones now and then. Each expiry is one transaction guarded by the state and the
 * deadline, so two processes sweeping at once act once, and a restart loses nothing (decision 010).
 */
export function createTradeTimers({
  db,
  now,
  recheckPayment,
}: {
  db: Db;
  now: () => Date;
  /**
   * With API Pix: asks the PSP again about a charge still waiting (a webhook lost to a failure or never sent
   * must not leave a paid trade unpaid).
   */
  recheckPayment?: (txid: string) => Promise<boolean>;
}) {
  async function fire(tradeId: number, state: TradeState, at: Date): Promise<void> {
    const rule = expiry[state];
    if (!rule) return;
    await db.transaction(async (tx) => {
      if (rule.action === 'flag') {
        const [row] = await tx
          .update(trades)
          .set({ flaggedAt: at, deadlineAt: null })
          .where(and(eq(trades.id, tradeId), eq(trades.state, state), lte(trades.deadlineAt, at)))
          .returning({ id: trades.id });
        if (!row) throw new AppError('CONFLICT', m.stateChanged);
        await recordEvent(tx, tradeId, null, 'flagged', rule.text, at);
        return;
      }
      if (rule.action === 'auto_confirm') {
        await transition(tx, {
          tradeId,
          from: [state],
          to: 'awaiting_release',
          dueBy: at,
          changes: {
            deliveryConfirmedAt: at,
            deliveryAutoConfirmed: true,
            deadlineAt: addHours(at, TRADE_TIMERS.releaseHours),
          },
          event: { kind: 'delivery_auto_confirmed', actorId: null, detail: rule.text },
          now: at,
        });
        return;
      }
      const row = await transition(tx, {
        tradeId,
        from: [state],
        to: 'cancelled',
        dueBy: at,
        changes: { cancelReason: rule.text, deadlineAt: null },
        event: { kind: 'expired', actorId: null, detail: rule.text },
        now: at,
      });
      await resolveTicket(tx, row, rule.text, at);
    });
  }

  return {
    /** Acts on every trade whose deadline passed by `at` (and on charges the PSP says are paid); returns how many changed. */
    async sweep(at: Date = now()): Promise<number> {
      const due = await db
        .select({ id: trades.id, state: trades.state })
        .from(trades)
        .where(and(lte(trades.deadlineAt, at), notInArray(trades.state, [...finishedTradeStates])))
        .orderBy(asc(trades.deadlineAt))
        .limit(500);
      let changed = 0;
      if (recheckPayment) {
        const waiting = await db
          .select({ txid: trades.pixTxid })
          .from(trades)
          .where(and(eq(trades.state, 'awaiting_payment'), isNotNull(trades.pixTxid)))
          .limit(200);
        for (const w of waiting) {
          // A PSP that is down now is asked again at the next sweep; the deadlines below still run.
          if (await recheckPayment(w.txid as string).catch(() => false)) changed++;
        }
      }
      for (const t of due) {
        try {
          await fire(t.id, t.state, at);
          changed++;
        } catch (error) {
          // Another process or a party's step got there first: nothing to do.
          if (!(error instanceof AppError && error.code === 'CONFLICT')) throw error;
        }
      }
      return changed;
    },
  };
}

export type TradeTimers = ReturnType<typeof createTradeTimers>;

/** Sweeps every `seconds` in this process; returns the stop function (a sweep under way finishes). */
export function startTradeTimers(timers: TradeTimers, seconds: number, log: FastifyBaseLogger) {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = running
      .then(() => timers.sweep())
      .then((n) => n > 0 && log.info({ changed: n }, 'trade timers swept'))
      .catch((error) => log.error({ err: error }, 'trade timers sweep failed'));
  }, seconds * 1000);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
