import type { Config } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';
import { games, listings, pixKeys } from '../../src/server/db/schema';
import { seedDemoData } from '../../src/server/demo/seed';
import { createStorage } from '../../src/server/storage';
import { createMemberPool } from '../../tests/e2e/support/member-pool';

/** Each member sells this many listings of quantity 1 to the trades (the per-member limit is 20 starts). */
export const TRADE_LISTINGS_PER_MEMBER = 20;
/** …and this many that stay on sale, for offers and for opening. */
export const OFFER_LISTINGS_PER_MEMBER = 6;
/** What the offer listings cost, and what is offered for them (reais as typed). */
export const OFFER_LISTING_PRICE_CENTS = 10_000;

const searchWords = [
  'Espada lendária',
  'Conta nível 80',
  'Skin rara',
  'Diamantes',
  'Gold',
  'Pacote de moedas',
];

export interface BenchMember {
  email: string;
  password: string;
  userId: string;
}

export interface People {
  members: BenchMember[];
  staff: BenchMember[];
  /** Per member index: the listings its buyers start trades on, and those offers are made on. */
  tradeListings: { id: number; priceCents: number }[][];
  offerListings: number[][];
}

/**
 * Members and staff (confirmed accounts with a password, the way the e2e member pool makes them: the sign-ups'
 * scrypt and limits are not what this bench measures; the users still sign in through the route), their PIX keys
 * and listings, written to the target's database. On PGlite (`migrate`) before the server starts, with the demo
 * seed; on the cluster's PostgreSQL while it runs (its apps migrated and seeded it).
 */
export async function seedPeople(
  config: Config,
  { members, staff, migrate }: { members: number; staff: number; migrate: boolean },
): Promise<People> {
  const database = await openDatabase({ url: config.databaseUrl, pgliteDir: config.pgliteDir });
  try {
    const { db } = database;
    if (migrate) {
      await database.migrate();
      await seedDemoData(db, config, createStorage(config.media));
    }
    const [game] = await db.select({ id: games.id }).from(games).limit(1);
    if (!game) throw new Error('the target has no games: was the demo seed run?');
    const pool = await createMemberPool(config, db, { count: members, staffCount: staff });
    await db.insert(pixKeys).values(
      pool.members.map((m, i) => ({
        userId: m.userId,
        type: 'email' as const,
        key: `vendedor.carga${i}.${m.userId.slice(0, 6)}@exemplo.com.br`,
        isDefault: true,
      })),
    );
    const tradeListings: People['tradeListings'] = [];
    const offerListings: People['offerListings'] = [];
    for (const [i, m] of pool.members.entries()) {
      const listing = (title: string, priceCents: number) => ({
        gameId: game.id,
        sellerId: m.userId,
        title,
        description: 'Item entregue por troca no jogo, com código de resgate.',
        shortDescription: 'Item entregue por troca no jogo, com código de resgate.',
        priceCents,
        quantity: 1,
        kind: 'items' as const,
        whatsapp: '5511987654321',
      });
      const forTrades = await db
        .insert(listings)
        .values(
          Array.from({ length: TRADE_LISTINGS_PER_MEMBER }, (_, k) =>
            listing(
              `${searchWords[k % searchWords.length]} ${i}-${k}`,
              1_000 + (((i * 31 + k) * 7_919) % 49_000),
            ),
          ),
        )
        .returning({ id: listings.id, priceCents: listings.priceCents });
      const forOffers = await db
        .insert(listings)
        .values(
          Array.from({ length: OFFER_LISTINGS_PER_MEMBER }, (_, k) =>
            listing(
              `${searchWords[(k + 3) % searchWords.length]} à venda ${i}-${k}`,
              OFFER_LISTING_PRICE_CENTS,
            ),
          ),
        )
        .returning({ id: listings.id });
      tradeListings.push(forTrades);
      offerListings.push(forOffers.map((l) => l.id));
    }
    return { members: pool.members, staff: pool.staff, tradeListings, offerListings };
  } finally {
    await database.close();
  }
}
