import type { GameRef } from '@shared/games';
import { eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { games } from '../../db/schema';

/** A game by its slug or one of its aliases ('freefire' → Free Fire). */
export async function findGameBySlug(db: Db, slug: string): Promise<GameRef | null> {
  const wanted = slug.toLowerCase();
  const [game] = await db
    .select({ id: games.id, name: games.name, slug: games.slug })
    .from(games)
    .where(or(eq(games.slug, wanted), sql`${wanted} = any(${games.aliases})`))
    .limit(1);
  return game ?? null;
}
