import { expectNoSeriousA11yViolations } from './support/a11y';
import { apiAs, expect, screenshot, test } from './support/fixtures';
import { publishForOffers } from './support/offers';
import { sellThroughTrade } from './support/sales';
import { expectGameTilesWithCounts, expectWholeGameNames } from './support/storefront';

test('at 1440px the home shows a compact hero, game tiles with their whole names and counts, and products on the first screen', async ({
  page,
}) => {
  await page.goto('/home');
  const tiles = await expectGameTilesWithCounts(page);
  await expect(tiles).toHaveCount(12);
  await expectWholeGameNames(page);
  const firstCard = page.getByRole('list', { name: 'Produtos em Destaque' }).getByRole('listitem').first();
  await expect(firstCard).toBeVisible();
  // The first row of products starts inside the 900px-tall window.
  expect((await firstCard.boundingBox())?.y ?? 900).toBeLessThan(900);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'storefront-home-desktop');
});

test('at 1440px the listing page has one navigation, a large gallery and the trust block beside it', async ({
  page,
  playwright,
  otherMember: seller,
}) => {
  const listing = await publishForOffers(playwright.request, seller, '120,00');
  await page.goto(listing.path);
  await expect(page.getByRole('heading', { level: 1, name: listing.title })).toBeVisible();

  // No second navigation column beside the app's sidebar: the way back sits above the content.
  await expect(page.getByRole('navigation', { name: 'Navegação do anúncio' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Voltar ao Marketplace' })).toHaveAttribute(
    'href',
    '/marketplace',
  );

  const photo = page.getByRole('region', { name: `Fotos de ${listing.title}` });
  const photoBox = await photo.boundingBox();
  expect(photoBox?.width ?? 0).toBeGreaterThan(650);

  // The buy box, the seller card and the protection block are in the column right of the gallery.
  const right = (photoBox?.x ?? 0) + (photoBox?.width ?? 0);
  for (const region of [
    page.getByRole('region', { name: 'Compra', exact: true }),
    page.getByRole('region', { name: 'Vendedor', exact: true }),
    page.getByRole('region', { name: 'Proteção Mercado Gamer' }),
  ]) {
    await expect(region).toBeVisible();
    expect((await region.boundingBox())?.x ?? 0).toBeGreaterThan(right);
  }

  // The seller's rating and this listing's reviews are named apart.
  await expect(page.getByRole('region', { name: 'Vendedor', exact: true })).toContainText(
    'Avaliação do vendedor: Novo vendedor',
  );
  await expect(page.getByRole('heading', { name: 'Avaliações deste anúncio' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'storefront-listing-desktop');
});

test("the user menu's card shows the level, XP, negotiations and rating of the member's public page", async ({
  page,
  playwright,
  member: seller,
  otherMember: buyer,
  staff,
}) => {
  test.slow();
  const sale = await sellThroughTrade(
    playwright.request,
    { seller, buyer, staff },
    { price: '90,00', stage: 'released' },
  );
  const buyerApi = await apiAs(playwright.request, buyer);
  const reviewed = await buyerApi.post(`/api/trades/${sale.id}/review`, { data: { rating: 4, comment: '' } });
  expect(reviewed.status(), await reviewed.text()).toBeLessThan(300);
  await buyerApi.dispose();
  const sellerApi = await apiAs(playwright.request, seller);
  const answered = await sellerApi.post(`/api/trades/${sale.id}/review`, {
    data: { rating: 5, comment: '' },
  });
  expect(answered.status(), await answered.text()).toBeLessThan(300);
  await sellerApi.dispose();

  // What '/u/{name}' shows.
  await page.goto(`/u/${seller.nickname}`);
  await expect(page.getByRole('heading', { level: 1, name: seller.nickname })).toBeVisible();
  const levelBox = page.getByText(/^Nível \d+$/).last();
  const level = (await levelBox.textContent())?.trim() ?? '';
  const xpLine =
    (await page
      .getByText(/\d+ de \d+ XP/)
      .first()
      .textContent()) ?? '';
  const [, xpIn, xpFor] = /(\d+) de (\d+) XP/.exec(xpLine) ?? [];
  const figures = page.getByRole('region', { name: 'Números do vendedor' });
  const rating = (await figures.getByText(/^★ \d,\d$/).textContent())?.trim() ?? '';
  expect(rating).toBe('★ 4,0');
  const { stats } = (await (await page.request.get(`/api/users/${seller.nickname}`)).json()) as {
    stats: { completedTrades: number };
  };
  expect(stats.completedTrades).toBe(1);

  // The same figures in the user menu's card.
  await page.getByRole('button', { name: seller.nickname }).first().click();
  const card = page.getByRole('group', { name: 'Seu cartão' });
  await expect(card.getByText(level, { exact: true })).toBeVisible();
  await expect(card.getByText(`${xpIn} / ${xpFor} XP`)).toBeVisible();
  const nextLevel = Number(level.replace('Nível ', '')) + 1;
  await expect(
    card.getByText(`Faltam ${Number(xpFor) - Number(xpIn)} XP para o nível ${nextLevel}`),
  ).toBeVisible();
  await expect(card.getByText('Negociações', { exact: true }).locator('..')).toHaveText(
    `${stats.completedTrades}Negociações`,
  );
  await expect(card.getByText(rating, { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'storefront-user-card-desktop');
});

test("'/perfil' ends its 'Selos e nível' with a card per seal: what it means and the progress to it", async ({
  page,
  member,
}) => {
  expect(member.nickname).toBeTruthy();
  await page.goto('/perfil');
  const section = page.getByRole('region', { name: 'Selos e nível' });
  const seals = section.getByRole('list', { name: 'Seus selos' }).getByRole('listitem');
  await expect(seals).toHaveCount(5);
  const prata = seals.filter({ has: page.getByRole('link', { name: 'Prata' }) });
  await expect(prata).toContainText('A taxa das vendas cai para');
  await expect(prata).toContainText(/\d de \d requisitos/);
  await expect(prata.getByRole('progressbar')).toBeVisible();
  await expect(prata).toContainText('Próximo passo: 25 negociações concluídas (0 de 25)');
  await expect(section.getByRole('link', { name: 'Meu perfil público' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await section.scrollIntoViewIfNeeded();
  await screenshot(page, 'storefront-perfil-seals-desktop');
});
