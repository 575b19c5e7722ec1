import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { Seller, uniqueWord } from './support/browse';
import { expect, screenshot, test } from './support/fixtures';

const results = (page: Page) => page.getByRole('list', { name: 'Produtos', exact: true });
const cardTitles = (page: Page) => results(page).getByRole('heading', { level: 3 });

test('a misspelt, unaccented search finds the listing and says what it searched for', async ({
  page,
  playwright,
  otherMember,
}) => {
  const word = uniqueWord();
  const seller = await Seller.as(playwright.request, otherMember);
  const title = `Relíquia ${word} do dragão`;
  await seller.publish({ gameSlug: 'albion', kind: 'rare', title, price: '150' });
  await seller.dispose();

  await page.goto('/marketplace');
  await expect(page.getByRole('heading', { level: 1, name: 'Marketplace' })).toBeVisible();
  // A blank search changes nothing.
  const search = page.getByRole('searchbox', { name: 'Buscar no marketplace' });
  await search.fill('   ');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/marketplace$/);

  const misspelt = `reliquia ${word.slice(0, 4)}${word.slice(5)}`;
  await search.fill(misspelt);
  await search.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: `Resultados para “${misspelt}”` })).toBeVisible();
  await expect(page.getByText(`Mostrando resultados para “reliquia ${word}”`)).toBeVisible();
  await expect(page.getByText('1 produto encontrado')).toBeVisible();
  const card = results(page).getByRole('listitem').filter({ hasText: title });
  await expect(card.getByText('R$ 150,00')).toBeVisible();
  await expect(card.getByText('Albion Online')).toBeVisible();
  await expect(card.getByText(otherMember.nickname)).toBeVisible();
  await card.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(/\/listing\/\d+$/);
});

test('a search with no match says so and offers similar words and popular games', async ({ page }) => {
  const nothing = `redlime ${uniqueWord()}`;
  await page.goto(`/marketplace?q=${encodeURIComponent(nothing)}`);
  await expect(
    page.getByRole('heading', { level: 2, name: `Nenhum resultado para “${nothing}”` }),
  ).toBeVisible();
  await expect(page.getByText('Não há produtos disponíveis no momento')).toHaveCount(0);
  // Nothing was found, so nothing is 'shown for' the corrected words.
  await expect(page.getByText(/Mostrando resultados para/)).toHaveCount(0);
  // 'redlime' is one letter off the demo's 'Redline': offered as a similar word, a search of its own.
  const similar = page.getByRole('list', { name: 'Termos parecidos' });
  await expect(similar.getByRole('link', { name: 'redline' })).toHaveAttribute(
    'href',
    '/marketplace?q=redline',
  );
  await expect(page.getByRole('list', { name: 'Jogos populares' }).getByRole('link').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'marketplace-empty-1440');
});

test('gamer spellings find the same listing: ak47, AK 47 and ak-47', async ({ page }) => {
  for (const q of ['ak47', 'AK 47', 'ak-47']) {
    await page.goto(`/marketplace?q=${encodeURIComponent(q)}`);
    await expect(page.getByRole('heading', { level: 1, name: `Resultados para “${q}”` })).toBeVisible();
    await expect(cardTitles(page).filter({ hasText: 'AK-47 | Redline' }).first()).toBeVisible();
  }
  await screenshot(page, 'marketplace-results-1440');
});

test('the category tabs and the game filter narrow the results on the server', async ({
  page,
  playwright,
  otherMember,
}) => {
  const word = uniqueWord();
  const seller = await Seller.as(playwright.request, otherMember);
  await seller.publish({ gameSlug: 'roblox', kind: 'coins', title: `Robux ${word}`, price: '20' });
  await seller.publish({ gameSlug: 'roblox', kind: 'skins', title: `Skin ${word}`, price: '30' });
  await seller.publish({ gameSlug: 'minecraft', kind: 'coins', title: `Minecoins ${word}`, price: '25' });
  await seller.dispose();

  await page.goto(`/marketplace?q=${word}`);
  await expect(cardTitles(page)).toHaveCount(3);

  const tabs = page.getByRole('navigation', { name: 'Categorias' });
  await tabs.getByRole('link', { name: 'Moedas' }).click();
  await expect(page).toHaveURL(/categoria=coins/);
  await expect(tabs.getByRole('link', { name: 'Moedas' })).toHaveAttribute('aria-current', 'page');
  await expect(cardTitles(page)).toHaveCount(2);
  await expect(cardTitles(page).filter({ hasText: `Skin ${word}` })).toHaveCount(0);

  await page.getByRole('combobox', { name: 'Jogo' }).selectOption({ label: 'Roblox' });
  await expect(page).toHaveURL(/jogo=roblox/);
  await expect(cardTitles(page)).toHaveText([`Robux ${word}`]);

  // The state lives in the URL: a reload keeps it, back undoes the last step.
  await page.reload();
  await expect(cardTitles(page)).toHaveText([`Robux ${word}`]);
  await page.goBack();
  await expect(cardTitles(page)).toHaveCount(2);

  await tabs.getByRole('link', { name: 'Todos' }).click();
  await expect(page).not.toHaveURL(/categoria=/);
  await expect(cardTitles(page)).toHaveCount(3);
});

