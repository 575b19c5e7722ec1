import type { Page } from '@playwright/test';
import { expect } from './fixtures';

interface GameCount {
  name: string;
  slug: string;
  activeListings: number;
}

/** '5 anúncios' as the tiles write a count. */
const countText = (n: number) => (n === 0 ? 'Nenhum anúncio' : n === 1 ? '1 anúncio' : `${n} anúncios`);

/** The game tiles show the counts `/api/games` gives (the sidebar's and category pages' figures). */
export async function expectGameTilesWithCounts(page: Page) {
  const tiles = page.getByRole('list', { name: 'Jogos' }).getByRole('link');
  await expect(tiles.first()).toBeVisible();
  const { games } = (await (await page.request.get('/api/games')).json()) as { games: GameCount[] };
  const busiest = [...games].sort((a, b) => b.activeListings - a.activeListings)[0] as GameCount;
  expect(busiest.activeListings).toBeGreaterThan(0);
  const tile = tiles.filter({ hasText: busiest.name }).first();
  await expect(tile).toContainText(countText(busiest.activeListings));
  await expect(tile).toHaveAttribute('href', `/categoria/${busiest.slug}`);
  return tiles;
}
