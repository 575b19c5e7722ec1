import { formatPrice } from '@shared/money';
import { type PayoutState, payoutStateLabels, payoutStates } from '@shared/payout-process';
import { type PayoutDesk, type PayoutView, payoutMessages as pm } from '@shared/payouts';
import { isAdmin } from '@shared/permissions';
import { formatPixKey } from '@shared/pix';
import { and, asc, desc, eq, gte, sql } from 'drizzle-orm';
import type { Viewer } from '../../auth/session';
import type { Db } from '../../db/client';
import { payoutSwitches, payouts, trades, users } from '../../db/schema';
import { AppError } from '../../errors';
import { recordAudit } from '../audit/record';
import type { PayoutProvider } from './provider';
import { maskedPayoutKey, splitPayoutKey } from './view';

type PayoutRow = typeof payouts.$inferSelect;

const brasiliaTime = (at: Date) =>
  at.toLocaleTimeString('pt-BR', { timeZone: 'America/Sao_Paulo', hour: '2-digit', minute: '2-digit' });
const brasiliaDateTime = (at: Date) =>
  at.toLocaleString('pt-BR', { timeZone: 'America/Sao_Paulo', dateStyle: 'short', timeStyle: 'short' });

/** The payout's timeline, as the seller reads it ("Repasse enviado às 14:03 · E2E …"). */
function timelineOf(p: PayoutRow, key: string | null) {
  const steps: { at: Date; text: string }[] = [
    {
      at: p.dueAt,
      text: `Repasse devido: ${formatPrice(p.amountCents)} para a chave ${key ?? '(sem chave PIX)'}`,
    },
  ];
  if (p.heldUntil) {
    steps.push({
      at: p.assessedAt ?? p.dueAt,
      text: `Retido por segurança até ${brasiliaDateTime(p.heldUntil)} (${p.holdReason ?? 'regra de risco'})`,
    });
  }
  if (p.sendingAt) steps.push({ at: p.sendingAt, text: `Enviado ao PSP às ${brasiliaTime(p.sendingAt)}` });
  if (p.failedAt && p.failureReason) {
    steps.push({ at: p.failedAt, text: `Não realizado: ${p.failureReason}` });
  }
  if (p.paidAt && p.endToEndId) {
    steps.push({ at: p.paidAt, text: `Repasse enviado às ${brasiliaTime(p.paidAt)} · E2E ${p.endToEndId}` });
  }
  return steps
    .sort((a, b) => a.at.getTime() - b.at.getTime())
    .map((s) => ({ at: s.at.toISOString(), text: s.text }));
}

function viewOf(p: PayoutRow, listingTitle: string, fullKey: boolean): PayoutView {
  const split = splitPayoutKey(p.pixKey);
  const key = split ? (fullKey ? formatPixKey(split.type, split.key) : maskedPayoutKey(p.pixKey)) : null;
  return {
    tradeId: p.tradeId,
    listingTitle,
    state: p.state,
    stateLabel: payoutStateLabels[p.state],
    amountCents: p.amountCents,
    pixKey: key,
    pspId: p.pspId,
    dueAt: p.dueAt.toISOString(),
    heldUntil: p.state === 'held' && p.heldUntil ? p.heldUntil.toISOString() : null,
    holdReason: p.state === 'held' ? p.holdReason : null,
    failureReason: p.failureReason,
    endToEndId: p.endToEndId,
    paidAt: p.paidAt?.toISOString() ?? null,
    secondsToPay: p.paidAt ? Math.max(0, Math.round((p.paidAt.getTime() - p.dueAt.getTime()) / 1000)) : null,
    timeline: timelineOf(p, key),
  };
}

/** States on 'Repasses', the failures first (what needs a person), then what waits, then what is under way. */
const deskOrder: readonly PayoutState[] = ['failed', 'manual', 'held', 'due', 'sending'];

/**
 * The payouts' people-facing side (decision 028): the seller's payout on the trade and on /pagamentos, and the
 * admins' 'Repasses' (by state, failures first, the day's totals, the kill switch, a hold released early, a
 * failed payout taken to be paid by hand). Every staff step is an admin's, audited.
 */
