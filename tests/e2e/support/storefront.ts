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

/**
 * Every tile shows its game's whole name (a long one such as 'Counter-Strike 2' wraps to a second line rather
 * than ending in '…'): no name overflows its box, and the longest one reads in full.
 */
export async function expectWholeGameNames(page: Page) {
  const names = page
    .getByRole('list', { name: 'Jogos' })
    .getByRole('link')
    .locator('span > span:first-child');
  const boxes = await names.evaluateAll((spans) =>
    spans.map((span) => ({
      name: span.textContent ?? '',
      cut: span.scrollWidth > span.clientWidth || span.scrollHeight > span.clientHeight,
      ellipsis: getComputedStyle(span).textOverflow === 'ellipsis',
    })),
  );
  expect(boxes.length).toBeGreaterThan(0);
  expect(boxes.filter((box) => box.cut || box.ellipsis)).toEqual([]);
  const longest = boxes.map((box) => box.name).sort((a, b) => b.length - a.length)[0] as string;
  expect(longest.length).toBeGreaterThan(14);
  await expect(names.getByText(longest, { exact: true })).toBeVisible();
}
