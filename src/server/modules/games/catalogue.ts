import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { games } from '../../db/schema';

/**
 * The games the spec names, in sidebar order, with the other slugs that reach them (part 1 §2): the catalogue every
 * marketplace starts with, demo data or not (there is no screen to add games).
 */
export const gameCatalogue = [
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

/** Writes the catalogue into a database that has no game yet (a first start without demo data); else nothing. */
export async function ensureGameCatalogue(db: Db): Promise<boolean> {
  const [existing] = await queryRows<{ any: boolean }>(
    db,
    sql`select exists (select 1 from ${games}) as any`,
  );
  if (existing?.any) return false;
  await db
    .insert(games)
    .values(gameCatalogue.map((g, i) => ({ ...g, sortOrder: (i + 1) * 10 })))
    .onConflictDoNothing();
  return true;
}
