import { sellerShareCents } from '@shared/fees';
import { payoutIdFor } from '@shared/payout-process';
import { tradeMessages as m } from '@shared/trade-messages';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { payouts, type trades } from '../../db/schema';
import { AppError } from '../../errors';

/**
 * The trade's side of its payout (decision 028): the steps of the payout process the trade's own steps take, in
 * their transaction, after the trade's row is locked by its UPDATE (trade first, then payout: the order every
 * payout step keeps). The payouts module runs the rest (the sender, the PSP's answers, the desk); it reads the
 * trades module, never the other way round.
 */

type DueTrade = Pick<
  typeof trades.$inferSelect,
  'id' | 'amountCents' | 'feeRateBps' | 'payoutPixKey' | 'payoutHolderName'
>;

/**
 * `become_due`: the trade's payout is due now, for the seller's share, to the key fixed on the trade. A payout
 * withdrawn earlier (a dispute, since decided for the seller) comes back under a new PSP id: an id is never reused.
 */
export async function payoutBecomesDue(tx: Db, trade: DueTrade, at: Date): Promise<void> {
  const row = {
    amountCents: sellerShareCents(trade.amountCents, trade.feeRateBps),
    pixKey: trade.payoutPixKey,
    holderName: trade.payoutHolderName,
    dueAt: at,
    updatedAt: at,
  };
  await tx
    .insert(payouts)
    .values({ ...row, tradeId: trade.id, state: 'due', pspId: payoutIdFor(trade.id) })
    .onConflictDoUpdate({
      target: payouts.tradeId,
      set: {
        ...row,
        state: 'due',
        attempt: sql`${payouts.attempt} + 1`,
        pspId: sql`${payoutIdFor(trade.id)} || 'A' || (${payouts.attempt} + 1)::text`,
        assessedAt: null,
        heldUntil: null,
        holdReason: null,
        sendingAt: null,
        nextCheckAt: null,
        checks: 0,
        failedAt: null,
        failureReason: null,
      },
      setWhere: eq(payouts.state, 'withdrawn'),
    });
}

/**
 * `withdraw`: the trade leaves `awaiting_release` without paying (a dispute, a refund). A payout being sent may
 * already have left: the step is refused until the PSP answers.
 */
export async function withdrawPayout(tx: Db, tradeId: number, at: Date): Promise<void> {
  const [payout] = await tx
    .select({ state: payouts.state })
    .from(payouts)
    .where(eq(payouts.tradeId, tradeId))
    .for('update');
  if (!payout) return;
  if (payout.state === 'sending') throw new AppError('CONFLICT', m.payoutSending);
  await tx
    .update(payouts)
    .set({ state: 'withdrawn', updatedAt: at })
    .where(and(eq(payouts.tradeId, tradeId), inArray(payouts.state, ['due', 'held', 'failed', 'manual'])));
}

/**
 * `pay_by_hand`: an admin paid the payout from the bank and typed its E2E id (the manual provider, or a failed
 * payout taken by hand). Refused while it is held or being sent; a trade due before payouts existed has no row.
 */
export async function payoutPaidByHand(
  tx: Db,
  tradeId: number,
  input: { endToEndId: string; actorId: string; at: Date },
): Promise<void> {
  const [payout] = await tx
    .select({ state: payouts.state })
    .from(payouts)
    .where(eq(payouts.tradeId, tradeId))
    .for('update');
  if (!payout) return;
  if (payout.state === 'sending') throw new AppError('CONFLICT', m.payoutSending);
  if (payout.state === 'held') throw new AppError('CONFLICT', m.payoutHeld);
  const [paid] = await tx
    .update(payouts)
    .set({
      state: 'paid',
      endToEndId: input.endToEndId,
      paidAt: input.at,
      paidBy: input.actorId,
      updatedAt: input.at,
    })
    .where(and(eq(payouts.tradeId, tradeId), inArray(payouts.state, ['due', 'failed', 'manual'])))
    .returning({ id: payouts.id });
  if (!paid) throw new AppError('CONFLICT', m.stateChanged);
}
