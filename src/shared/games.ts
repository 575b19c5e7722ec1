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

export const gameSlugParams = z.object({ slug: z.string().max(80) });
