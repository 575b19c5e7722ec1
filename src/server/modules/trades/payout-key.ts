import { payoutIdFor } from '@shared/payout-process';
import type { TradeState } from '@shared/trades';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { payouts, pixKeys, profiles, trades, users } from '../../db/schema';
import { recordAudit } from '../audit/record';

/**
 * The PIX key a trade's payout goes to (decision 020): fixed on the trade when its payout becomes due, from the
 * seller's default key then, and never changed afterwards. The pix-keys module calls here when a default changes;
 * only trades writes the payout columns.
 */

/** The seller's default key and the holder's registered name, as the payout will be sent to them. */
export async function payoutKeyOf(tx: Db, sellerId: string) {
  // KEY SHARE on the seller waits for a default-key change in flight (pix-keys locks the owner FOR UPDATE, then
  // fixes due payouts that have no key): the key read here is the one that change left, never one it replaces.
  await tx.select({ id: users.id }).from(users).where(eq(users.id, sellerId)).for('key share');
  const [key] = await tx
    .select({
      type: pixKeys.type,
      key: pixKeys.key,
      holder: sql<string>`coalesce(${profiles.fullName}, ${users.name})`,
    })
    .from(pixKeys)
    .innerJoin(users, eq(users.id, pixKeys.userId))
    .leftJoin(profiles, eq(profiles.id, pixKeys.userId))
    .where(and(eq(pixKeys.userId, sellerId), eq(pixKeys.isDefault, true)));
  return key ? { payoutPixKey: `${key.type}:${key.key}`, payoutHolderName: key.holder } : null;
}

/**
 * A seller's new default key, in the caller's transaction (the seller's row locked): a payout already due to them
 * with no key fixed (they had none when it became due) gets this one, audited per trade. A key already fixed on a
 * due payout is never changed: it is what the seller had chosen then.
 */
export async function fixDuePayoutKeys(
  tx: Db,
  sellerId: string,
  key: { type: string; key: string },
  at: Date,
): Promise<void> {
  const holder = sql<string>`(select coalesce(${profiles.fullName}, ${users.name}) from ${users}
    left join ${profiles} on ${profiles.id} = ${users.id} where ${users.id} = ${sellerId})`;
  const fixed = await tx
    .update(trades)
    .set({ payoutPixKey: `${key.type}:${key.key}`, payoutHolderName: holder, updatedAt: at })
    .where(
      and(eq(trades.sellerId, sellerId), eq(trades.state, 'awaiting_release'), isNull(trades.payoutPixKey)),
    )
    .returning({
      id: trades.id,
      payoutPixKey: trades.payoutPixKey,
      payoutHolderName: trades.payoutHolderName,
    });
  for (const trade of fixed) {
    await recordAudit(tx, {
      actorId: sellerId,
      action: 'trade.payout_key_set',
      targetType: 'trade',
      targetId: trade.id,
      details: { payoutPixKey: trade.payoutPixKey, payoutHolderName: trade.payoutHolderName },
    });
  }
  await retryFailedPayouts(tx, sellerId, key, holder, at, fixed);
}

/**
 * The payout process's `retry` (decision 028): a payout the PSP refused (the key not the seller's, a closed
 * account…) goes again to the new default key, under a new PSP id (the refused one is spent); a payout due with
 * no key takes it too. A payout due, held or being sent keeps its key: it is what the seller had chosen then.
 */
async function retryFailedPayouts(
  tx: Db,
  sellerId: string,
  key: { type: string; key: string },
  holder: ReturnType<typeof sql<string>>,
  at: Date,
  keyless: { id: number; payoutPixKey: string | null; payoutHolderName: string | null }[],
) {
  const failed = tx.select({ id: payouts.tradeId }).from(payouts).where(eq(payouts.state, 'failed'));
  const retried = await tx
    .update(trades)
    .set({ payoutPixKey: `${key.type}:${key.key}`, payoutHolderName: holder, updatedAt: at })
    .where(
      and(eq(trades.sellerId, sellerId), eq(trades.state, 'awaiting_release'), inArray(trades.id, failed)),
    )
    .returning({
      id: trades.id,
      payoutPixKey: trades.payoutPixKey,
      payoutHolderName: trades.payoutHolderName,
    });
  for (const trade of [...keyless, ...retried]) {
    const [payout] = await tx
      .update(payouts)
      .set({
        pixKey: trade.payoutPixKey,
        holderName: trade.payoutHolderName,
        state: sql`case when ${payouts.state} = 'failed' then 'due'::payout_state else ${payouts.state} end`,
        attempt: sql`case when ${payouts.state} = 'failed' then ${payouts.attempt} + 1 else ${payouts.attempt} end`,
        pspId: sql`case when ${payouts.state} = 'failed'
          then ${payoutIdFor(trade.id)} || 'A' || (${payouts.attempt} + 1)::text else ${payouts.pspId} end`,
        failureReason: null,
        failedAt: null,
        checks: 0,
        updatedAt: at,
      })
      .where(and(eq(payouts.tradeId, trade.id), inArray(payouts.state, ['due', 'failed'])))
      .returning({ state: payouts.state, pspId: payouts.pspId });
    if (payout && retried.some((r) => r.id === trade.id)) {
      await recordAudit(tx, {
        actorId: sellerId,
        action: 'payout.retry',
        targetType: 'trade',
        targetId: trade.id,
        details: { payoutPixKey: trade.payoutPixKey, pspId: payout.pspId },
      });
    }
  }
}

/** A seller's trades in these states are paid out to their default key when staff release them. */
const releasePendingStates: readonly TradeState[] = ['awaiting_release', 'disputed'];

/** Whether a payout to the seller's default key is pending (a trade of theirs awaiting release or in dispute). */
export async function hasPendingPayout(tx: Db, sellerId: string): Promise<boolean> {
  const [pending] = await tx
    .select({ id: trades.id })
    .from(trades)
    .where(and(eq(trades.sellerId, sellerId), inArray(trades.state, [...releasePendingStates])))
    .limit(1);
  return Boolean(pending);
}
