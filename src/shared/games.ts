import { z } from 'zod';

export const gameRef = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
});
export type GameRef = z.infer<typeof gameRef>;

/** A game as the sidebar lists it, with its number of active listings. */
export const game = gameRef.extend({ activeListings: z.number().int() });
export type Game = z.infer<typeof game>;
export const gamesResponse = z.object({ games: z.array(game) });
export const gameResponse = z.object({ game: gameRef });

/** Part 1 §2: the game name in lower case, accents dropped, spaces to hyphens, other characters removed. */
export function gameSlug(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim()
    .replace(/\s+/g, '-')
    .replace(/[^a-z0-9-]/g, '')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
}

export const gameSlugParams = z.object({ slug: z.string().max(80) });
