import { formatPrice } from '@shared/money';
import { paths } from '@shared/paths';
import { fillPayoutText, payoutTransitions } from '@shared/payout-process';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { payouts, trades } from '../../db/schema';
import { createLedger } from '../ledger/service';
import { type NotifyInput, notifyMany } from '../notifications/service';
import { applyTransition } from '../trades/transitions';
import type { PayoutReading } from './provider';
import { maskedPayoutKey } from './view';

type PayoutRow = typeof payouts.$inferSelect;
type TradeRow = typeof trades.$inferSelect;

/** What `recordPayoutResult` did: `booked` (paid now), `failed` (refused now), or nothing (a replay, processing). */
export type PayoutRecorded = 'booked' | 'failed' | 'unchanged';

/** The notices a payout transition declares (payout-process.ts), filled for this payout and trade. */
export function payoutNotices(
  notify: (typeof payoutTransitions)[keyof typeof payoutTransitions] extends infer T
    ? T extends { notify: infer N }
      ? N
      : never
    : never,
  trade: Pick<TradeRow, 'id' | 'buyerId' | 'sellerId' | 'listingTitle'>,
  values: Record<string, string>,
): NotifyInput[] {
  const people = { vendedor: trade.sellerId, comprador: trade.buyerId } as const;
  return Object.entries(notify).map(([role, notice]) => ({
    userId: people[role as keyof typeof people],
    kind: notice.kind,
    title: `Intermediação #${trade.id}: ${trade.listingTitle}`,
    body: fillPayoutText(notice.text, values),
    link: paths.trade(trade.id),
  }));
}

/**
 * Books what the PSP says of the send `pspId` (its reply, its webhook, a read-back): the payout process's
 * `confirm` (paid: the trade's `release_by_psp` with the E2E id, the ledger's release and payout only now) or
 * `refuse` (failed: back on the desk, the seller told what to fix). Idempotent: each step is guarded by the payout
 * being `sending` under this very id, so a replay, a late answer for a spent id or a second process changes
 * nothing. `processing` changes nothing either (the read-back timer asks again).
 */
export async function recordPayoutResult(
  db: Db,
  pspId: string,
  reading: PayoutReading,
  now: () => Date = () => new Date(),
): Promise<PayoutRecorded> {
  if (reading.status === 'processing') return 'unchanged';
  const [found] = await db
    .select({ tradeId: payouts.tradeId, state: payouts.state })
    .from(payouts)
    .where(eq(payouts.pspId, pspId));
  if (found?.state !== 'sending') return 'unchanged';
  return db.transaction(async (tx) => {
    // The trade's row first, then the payout's: the order of every payout step (never a cycle).
    const [trade] = await tx.select().from(trades).where(eq(trades.id, found.tradeId)).for('update');
    const [payout] = await tx
      .select()
      .from(payouts)
      .where(and(eq(payouts.pspId, pspId), eq(payouts.state, 'sending')))
      .for('update');
    if (!trade || !payout) return 'unchanged';
    const at = now();
    if (reading.status === 'refused') return refused(tx, trade, payout, reading.reason, at);
    if (reading.amountCents !== payout.amountCents) {
      // Not what was asked: the booking waits for staff (the desk shows the note), the read-back stops.
      await tx
        .update(payouts)
        .set({
          failureReason: `O PSP informou ${formatPrice(reading.amountCents)} pagos, não ${formatPrice(payout.amountCents)}: confira no extrato antes de qualquer passo.`,
          nextCheckAt: null,
          updatedAt: at,
        })
        .where(eq(payouts.id, payout.id));
      return 'unchanged';
    }
    await tx
      .update(payouts)
      .set({
        state: 'paid',
        endToEndId: reading.endToEndId,
        paidAt: reading.paidAt,
        nextCheckAt: null,
        failureReason: null,
        updatedAt: at,
      })
      .where(and(eq(payouts.id, payout.id), eq(payouts.state, 'sending')));
    await applyTransition(tx, createLedger(tx), {
      name: 'release_by_psp',
      trade,
      actorId: null,
      detail: `Repasse enviado ao vendedor pelo PSP (E2E ${reading.endToEndId})`,
      endToEndId: reading.endToEndId,
      now: at,
    });
    await notifyMany(
      tx,
      payoutNotices(payoutTransitions.confirm.notify, trade, {
        valor: formatPrice(payout.amountCents),
        chave: maskedPayoutKey(payout.pixKey) ?? '—',
        e2e: reading.endToEndId,
      }),
    );
    return 'booked';
  });
}

async function refused(
  tx: Db,
  trade: TradeRow,
  payout: PayoutRow,
  reason: string,
  at: Date,
): Promise<PayoutRecorded> {
  await tx
    .update(payouts)
    .set({ state: 'failed', failureReason: reason, failedAt: at, nextCheckAt: null, updatedAt: at })
    .where(and(eq(payouts.id, payout.id), eq(payouts.state, 'sending')));
  await notifyMany(
    tx,
    payoutNotices(payoutTransitions.refuse.notify, trade, {
      valor: formatPrice(payout.amountCents),
      motivo: reason.replace(/\.$/, ''),
    }),
  );
  return 'failed';
}
