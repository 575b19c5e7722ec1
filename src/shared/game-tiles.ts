import type { Game } from './games';

/** How many games /home's tiles show: two rows of six from 1024px; a row to swipe on a phone. */
export const GAME_TILE_COUNT = 12;

/** 'Nenhum anúncio', '1 anúncio', '1.234 anúncios'. */
export function listingCountLabel(count: number): string {
  if (count === 0) return 'Nenhum anúncio';
  return count === 1 ? '1 anúncio' : `${count.toLocaleString('pt-BR')} anúncios`;
}

/**
 * The games with most active listings first (display order among equals), each with its place in the display
 * order (its icon): the tiles the app draws and the ones /home's HTML paints before it.
 */
export function busiestGames(games: Game[]): { game: Game; index: number }[] {
  return games
    .map((game, index) => ({ game, index }))
    .sort((a, b) => b.game.activeListings - a.game.activeListings || a.index - b.index)
    .slice(0, GAME_TILE_COUNT);
}
