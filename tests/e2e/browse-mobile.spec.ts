import { Seller, uniqueWord } from './support/browse';
import { expect, screenshot, test } from './support/fixtures';

test('at 390px the marketplace shows two columns and keeps the filters in a panel', async ({
  page,
  playwright,
  otherMember,
}) => {
  const word = uniqueWord();
  const seller = await Seller.as(playwright.request, otherMember);
  for (const [game, n] of [
    ['valorant', 1],
    ['valorant', 2],
    ['lol', 3],
  ] as const)
    await seller.publish({ gameSlug: game, kind: 'accounts', title: `Conta ${word} ${n}`, price: `${n}00` });
  await seller.dispose();

  await page.goto(`/marketplace?q=${word}`);
  const cards = page.getByRole('list', { name: 'Produtos', exact: true }).getByRole('listitem');
  await expect(cards).toHaveCount(3);
  const [first, second, third] = await Promise.all([0, 1, 2].map((i) => cards.nth(i).boundingBox()));
  expect(first?.y).toBe(second?.y);
  expect(second?.x).toBeGreaterThan((first?.x ?? 0) + (first?.width ?? 0) - 1);
  expect(third?.y).toBeGreaterThan((first?.y ?? 0) + (first?.height ?? 0) - 1);

  // Nothing is wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(page, 'marketplace-results-390');

  const game = page.getByRole('combobox', { name: 'Jogo' });
  await expect(game).toBeHidden();
  const toggle = page.getByRole('button', { name: 'Filtros' });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await game.selectOption({ label: 'League of Legends' });
  await expect(page).toHaveURL(/jogo=lol/);
  await expect(cards).toHaveCount(1);
  await expect(page.getByRole('button', { name: /Filtros/ })).toContainText('1');

  await page.getByRole('navigation', { name: 'Categorias' }).getByRole('link', { name: 'Moedas' }).click();
  await expect(page.getByRole('heading', { name: `Nenhum resultado para “${word}”` })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.getByRole('heading', { name: `Nenhum resultado para “${word}”` }).scrollIntoViewIfNeeded();
  await screenshot(page, 'marketplace-empty-390');
});

test('at 390px the home highlights and a category page fit the screen', async ({ page }) => {
  await page.goto('/home');
  await expect(page.getByRole('list', { name: 'Produtos em Destaque' }).getByRole('listitem')).toHaveCount(
    12,
  );
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await page.goto('/categoria/cs2');
  await expect(page.getByRole('heading', { level: 1, name: 'Counter-Strike 2' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sala de Intermediação 4a!' })).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
