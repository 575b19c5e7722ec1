import { listingCodeMessages as cm } from '@shared/listing-codes';
import { paths } from '@shared/paths';
import { tradeMessages as m } from '@shared/trade-messages';
import type { TradeCodeEffect } from '@shared/trade-process';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { listingCodes, listings } from '../../db/schema';
import { AppError } from '../../errors';
import { notify } from '../notifications/service';
import type { Sealer } from './sealed';

/**
 * An instant-delivery listing's stock (issue 37, decision 029): `quantity` is the number of `available` codes,
 * changed by `delta` in the transaction of every code change and under the listing's row lock (which the trade's
 * reservation, an import and a removal all take first). At 0 the listing pauses itself ('sem_codigos') and the
 * seller is told; codes added to a listing paused for that resume it. A listing staff paused stays paused.
 */
export async function moveCodeStock(tx: Db, listingId: number, delta: number, at: Date): Promise<void> {
  if (delta === 0) return;
  const [row] = await tx
    .update(listings)
    .set({
      quantity: sql`greatest(${listings.quantity} + ${delta}, 0)`,
      status: sql`case
        when ${listings.quantity} + ${delta} <= 0 and ${listings.status} = 'active' then 'paused'::listing_status
        when ${listings.quantity} + ${delta} > 0 and ${listings.pausedReason} = 'sem_codigos' then 'active'::listing_status
        else ${listings.status} end`,
      pausedReason: sql`case
        when ${listings.quantity} + ${delta} <= 0 and ${listings.status} = 'active' then 'sem_codigos'
        when ${listings.quantity} + ${delta} > 0 and ${listings.pausedReason} = 'sem_codigos' then null
        else ${listings.pausedReason} end`,
      updatedAt: at,
    })
    .where(eq(listings.id, listingId))
    .returning({
      sellerId: listings.sellerId,
      title: listings.title,
      quantity: listings.quantity,
      pausedReason: listings.pausedReason,
    });
  if (row && delta < 0 && row.quantity === 0 && row.pausedReason === 'sem_codigos') {
    await notify(tx, {
      userId: row.sellerId,
      kind: 'instant_stock_empty',
      title: cm.stockPausedTitle,
      body: cm.stockPausedBody(row.title),
      link: paths.listingCodes(listingId),
    });
  }
}

/**
 * Does a transition's declared code effect (trade-process.ts `code`) on an instant-delivery trade, in the
 * transition's transaction. `reserve` runs after `lockListingStock` has locked the listing; the others lock it
 * here (a refund or an expiry does not lock it otherwise). Returns what the trade's own row must take (the code
 * sealed for the trade on `deliver`).
 */
export async function applyCodeEffect(
  tx: Db,
  effect: TradeCodeEffect,
  trade: { id: number; listingId: number | null },
  at: Date,
  sealer?: Sealer,
): Promise<{ deliveryCredentials?: string; deliveryNote?: string }> {
  const held = (state: 'reserved' | 'delivered') =>
    and(eq(listingCodes.tradeId, trade.id), eq(listingCodes.state, state));
  if (effect === 'reserve') {
    if (trade.listingId === null)
      throw new AppError('CONFLICT', m.outOfStock, { amount: m.outOfStockDetail });
    // The listing's row is locked by the caller: no other reservation picks between this look and the update.
    const [code] = await tx
      .select({ id: listingCodes.id })
      .from(listingCodes)
      .where(and(eq(listingCodes.listingId, trade.listingId), eq(listingCodes.state, 'available')))
      .orderBy(asc(listingCodes.id))
      .limit(1);
    if (!code) throw new AppError('CONFLICT', m.outOfStock, { amount: m.outOfStockDetail });
    await tx
      .update(listingCodes)
      .set({ state: 'reserved', tradeId: trade.id, updatedAt: at })
      .where(eq(listingCodes.id, code.id));
    await moveCodeStock(tx, trade.listingId, -1, at);
    return {};
  }
  if (effect === 'deliver') {
    if (!sealer) throw new Error('deliver_code needs the sealer');
    const [code] = await tx
      .update(listingCodes)
      .set({ state: 'delivered', deliveredAt: at, updatedAt: at })
      .where(held('reserved'))
      .returning({
        id: listingCodes.id,
        listingId: listingCodes.listingId,
        sealed: listingCodes.sealed,
        hash: listingCodes.hash,
      });
    if (!code || code.listingId === null) throw new AppError('CONFLICT', m.stateChanged);
    // Sold now: the same code waiting in another stock (imported there before this sale) leaves it, so no second
    // buyer receives a used code (decision 029). In id order, as every path that locks several listings does.
    const elsewhere = await tx
      .update(listingCodes)
      .set({ state: 'removed', updatedAt: at })
      .where(and(eq(listingCodes.hash, code.hash), eq(listingCodes.state, 'available')))
      .returning({ listingId: listingCodes.listingId });
    const ids = [...new Set(elsewhere.map((e) => e.listingId).filter((id): id is number => id !== null))];
    for (const listingId of ids.sort((x, y) => x - y)) await moveCodeStock(tx, listingId, -1, at);
    // Opened from the vault's seal and sealed again for the trade: the room's reveal opens it as any credentials.
    return {
      deliveryCredentials: sealer.seal(trade.id, sealer.openCode(code.listingId, code.sealed)),
      deliveryNote:
        'Entrega automática: o código foi entregue pelo Mercado Gamer assim que o pagamento foi confirmado.',
    };
  }
  // 'release' (cancel, expiry) gives back a reserved code; 'return' (a refund) a delivered one the buyer never
  // revealed, and burns one they did (it may have been used: it never goes back on sale).
  if (trade.listingId === null) return {};
  await tx.select({ id: listings.id }).from(listings).where(eq(listings.id, trade.listingId)).for('update');
  const back = await tx
    .update(listingCodes)
    .set({ state: 'available', tradeId: null, deliveredAt: null, updatedAt: at })
    .where(
      effect === 'release'
        ? held('reserved')
        : and(held('delivered'), sql`${listingCodes.revealedAt} is null`),
    )
    .returning({ id: listingCodes.id });
  if (effect === 'return') {
    await tx
      .update(listingCodes)
      .set({ state: 'burned', updatedAt: at })
      .where(and(held('delivered'), sql`${listingCodes.revealedAt} is not null`));
  }
  await moveCodeStock(tx, trade.listingId, back.length, at);
  return {};
}

/** The buyer revealed the trade's code: a later refund burns it (decision 029). */
export async function markCodeRevealed(tx: Db, tradeId: number, at: Date): Promise<void> {
  await tx
    .update(listingCodes)
    .set({ revealedAt: at, updatedAt: at })
    .where(
      and(
        eq(listingCodes.tradeId, tradeId),
        eq(listingCodes.state, 'delivered'),
        sql`${listingCodes.revealedAt} is null`,
      ),
    );
}
