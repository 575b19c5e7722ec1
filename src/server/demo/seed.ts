import { sql } from 'drizzle-orm';
import type { Viewer } from '../auth/session';
import { type Config, DEMO_ADMIN_PASSWORD } from '../config';
import { type Db, queryRows } from '../db/client';
import { games, users } from '../db/schema';
import { createAccount } from '../modules/accounts/create-account';
import { gameCatalogue } from '../modules/games/catalogue';
import { withFileCache } from '../modules/media/file-cache';
import type { Storage } from '../storage/storage';
import { seedDemoGroups, seedDemoPosts } from './seed-community';
import { seedDemoListings } from './seed-listings';
import { seedDemoTrades } from './seed-trades';

export function demoAccounts(config: Config) {
  return {
    admin: {
      label: 'Administrador (equipe)',
      email: config.admin.email ?? 'admin@mercadogamer.local',
      password: config.admin.password ?? DEMO_ADMIN_PASSWORD,
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
    accountSeller: {
      label: 'Vendedora de contas',
      email: 'nina@mercadogamer.local',
      password: 'Vendedora@123',
      nickname: 'NinaContas',
    },
    skinSeller: {
      label: 'Vendedor de skins',
      email: 'rafa@mercadogamer.local',
      password: 'Vendedor@123',
      nickname: 'RafaSkins',
    },
    otherBuyer: {
      label: 'Compradora',
      email: 'bia@mercadogamer.local',
      password: 'Compradora@123',
      nickname: 'BiaGamer',
    },
  };
}

type DemoAccountKey = keyof ReturnType<typeof demoAccounts>;

/**
 * Fills an empty database with the games, the demo accounts (an admin, three sellers, two buyers), the sellers'
 * listings (with generated photos), community posts and groups, and offers and trades in every state. Does nothing
 * when any game or user exists, so it is safe on every start and never touches real data.
 */
export async function seedDemoData(
  db: Db,
  config: Config,
  storage: Storage,
  /** A folder where tests keep the photos rendered and encoded by a previous seed (they are the same each time). */
  photoCache?: string,
): Promise<'seeded' | 'skipped'> {
  // Checked at every start: one row of either is enough, never a count of every member.
  const [existing] = await queryRows<{ any: boolean }>(
    db,
    sql`select exists (select 1 from ${users}) or exists (select 1 from ${games}) as any`,
  );
  if (existing?.any) return 'skipped';

  const accounts = demoAccounts(config);
  const viewers = await db.transaction(async (tx) => {
    await tx.insert(games).values(gameCatalogue.map((g, i) => ({ ...g, sortOrder: (i + 1) * 10 })));
    const made = {} as Record<DemoAccountKey, Viewer>;
    for (const key of Object.keys(accounts) as DemoAccountKey[]) {
      const account = accounts[key];
      const admin = key === 'admin';
      const { id } = await createAccount(tx, admin ? { ...account, role: 'admin' } : account);
      made[key] = { userId: id, email: account.email, role: admin ? 'admin' : null };
    }
    return made;
  });
  const listingIds = await withFileCache(photoCache, () => seedDemoListings(db, storage, viewers));
  await withFileCache(photoCache, () => seedDemoGroups(db, storage, viewers.admin));
  await seedDemoPosts(db, viewers);
  await seedDemoTrades(db, config, viewers, listingIds);
  return 'seeded';
}
