import { expect, test } from './support/fixtures';

test('guests see Entrar and Cadastrar, the games and the welcome page', async ({ page }) => {
  await page.goto('/');
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('link', { name: 'Entrar' })).toHaveAttribute('href', '/login');
  await expect(banner.getByRole('link', { name: 'Cadastrar' })).toHaveAttribute('href', '/register');
  await expect(page.getByRole('heading', { name: 'Olá, Jogador' })).toBeVisible();
  const sidebar = page.getByRole('complementary', { name: 'Barra lateral' });
  await expect(sidebar.getByRole('link', { name: 'League of Legends' })).toHaveAttribute(
    'href',
    '/categoria/lol',
  );
  await expect(sidebar.getByRole('link', { name: 'Minhas Ofertas' })).toHaveCount(0);
  await page.goto('/inicio');
  await expect(page.getByRole('link', { name: 'Explorar Marketplace' })).toHaveAttribute(
    'href',
    '/marketplace',
  );
});

test('signed-in users get their links and a greeting', async ({ page, member }) => {
  await page.goto('/inicio');
  await expect(page.getByRole('heading', { name: `Olá, ${member.nickname}` })).toBeVisible();
  const sidebar = page.getByRole('complementary', { name: 'Barra lateral' });
  await expect(sidebar.getByRole('link', { name: 'Minhas Ofertas' })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Meus Dados' })).toBeVisible();
});

test('the top-bar search goes to the marketplace only with text', async ({ page }) => {
  await page.goto('/home');
  const search = page.getByRole('searchbox', { name: 'Buscar' });
  await search.fill('   ');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/home$/);
  await search.fill('  skin ak ');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/marketplace\?q=skin(%20|\+)ak$/);
});

test('the welcome search lands on the marketplace results; /home?q= and /search?q= too', async ({ page }) => {
  await page.goto('/inicio');
  await page.getByRole('searchbox', { name: 'O que você procura?' }).fill('conta valorant');
  await page.getByRole('button', { name: 'Pesquisar' }).click();
  await expect(page).toHaveURL(/\/marketplace\?q=conta(%20|\+)valorant$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Resultados para “conta valorant”' }),
  ).toBeVisible();
  await expect(page.getByText('Ver resultados no Marketplace')).toHaveCount(0);
  for (const old of ['/home?q=vbucks', '/search?q=vbucks']) {
    await page.goto(old);
    await expect(page).toHaveURL(/\/marketplace\?q=vbucks$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Resultados para “vbucks”' })).toBeVisible();
    await expect(
      page
        .getByRole('list', { name: 'Produtos', exact: true })
        .getByText('1.000 V-Bucks Fortnite', { exact: false }),
    ).toBeVisible();
  }
});

test('an unknown path shows the 404 page', async ({ page }) => {
  const warnings: string[] = [];
  page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
  await page.goto('/nao-existe/mesmo');
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
  // The server's first screen may show the heading before the router runs and warns: wait for the warning.
  await expect.poll(() => warnings.join('\n')).toContain('/nao-existe/mesmo');
  // Served with 200 like every client route, so the page itself tells search engines to drop it.
  const noindex = page.locator('meta[name="robots"][content="noindex"]');
  await expect(noindex).toHaveCount(1);
  await page.getByRole('link', { name: 'Voltar ao início' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(noindex).toHaveCount(0);
});

test('the collapsed sidebar stays collapsed after a reload (button and Ctrl+B)', async ({ page }) => {
  await page.goto('/home');
  const toggle = page.getByRole('button', { name: 'Alternar barra lateral' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Alternar barra lateral' })).toHaveAttribute(
    'aria-expanded',
    'false',
  );
  const cookie = (await page.context().cookies()).find((c) => c.name === 'sidebar_state');
  expect(cookie?.expires).toBeGreaterThan(Date.now() / 1000 + 6 * 24 * 3600);
  await page.keyboard.press('Control+b');
  await expect(page.getByRole('button', { name: 'Alternar barra lateral' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
});

test('the Serviços menu leads to publishing and the secure trade', async ({ page }) => {
  await page.goto('/home');
  await page.getByRole('button', { name: 'Serviços' }).click();
  await expect(page.getByRole('menuitem', { name: 'Publicar Produto' })).toHaveAttribute(
    'href',
    '/publicar-produto',
  );
  await expect(page.getByRole('menuitem', { name: 'Intermediação Segura' })).toHaveAttribute(
    'href',
    '/intermediacao',
  );
});

test('hashed assets are cached for a year, pages are not', async ({ page }) => {
  const page404 = await page.request.get('/qualquer-rota');
  expect(page404.headers()['cache-control']).toBe('no-cache');
  const html = await page404.text();
  const asset = html.match(/\/assets\/[^"]+\.js/)?.[0];
  expect(asset).toBeTruthy();
  expect((await page.request.get(asset!)).headers()['cache-control']).toBe(
    'public, max-age=31536000, immutable',
  );
  expect((await page.request.get('/api/nada')).status()).toBe(404);
});
