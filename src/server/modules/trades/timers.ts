import { paths } from '@shared/paths';
import { tradeMessages as m } from '@shared/trade-messages';
import { type TradeState, type TradeTransitionName, tradeTimers, tradeWarnings } from '@shared/trade-process';
import { finishedTradeStates } from '@shared/trades';
import { and, asc, eq, gt, inArray, isNull, lte, notInArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { trades } from '../../db/schema';
import { AppError } from '../../errors';
import type { Ledger } from '../ledger/service';
import { notify } from '../notifications/service';
import { addHours, applyTransition, recordEvent, type TradeRow } from './transitions';

/** What a timer's transition writes beside the state (the process says which transition; decision 020). */
const timerChanges = (leadsTo: TradeTransitionName, text: string, at: Date) =>
  leadsTo === 'expire'
    ? { cancelReason: text }
    : leadsTo === 'auto_confirm_delivery'
      ? { deliveryConfirmedAt: at, deliveryAutoConfirmed: true }
      : {};

const warnedStates = Object.keys(tradeWarnings) as TradeState[];
const longestWarning = Math.max(...Object.values(tradeWarnings).map((w) => w.hours));

const whenText = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  dateStyle: 'short',
  timeStyle: 'short',
});

/**
 * The trades' timers: each trade keeps the deadline of its current state in `deadline_at`, and the jobs layer
 * sweeps the due ones now and then (jobs/trade-timers.ts). Each expiry is one transaction guarded by the state and the
 * deadline, so two processes sweeping at once act once, and a restart loses nothing (decision 010).
 */
export function createTradeTimers({ db, ledger, now }: { db: Db; ledger: Ledger; now: () => Date }) {
  async function fire(
    trade: Pick<TradeRow, 'id' | 'state' | 'listingId' | 'listingKind' | 'sellerId'>,
    at: Date,
  ) {
    const timer = tradeTimers[trade.state];
    if (!timer) return;
    await db.transaction(async (tx) => {
      if (timer.leadsTo === 'flag') {
        const [row] = await tx
          .update(trades)
          .set({ flaggedAt: at, deadlineAt: null })
          .where(and(eq(trades.id, trade.id), eq(trades.state, trade.state), lte(trades.deadlineAt, at)))
          .returning({ id: trades.id });
        if (!row) throw new AppError('CONFLICT', m.stateChanged);
        await recordEvent(tx, trade.id, null, 'flagged', timer.text, at);
        return;
      }
      await applyTransition(tx, ledger, {
        name: timer.leadsTo,
        trade,
        actorId: null,
        detail: timer.text,
        changes: timerChanges(timer.leadsTo, timer.text, at),
        dueBy: at,
        now: at,
      });
    });
  }

  /** Tells the party who must act that the deadline is near, once per state (the guard on `warned_at`). */
  async function warn(at: Date): Promise<number> {
    const soon = await db
      .select()
      .from(trades)
      .where(
        and(
          inArray(trades.state, warnedStates),
          isNull(trades.warnedAt),
          gt(trades.deadlineAt, at),
          lte(trades.deadlineAt, addHours(at, longestWarning)),
        ),
      )
      .limit(500);
    let warned = 0;
    for (const t of soon) {
      const warning = tradeWarnings[t.state];
      const deadline = t.deadlineAt as Date;
      if (!warning || deadline > addHours(at, warning.hours)) continue;
      await db.transaction(async (tx) => {
        const [row] = await tx
          .update(trades)
          .set({ warnedAt: at })
          .where(and(eq(trades.id, t.id), eq(trades.state, t.state), isNull(trades.warnedAt)))
          .returning({ id: trades.id });
        if (!row) return;
        await notify(tx, {
          userId: warning.who === 'vendedor' ? t.sellerId : t.buyerId,
          kind: 'timer_warning',
          title: `Intermediação #${t.id}: prazo perto do fim`,
          body: `${warning.text} até ${whenText.format(deadline)}.`,
          link: paths.trade(t.id),
        });
        warned++;
      });
    }
    return warned;
  }

  return {
    /**
     * Acts on every trade whose deadline passed by `at`, then warns of the deadlines that are near; returns how
     * many trades it changed or warned about. (API Pix charges are asked about by their own job.)
     */
    async sweep(at: Date = now()): Promise<number> {
      const due = await db
        .select({
          id: trades.id,
          state: trades.state,
          listingId: trades.listingId,
          listingKind: trades.listingKind,
          sellerId: trades.sellerId,
        })
        .from(trades)
        .where(and(lte(trades.deadlineAt, at), notInArray(trades.state, [...finishedTradeStates])))
        .orderBy(asc(trades.deadlineAt))
        .limit(500);
      let changed = 0;
      for (const t of due) {
        try {
          await fire(t, at);
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
