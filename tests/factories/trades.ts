import { eq } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';
import { games, listings, trades } from '../../src/server/db/schema';
import type { TradeMoney } from '../../src/server/modules/ledger/service';

let sequence = 0;

/**
 * A trade row written straight to the database, with a listing of its own, for tests of the ledger (whose
 * transactions must name a real trade). The state machine's tests go through the routes instead.
 */
export async function createTradeRow(
  db: Db,
  values: { sellerId: string; buyerId: string; amountCents: number },
): Promise<TradeMoney> {
  sequence += 1;
  const [game] = await db
    .insert(games)
    .values({
      slug: `jogo-da-negociacao-${sequence}-${Date.now()}`,
      name: `Jogo da negociação ${sequence} ${Date.now()}`,
    })
    .returning({ id: games.id });
  const [listing] = await db
    .insert(listings)
    .values({
      gameId: game?.id as number,
      sellerId: values.sellerId,
      title: `Produto da negociação ${sequence}`,
      description: 'Produto de teste.',
      shortDescription: 'Produto de teste.',
      priceCents: values.amountCents,
      kind: 'items',
      whatsapp: '5511987654321',
    })
    .returning({ id: listings.id });
  const [trade] = await db
    .insert(trades)
    .values({
      listingId: listing?.id as number,
      listingTitle: `Produto da negociação ${sequence}`,
      listingKind: 'items',
      sellerId: values.sellerId,
      buyerId: values.buyerId,
      amountCents: values.amountCents,
      state: 'awaiting_payment',
    })
    .returning({ id: trades.id });
  return { id: trade?.id as number, ...values };
}

/**
 * A trade that ended (`completed` by default, released at `endedAt`; `refunded` changed last at `endedAt`), written
 * straight to the database for the reviews' tests, whose subject is what happens after the end.
 */
export async function createFinishedTrade(
  db: Db,
  values: {
    sellerId: string;
    buyerId: string;
    endedAt: Date;
    state?: 'completed' | 'refunded' | 'cancelled' | 'awaiting_release';
    amountCents?: number;
  },
): Promise<{ id: number; listingId: number }> {
  const trade = await createTradeRow(db, {
    sellerId: values.sellerId,
    buyerId: values.buyerId,
    amountCents: values.amountCents ?? 10_000,
  });
  const state = values.state ?? 'completed';
  const [row] = await db
    .update(trades)
    .set({
      state,
      releasedAt: state === 'completed' ? values.endedAt : null,
      updatedAt: values.endedAt,
    })
    .where(eq(trades.id, trade.id))
    .returning({ listingId: trades.listingId });
  return { id: trade.id, listingId: row?.listingId as number };
}
