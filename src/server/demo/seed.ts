import { desc, eq, sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { games, listings, users } from '../db/schema';
import { createAccount } from '../modules/accounts/create-account';
import type { Storage } from '../storage/storage';
import { seedDemoGroups, seedDemoPosts } from './seed-community';
import { seedDemoListings } from './seed-listings';
import { seedDemoTrades } from './seed-trades';

/** The games the spec names, in sidebar order, with the other slugs that reach them (part 1 §2). */
export const demoGames = [
  { name: 'DDTank', slug: 'ddtank', aliases: [] },
  { name: 'Counter-Strike 2', slug: 'cs2', aliases: ['counter-strike'] },
  { name: 'Free Fire', slug: 'free-fire', aliases: ['freefire'] },
  { name: 'League of Legends', slug: 'lol', aliases: ['league-of-legends'] },
  { name: 'Valorant', slug: 'valorant', aliases: [] },
  { name: 'Fortnite', slug: 'fortnite', aliases: [] },
  { name: 'Dota 2', slug: 'dota2', aliases: ['dota-2'] },
  { name: 'Roblox', slug: 'roblox', aliases: [] },
  { name: 'Minecraft', slug: 'minecraft', aliases: [] },
  { name: 'Genshin Impact', slug: 'genshin', aliases: ['genshin-impact'] },
  { name: 'Albion Online', slug: 'albion', aliases: ['albion-online'] },
  { name: 'Teamfight Tactics', slug: 'tft', aliases: ['teamfight-tactics'] },
  { name: 'Clash Royale', slug: 'clash-royale', aliases: [] },
  { name: 'EA Sports FC (FIFA)', slug: 'fifa', aliases: ['ea-sports-fc'] },
  { name: 'Apex Legends', slug: 'apex', aliases: ['apex-legends'] },
  { name: 'PUBG', slug: 'pubg', aliases: [] },
  { name: 'Outros', slug: 'outros', aliases: [] },
];

export function demoAccounts(config: Config) {
  return {
    admin: {
      label: 'Administrador (equipe)',
      email: config.admin.email ?? 'admin@mercadogamer.local',
      password: config.admin.password ?? 'Admin@12345',
      nickname: 'Equipe Mercado Gamer',
    },
    seller: {
      label: 'Vendedor',
      email: 'vendedor@mercadogamer.local',
      password: 'Vendedor@123',
      nickname: 'LojaDoPro',
    },
    buyer: {
      label: 'Comprador',
      email: 'comprador@mercadogamer.local',
      password: 'Comprador@123',
      nickname: 'PlayerUm',
    },
  };
}

/**
 * Fills an empty database with the games, the three demo accounts, the demo seller's listings (with
 * generated photos), community posts and groups, and offers and trades in every state. Does nothing when any
 * game or user exists, so it is safe on every start and never touches real data.
 */
export async function seedDemoData(db: Db, config: Config, storage: Storage): Promise<'seeded' | 'skipped'> {
  if ((await db.$count(users)) + (await db.$count(games)) > 0) return 'skipped';

  const accounts = demoAccounts(config);
  const viewers = await db.transaction(async (tx) => {
    await tx.insert(games).values(demoGames.map((g, i) => ({ ...g, sortOrder: (i + 1) * 10 })));
    const admin = await createAccount(tx, { ...accounts.admin, role: 'admin' });
    const seller = await createAccount(tx, accounts.seller);
    const buyer = await createAccount(tx, accounts.buyer);
    return {
      admin: { userId: admin.id, email: accounts.admin.email, role: 'admin' as const },
      seller: { userId: seller.id, email: accounts.seller.email, role: null },
      buyer: { userId: buyer.id, email: accounts.buyer.email, role: null },
    };
  });
  await seedDemoListings(db, storage, viewers.seller);
  await seedDemoGroups(db, storage, viewers.admin);
  await seedDemoPosts(db, viewers);
  const newest = await db
    .select({ id: listings.id })
    .from(listings)
    .where(eq(listings.sellerId, viewers.seller.userId))
    // Multi-unit listings, so the finished demo trade leaves its listing on sale.
    .orderBy(desc(sql`${listings.quantity} > 1`), desc(listings.id))
    .limit(8);
  await seedDemoTrades(
    db,
    config,
    viewers,
    newest.map((l) => l.id),
  );
  return 'seeded';
}