test('sorting by price and the price range are applied by the server', async ({
  page,
  playwright,
  otherMember,
}) => {
  const word = uniqueWord();
  const seller = await Seller.as(playwright.request, otherMember);
  for (const [name, price] of [
    ['Médio', '20,00'],
    ['Barato', '9,90'],
    ['Caro', '1.500,00'],
  ] as const)
    await seller.publish({ gameSlug: 'dota2', kind: 'items', title: `${name} ${word}`, price });
  await seller.dispose();

  await page.goto(`/marketplace?q=${word}`);
  await expect(cardTitles(page)).toHaveCount(3);
  const sort = page.getByRole('combobox', { name: 'Ordenar por' });
  await expect(sort).toHaveValue('relevance');

  await sort.selectOption({ label: 'Menor preço' });
  await expect(page).toHaveURL(/ordem=price_asc/);
  await expect(cardTitles(page)).toHaveText([`Barato ${word}`, `Médio ${word}`, `Caro ${word}`]);

  await sort.selectOption({ label: 'Maior preço' });
  await expect(cardTitles(page)).toHaveText([`Caro ${word}`, `Médio ${word}`, `Barato ${word}`]);

  await page.getByRole('textbox', { name: 'Preço mínimo' }).fill('10');
  await page.getByRole('textbox', { name: 'Preço máximo' }).fill('1.000');
  await page.getByRole('button', { name: 'Aplicar' }).click();
  await expect(page).toHaveURL(/min=10&max=1000/);
  await expect(cardTitles(page)).toHaveText([`Médio ${word}`]);
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Preço máximo' })).toHaveValue('1000');
  await expect(cardTitles(page)).toHaveText([`Médio ${word}`]);
});

test('pages: page numbers go to one page, with the search and the order kept; no Carregar Mais', async ({
  page,
  playwright,
  member,
  otherMember,
}) => {
  test.slow(); // fourteen listings published with their photos first
  const word = uniqueWord();
  // Two sellers: one member may publish 10 listings per rate-limit window.
  const sellers = [
    await Seller.as(playwright.request, member),
    await Seller.as(playwright.request, otherMember),
  ];
  for (let n = 1; n <= 14; n++) {
    const seller = sellers[n % 2] as Seller;
    await seller.publish({ gameSlug: 'tft', kind: 'items', title: `Pengu ${word} ${n}`, price: `${n}` });
  }
  for (const seller of sellers) await seller.dispose();

  await page.goto(`/marketplace?q=${word}&ordem=price_asc`);
  await expect(page.getByText('14 produtos encontrados')).toBeVisible();
  await expect(cardTitles(page)).toHaveCount(12);
  const pages = page.getByRole('navigation', { name: 'Paginação' });
  await expect(pages.getByRole('link', { name: 'Página 1' })).toHaveAttribute('aria-current', 'page');

  await expect(page.getByRole('button', { name: 'Carregar Mais' })).toHaveCount(0);

  await pages.getByRole('link', { name: 'Página 2' }).click();
  await expect(page).toHaveURL(/pagina=2/);
  expect(new URL(page.url()).searchParams.get('q')).toBe(word);
  expect(new URL(page.url()).searchParams.get('ordem')).toBe('price_asc');
  await expect(cardTitles(page)).toHaveText([`Pengu ${word} 13`, `Pengu ${word} 14`]);
  await page.reload();
  await expect(cardTitles(page)).toHaveCount(2);
  await expect(pages.getByRole('link', { name: 'Página 2' })).toHaveAttribute('aria-current', 'page');
  // A filter starts over at page 1 of its own results.
  await page.getByRole('combobox', { name: 'Jogo' }).selectOption({ label: 'Teamfight Tactics' });
  await expect(page).not.toHaveURL(/pagina=/);
  await expect(cardTitles(page)).toHaveCount(12);
  await expect(cardTitles(page).first()).toHaveText(`Pengu ${word} 1`);
});

