import type { Page } from '@playwright/test';
import { expect } from './fixtures';

interface GameCount {
  name: string;
  slug: string;
  activeListings: number;
}

/** '5 anúncios' as the tiles write a count. */
const countText = (n: number) => (n === 0 ? 'Nenhum anúncio' : n === 1 ? '1 anúncio' : `${n} anúncios`);

/**
 * The game tiles show the counts `/api/games` gives (the sidebar's and category pages' figures). Other tests publish
 * and sell beside this one, so a listing may come or go between the page's answer and this check: then the page is
 * reloaded and compared again, until the two agree.
 */
export async function expectGameTilesWithCounts(page: Page) {
  const tiles = page.getByRole('list', { name: 'Jogos' }).getByRole('link');
  let attempt = 0;
  await expect(async () => {
    if (attempt++ > 0) await page.reload();
    await expect(tiles.first()).toBeVisible();
    const { games } = (await (await page.request.get('/api/games')).json()) as { games: GameCount[] };
    const busiest = [...games].sort((a, b) => b.activeListings - a.activeListings)[0] as GameCount;
    expect(busiest.activeListings).toBeGreaterThan(0);
    const tile = tiles.filter({ hasText: busiest.name }).first();
    expect(await tile.textContent()).toContain(countText(busiest.activeListings));
    expect(await tile.getAttribute('href')).toBe(`/categoria/${busiest.slug}`);
  }).toPass();
  return tiles;
}