export function createPayoutsService(deps: { db: Db; provider: PayoutProvider; now: () => Date }) {
  const { db, provider, now } = deps;

  const assertAdmin = (viewer: Viewer) => {
    if (!isAdmin(viewer)) throw AppError.forbidden();
  };

  async function switchRow() {
    const [row] = await db.select().from(payoutSwitches).where(eq(payoutSwitches.id, 1));
    return row ?? null;
  }

  async function setPaused(viewer: Viewer, paused: boolean, reason: string | null) {
    assertAdmin(viewer);
    const at = now();
    await db.transaction(async (tx) => {
      await tx
        .insert(payoutSwitches)
        .values({ id: 1, paused, reason, changedBy: viewer.userId, changedAt: at })
        .onConflictDoUpdate({
          target: payoutSwitches.id,
          set: { paused, reason, changedBy: viewer.userId, changedAt: at },
        });
      await recordAudit(tx, {
        actorId: viewer.userId,
        action: paused ? 'payout.pause' : 'payout.resume',
        targetType: 'payouts',
        targetId: 'switch',
        details: { reason },
      });
    });
  }

  /** One staff step on a trade's payout: `from` → `to`, guarded, audited with its reason. */
  async function step(
    viewer: Viewer,
    tradeId: number,
    input: { from: PayoutState; to: PayoutState; action: string; reason: string | null; refused: string },
  ) {
    assertAdmin(viewer);
    const at = now();
    await db.transaction(async (tx) => {
      // The trade's row first, then the payout's (the order of every payout step).
      await tx.select({ id: trades.id }).from(trades).where(eq(trades.id, tradeId)).for('update');
      const [moved] = await tx
        .update(payouts)
        .set({ state: input.to, updatedAt: at, ...(input.to === 'due' && { heldUntil: null }) })
        .where(and(eq(payouts.tradeId, tradeId), eq(payouts.state, input.from)))
        .returning({ pspId: payouts.pspId, amountCents: payouts.amountCents });
      if (!moved) throw new AppError('CONFLICT', input.refused);
      await recordAudit(tx, {
        actorId: viewer.userId,
        action: input.action,
        targetType: 'trade',
        targetId: tradeId,
        details: { reason: input.reason, pspId: moved.pspId, amountCents: moved.amountCents },
      });
    });
  }

  return {
    /** The trade's payout: its seller or an admin (anyone else: 403; a trade with no payout yet: 404). */
    async forTrade(viewer: Viewer, tradeId: number): Promise<PayoutView> {
      const [row] = await db
        .select({ payout: payouts, sellerId: trades.sellerId, listingTitle: trades.listingTitle })
        .from(payouts)
        .innerJoin(trades, eq(trades.id, payouts.tradeId))
        .where(eq(payouts.tradeId, tradeId));
      const admin = isAdmin(viewer);
      if (!row) {
        const [trade] = await db
          .select({ sellerId: trades.sellerId })
          .from(trades)
          .where(eq(trades.id, tradeId));
        if (!trade || (!admin && trade.sellerId !== viewer.userId)) throw AppError.forbidden();
        throw new AppError('NOT_FOUND', pm.notFound);
      }
      if (!admin && row.sellerId !== viewer.userId) throw AppError.forbidden();
      return viewOf(row.payout, row.listingTitle, admin);
    },

    /** The viewer's own payouts, newest first (/pagamentos). */
    async mine(viewer: Viewer): Promise<{ payouts: PayoutView[] }> {
      const rows = await db
        .select({ payout: payouts, listingTitle: trades.listingTitle })
        .from(payouts)
        .innerJoin(trades, eq(trades.id, payouts.tradeId))
        .where(eq(trades.sellerId, viewer.userId))
        .orderBy(desc(payouts.dueAt))
        .limit(50);
      return { payouts: rows.map((r) => viewOf(r.payout, r.listingTitle, false)) };
    },

    /** 'Repasses' (admins): counts by state, the payouts of one state or all on the desk, failures first. */
    async desk(viewer: Viewer, query: { state?: PayoutState }): Promise<PayoutDesk> {
      assertAdmin(viewer);
      const at = now();
      const dayStart = new Date(
        `${at.toLocaleDateString('en-CA', { timeZone: 'America/Sao_Paulo' })}T00:00:00-03:00`,
      );
      const states = query.state ? [query.state] : deskOrder;
      const order = sql`array_position(array[${sql.join(
        states.map((s) => sql`${s}`),
        sql`, `,
      )}]::payout_state[], ${payouts.state})`;
      const [counts, [today], rows, sw] = await Promise.all([
        db
          .select({ state: payouts.state, n: sql<number>`count(*)::int` })
          .from(payouts)
          .groupBy(payouts.state),
        db
          .select({
            n: sql<number>`count(*)::int`,
            cents: sql<number>`coalesce(sum(${payouts.amountCents}), 0)::int`,
          })
          .from(payouts)
          .where(and(eq(payouts.state, 'paid'), gte(payouts.paidAt, dayStart))),
        db
          .select({ payout: payouts, listingTitle: trades.listingTitle, sellerName: users.name })
          .from(payouts)
          .innerJoin(trades, eq(trades.id, payouts.tradeId))
          .innerJoin(users, eq(users.id, trades.sellerId))
          .where(
            sql`${payouts.state} in (${sql.join(
              states.map((s) => sql`${s}`),
              sql`, `,
            )})`,
          )
          .orderBy(order, asc(payouts.dueAt))
          .limit(200),
        switchRow(),
      ]);
      return {
        automatic: provider.automatic,
        provider: provider.kind,
        paused: sw?.paused ?? false,
        pausedReason: sw?.paused ? sw.reason : null,
        pausedAt: sw?.paused && sw.changedAt ? sw.changedAt.toISOString() : null,
        counts: Object.fromEntries(
          payoutStates.map((s) => [s, counts.find((c) => c.state === s)?.n ?? 0]),
        ) as PayoutDesk['counts'],
        today: { paidCount: today?.n ?? 0, paidCents: today?.cents ?? 0 },
        payouts: rows.map((r) => ({
          ...viewOf(r.payout, r.listingTitle, true),
          sellerName: r.sellerName,
          holderName: r.payout.holderName,
        })),
      };
    },

    /** The kill switch: no payout is sent until an admin resumes (a send already out still gets booked). */
    pause: (viewer: Viewer, reason: string) => setPaused(viewer, true, reason),
    resume: (viewer: Viewer) => setPaused(viewer, false, null),

    /** `release_hold`: an admin ends a risk hold early, with a reason. */
    releaseHold: (viewer: Viewer, tradeId: number, reason: string) =>
      step(viewer, tradeId, {
        from: 'held',
        to: 'due',
        action: 'payout.hold_release',
        reason,
        refused: pm.notHeld,
      }),

    /** `take_by_hand`: a failed payout leaves the sender for an admin to pay from the bank. */
    takeByHand: (viewer: Viewer, tradeId: number) =>
      step(viewer, tradeId, {
        from: 'failed',
        to: 'manual',
        action: 'payout.take_by_hand',
        reason: null,
        refused: pm.notFailed,
      }),
  };
}

export type PayoutsService = ReturnType<typeof createPayoutsService>;
