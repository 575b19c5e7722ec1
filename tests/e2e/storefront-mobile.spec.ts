import type { Locator } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { expect, screenshot, test } from './support/fixtures';
import { publishForOffers } from './support/offers';
import { expectGameTilesWithCounts, expectWholeGameNames } from './support/storefront';

const PHONE_HEIGHT = 844;

/**
 * The element's box, measured again until it has one: the first screen's cards come with the HTML and the app
 * replaces them, so an element found just before the swap has no box when measured just after it.
 */
async function box(locator: Locator) {
  let found = await locator.boundingBox();
  await expect
    .poll(async () => (found = await locator.boundingBox()), { message: 'a bounding box' })
    .not.toBeNull();
  if (!found) throw new Error('no bounding box');
  return found;
}

test('at 390px the home shows game tiles with their whole names and counts, and a product card on the first screen', async ({
  page,
}) => {
  await page.goto('/home');
  await expectGameTilesWithCounts(page);
  await expectWholeGameNames(page);
  const firstCard = page.getByRole('list', { name: 'Produtos em Destaque' }).getByRole('listitem').first();
  await expect(firstCard.getByRole('link').first()).toBeVisible();
  const card = await box(firstCard);
  expect(card.y + card.height).toBeLessThanOrEqual(PHONE_HEIGHT);
  // The tiles scroll sideways inside their row: the page itself is no wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'storefront-home-mobile');
});

test("at 390px the tab bar's '+' stays clear of the buy bar's button, and the buy bar is opaque", async ({
  page,
  playwright,
  member,
  otherMember: seller,
}) => {
  expect(member.nickname).toBeTruthy(); // signed in: 'Fazer oferta' shows in the bar beside 'Comprar agora'
  const listing = await publishForOffers(playwright.request, seller, '75,00');
  await page.goto(listing.path);
  await expect(page.getByRole('heading', { level: 1, name: listing.title })).toBeVisible();
  await page.getByRole('heading', { name: 'Descrição' }).scrollIntoViewIfNeeded();
  const bar = page.getByRole('region', { name: 'Compra rápida' });
  const buy = bar.getByRole('button', { name: 'Comprar agora' });
  await expect(buy).toBeVisible();

  const plus = page
    .getByRole('navigation', { name: 'Navegação inferior' })
    .getByRole('button', { name: 'Serviços' });
  const a = await box(plus);
  const buttons = bar.getByRole('button');
  await expect(buttons).toHaveCount(2);
  for (const button of await buttons.all()) {
    const b = await box(button);
    const overlap =
      a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    expect(overlap, `'+' ${JSON.stringify(a)} and a bar button ${JSON.stringify(b)}`).toBe(false);
  }
  // The button is the topmost element at its centre: nothing lies over it.
  expect(
    await buy.evaluate((element) => {
      const r = element.getBoundingClientRect();
      const top = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
      return Boolean(top && element.contains(top));
    }),
  ).toBe(true);
  // No page text shows through: the bar's background is fully opaque.
  const background = await bar.evaluate((element) => getComputedStyle(element).backgroundColor);
  expect(background).not.toMatch(/rgba?\([^)]*,\s*0?\.\d+\)|\/\s*0?\.\d+/);

  // The seller's rating is labelled as the seller's; the reviews below are this listing's.
  await expect(page.getByRole('region', { name: 'Vendedor', exact: true })).toContainText(
    'Avaliação do vendedor:',
  );
  await expect(page.getByRole('heading', { name: 'Avaliações deste anúncio' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'storefront-listing-buy-bar-mobile');
});