test('a favourite is kept on the server and survives a reload', async ({
  page,
  playwright,
  otherMember,
  member: _buyer,
}) => {
  const word = uniqueWord();
  const seller = await Seller.as(playwright.request, otherMember);
  const title = `Favorita ${word}`;
  await seller.publish({ gameSlug: 'fortnite', kind: 'coins', title, price: '29,90' });
  await seller.dispose();

  await page.goto(`/marketplace?q=${word}`);
  const card = results(page).getByRole('listitem').filter({ hasText: title });
  await card.getByRole('button', { name: 'Adicionar aos favoritos' }).click();
  await expect(card.getByRole('button', { name: 'Remover dos favoritos' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  await page.reload();
  const heart = card.getByRole('button', { name: 'Remover dos favoritos' });
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  await heart.click();
  await expect(card.getByRole('button', { name: 'Adicionar aos favoritos' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await page.reload();
  await expect(card.getByRole('button', { name: 'Adicionar aos favoritos' })).toBeVisible();
});

test('a guest pressing the heart is asked to log in', async ({ page }) => {
  await page.goto('/home');
  const featured = page.getByRole('list', { name: 'Produtos em Destaque' });
  await expect(featured.getByRole('listitem')).toHaveCount(12);
  // The static first screen is replaced by the app; a press before that reaches no handler.
  await expect(page.locator('[data-first-screen]')).toHaveCount(0);
  await featured.getByRole('button', { name: 'Adicionar aos favoritos' }).first().click();
  const toast = page.getByRole('listitem').filter({ hasText: 'Login necessário' });
  await expect(toast.getByText('Você precisa estar logado para favoritar produtos.')).toBeVisible();
  await toast.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/login\?destino=%2Fhome%3Facao%3Dfavoritar%26anuncio%3D\d+$/);
});

test('a category page resolves aliases and lists the game’s newest listings', async ({
  page,
  playwright,
  otherMember,
}) => {
  const word = uniqueWord();
  const seller = await Seller.as(playwright.request, otherMember);
  const title = `Diamantes ${word}`;
  await seller.publish({ gameSlug: 'free-fire', kind: 'coins', title, price: '39,90' });
  await seller.dispose();

  await page.goto('/categoria/freefire');
  await expect(page.getByRole('heading', { level: 1, name: 'Free Fire' })).toBeVisible();
  await expect(page).toHaveTitle('Free Fire | Mercado Gamer');
  await expect(page.getByText('Diamantes e contas com skins exclusivas')).toBeVisible();
  const grid = page.getByRole('list', { name: 'Anúncios de Free Fire' });
  // Up to 12 cards, padded with 'Em breve' when the game has fewer listings.
  await expect(grid.getByRole('listitem')).toHaveCount(12);
  await expect(grid.getByRole('link', { name: title })).toBeVisible();

  await page.getByRole('navigation', { name: 'Categorias' }).getByRole('link', { name: 'Contas' }).click();
  await expect(page).toHaveURL(/\/categoria\/freefire\?categoria=accounts$/);
  await expect(grid.getByRole('link', { name: title })).toHaveCount(0);
  await expect(grid.getByRole('article', { name: 'Em breve' }).first()).toBeVisible();

  await expect(page.getByRole('link', { name: 'Sala de Intermediação 4a!' })).toHaveAttribute(
    'href',
    '/intermediacao',
  );
  const sidebar = page.getByRole('complementary', { name: 'Barra lateral' });
  await expect(sidebar.getByRole('link', { name: /^Free Fire\s*\d+\s*anúncios?$/ })).toBeVisible();
});

test('an unknown category says so and links back', async ({ page }) => {
  await page.goto('/categoria/jogo-que-nao-existe');
  await expect(page.getByRole('heading', { name: 'Categoria não encontrada' })).toBeVisible();
  await page.getByRole('link', { name: 'Voltar ao Marketplace' }).click();
  await expect(page).toHaveURL(/\/marketplace$/);
});

test('the search page leads to the marketplace and to each game', async ({ page }) => {
  await page.goto('/search');
  await page.getByRole('list', { name: 'Buscas populares' }).getByRole('link', { name: 'Valorant' }).click();
  await expect(page).toHaveURL(/\/marketplace\?q=valorant$/);

  await page.goto('/search');
  await page.getByRole('searchbox', { name: 'O que você procura?' }).fill('  conta lol ');
  await page.getByRole('searchbox', { name: 'O que você procura?' }).press('Enter');
  await expect(page).toHaveURL(/\/marketplace\?q=conta(%20|\+)lol$/);

  await page.goto('/search');
  await page
    .getByRole('region', { name: 'Categorias' })
    .getByRole('link', { name: /Counter-Strike 2/ })
    .click();
  await expect(page).toHaveURL(/\/categoria\/cs2$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Counter-Strike 2' })).toBeVisible();
});

test('a failed load shows the error toast and an alert that retries', async ({
  page,
  playwright,
  otherMember,
}) => {
  const word = uniqueWord();
  const seller = await Seller.as(playwright.request, otherMember);
  await seller.publish({ gameSlug: 'pubg', kind: 'skins', title: `Skin ${word}`, price: '15' });
  await seller.dispose();
  const failure = { error: { code: 'RATE_LIMITED', message: 'Muitas tentativas. Aguarde alguns minutos.' } };
  await page.route('**/api/listings?**', (route) =>
    route.fulfill({ status: 429, contentType: 'application/json', body: JSON.stringify(failure) }),
  );
  await page.goto(`/marketplace?q=${word}`);
  const toast = page.getByRole('listitem').filter({ hasText: 'Erro ao carregar produtos' });
  await expect(toast.getByText(failure.error.message)).toBeVisible();
  const alert = page.getByRole('alert').filter({ hasText: 'Erro ao carregar produtos' });
  await expect(alert).toContainText(failure.error.message);

  await page.unroute('**/api/listings?**');
  await alert.getByRole('button', { name: 'Tentar Novamente' }).click();
  await expect(cardTitles(page)).toHaveText([`Skin ${word}`]);
  await expect(alert).toHaveCount(0);
});
