import { tradeMessages as m } from '@shared/trade-messages';
import { TRADE_TIMERS, TRADE_WARNING_HOURS } from '@shared/trade-rules';
import { finishedTradeStates, type TradeState } from '@shared/trades';
import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, notInArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { trades } from '../../db/schema';
import { AppError } from '../../errors';
import { notify } from '../notifications/service';
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

/** Who must act before each deadline, and what they are told. */
const warnings: Record<keyof typeof TRADE_WARNING_HOURS, { who: 'seller' | 'buyer'; text: string }> = {
  awaiting_value: { who: 'seller', text: 'Confirme o valor da transação, ou ela será cancelada,' },
  awaiting_payment: { who: 'buyer', text: 'Faça o pagamento PIX, ou a intermediação será cancelada,' },
  awaiting_delivery: { who: 'seller', text: 'Entregue o produto e marque a entrega na sala' },
  delivered: {
    who: 'buyer',
    text: 'Confirme o recebimento ou abra uma disputa; sem resposta, a entrega será confirmada automaticamente',
  },
};

const whenText = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  dateStyle: 'short',
  timeStyle: 'short',
});

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

  /** Tells the party who must act that the deadline is near, once per state (the guard on `warned_at`). */
  async function warn(at: Date): Promise<number> {
    const soon = await db
      .select()
      .from(trades)
      .where(
        and(
          inArray(trades.state, Object.keys(TRADE_WARNING_HOURS) as TradeState[]),
          isNull(trades.warnedAt),
          gt(trades.deadlineAt, at),
          lte(trades.deadlineAt, addHours(at, Math.max(...Object.values(TRADE_WARNING_HOURS)))),
        ),
      )
      .limit(500);
    let warned = 0;
    for (const t of soon) {
      const warning = warnings[t.state as keyof typeof TRADE_WARNING_HOURS];
      const deadline = t.deadlineAt as Date;
      if (
        !warning ||
        deadline > addHours(at, TRADE_WARNING_HOURS[t.state as keyof typeof TRADE_WARNING_HOURS])
      )
        continue;
      await db.transaction(async (tx) => {
        const [row] = await tx
          .update(trades)
          .set({ warnedAt: at })
          .where(and(eq(trades.id, t.id), eq(trades.state, t.state), isNull(trades.warnedAt)))
          .returning({ id: trades.id });
        if (!row) return;
        await notify(tx, {
          userId: warning.who === 'seller' ? t.sellerId : t.buyerId,
          kind: 'timer_warning',
          title: `Intermediação #${t.id}: prazo perto do fim`,
          body: `${warning.text} até ${whenText.format(deadline)}.`,
          link: `/intermediacao/${t.id}`,
        });
        warned++;
      });
    }
    return warned;
  }

  return {
    /**
     * Acts on every trade whose deadline passed by `at` (and on charges the PSP says are paid), then warns of the
     * deadlines that are near; returns how many trades it changed or warned about.
     */
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
      return changed + (await warn(at));
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
