import { paths } from '@shared/paths';
import { tradeMessages as m } from '@shared/trade-messages';
import { isWarning, type TradeTimer, type TradeTransitionName, timerNamed } from '@shared/trade-process';
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { trades } from '../../db/schema';
import { AppError } from '../../errors';
import type { Ledger } from '../ledger/service';
import { notify } from '../notifications/service';
import { applyTransition, recordEvent, type TradeRow, timerDue } from './transitions';

const whenText = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  dateStyle: 'short',
  timeStyle: 'short',
});

type DueTrade = Pick<
  TradeRow,
  'id' | 'state' | 'listingId' | 'listingKind' | 'sellerId' | 'instantDelivery' | 'timers'
>;

/**
 * The trades' timers (decision 020): entering a state writes its timers on the trade (`timers`, the first of them in
 * `next_timer_at`), and the jobs layer sweeps the due ones now and then (jobs/trade-timers.ts). Each firing is one
 * transaction guarded by the state and by the timer still pending and due, so two processes sweeping at once act
 * once, a step in between wins, and a restart loses nothing.
 */
export function createTradeTimers({ db, ledger, now }: { db: Db; ledger: Ledger; now: () => Date }) {
  /**
   * A timer that leaves the trade in its state (a flag, a warning, or one the process no longer has): it is taken
   * off the trade's timers, and the flag stamped or the warning sent. Answers whether it changed anything.
   */
  async function fireInPlace(
    tx: Db,
    trade: DueTrade,
    name: string,
    timer: TradeTimer<TradeTransitionName> | undefined,
    at: Date,
  ) {
    const rest = sql`(${trades.timers} - ${name}::text)`;
    const [row] = await tx
      .update(trades)
      .set({
        timers: rest,
        nextTimerAt: sql`(select min(value::timestamptz) from jsonb_each_text(${rest}))`,
        ...(timer?.leadsTo === 'flag' && { flaggedAt: at, deadlineAt: null }),
      })
      .where(and(eq(trades.id, trade.id), eq(trades.state, trade.state), timerDue(name, at)))
      .returning();
    if (!row) throw new AppError('CONFLICT', m.stateChanged);
    if (!timer) return false;
    if (timer.leadsTo === 'flag') {
      await recordEvent(tx, trade.id, null, 'flagged', timer.text, at);
      return true;
    }
    // A warning only before the deadline it announces (a sweep that ran late finds it passed: nothing to say).
    if (!isWarning(timer) || !row.deadlineAt || row.deadlineAt <= at) return false;
    await notify(tx, {
      userId: timer.leadsTo.warn === 'vendedor' ? row.sellerId : row.buyerId,
      kind: 'timer_warning',
      title: `Intermediação #${row.id}: prazo perto do fim`,
      body: `${timer.text} até ${whenText.format(row.deadlineAt)}.`,
      link: paths.trade(row.id),
    });
    return true;
  }

  /** Fires one due timer of the trade; answers whether it changed anything a person sees. */
  function fire(trade: DueTrade, name: string, at: Date): Promise<boolean> {
    const timer = timerOf(trade, name);
    return db.transaction(async (tx) => {
      const leadsTo = transitionOf(timer);
      if (!timer || !leadsTo) return fireInPlace(tx, trade, name, timer, at);
      await applyTransition(tx, ledger, {
        name: leadsTo,
        trade,
        actorId: null,
        detail: timer.text,
        reason: timer.text,
        timer: name,
        now: at,
      });
      return true;
    });
  }

  return {
    /**
     * Fires every timer due by `at`, the earliest first; returns how many trades it changed or warned. (API Pix
     * charges are asked about by their own job.)
     */
    async sweep(at: Date = now()): Promise<number> {
      const due: DueTrade[] = await db
        .select({
          id: trades.id,
          state: trades.state,
          listingId: trades.listingId,
          listingKind: trades.listingKind,
          sellerId: trades.sellerId,
          instantDelivery: trades.instantDelivery,
          timers: trades.timers,
        })
        .from(trades)
        .where(lte(trades.nextTimerAt, at))
        .orderBy(asc(trades.nextTimerAt))
        .limit(500);
      let changed = 0;
      for (const trade of due) {
        const timers = Object.entries(trade.timers)
          .filter(([, when]) => new Date(when) <= at)
          .sort(([, a], [, b]) => Date.parse(a) - Date.parse(b));
        for (const [name] of timers) {
          try {
            if (await fire(trade, name, at)) changed++;
          } catch (error) {
            // Another process or a party's step got there first: nothing left to do on this trade.
            if (!(error instanceof AppError && error.code === 'CONFLICT')) throw error;
            break;
          }
          // A timer that took a transition left the state: the others stopped with it.
          if (transitionOf(timerOf(trade, name))) break;
        }
      }
      return changed;
    },
  };
}

/** The process's timer of that name, if it is one of the trade's state (else one the process no longer has). */
const timerOf = (trade: DueTrade, name: string) =>
  timerNamed[name]?.state === trade.state ? timerNamed[name] : undefined;

/** The transition a timer takes; none for a flag, a warning, or a timer the process no longer has. */
const transitionOf = (timer: TradeTimer<TradeTransitionName> | undefined): TradeTransitionName | null =>
  timer && typeof timer.leadsTo === 'string' && timer.leadsTo !== 'flag' ? timer.leadsTo : null;

export type TradeTimers = ReturnType<typeof createTradeTimers>;
