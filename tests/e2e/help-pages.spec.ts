import { FEE_RATE_BPS, formatFeeRate } from '@shared/fees';
import { type MetaPath, pageAliases, pageMeta } from '@shared/page-meta';
import { describePenalty, SELLER_PENALTIES, TRADE_TIMERS } from '@shared/trade-rules';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { expect, screenshot, test } from './support/fixtures';

/** Each static page, its h1 and the tab title it sets. */
const pages = [
  { path: '/ajuda', heading: 'Central de Ajuda' },
  { path: '/termos-uso', heading: 'Termos de Uso' },
  { path: '/termos', heading: 'Termos de Uso' },
  { path: '/privacidade', heading: 'Política de Privacidade' },
  { path: '/sobre', heading: 'Sobre o Mercado Gamer' },
  { path: '/politicas-vendas', heading: 'Políticas de Vendas' },
  { path: '/seguranca', heading: 'Segurança' },
  { path: '/guia-marketplace', heading: 'Guia do Marketplace' },
  { path: '/servicos', heading: 'Compre e venda com proteção' },
] as const;

for (const { path, heading } of pages) {
  test(`${path} shows its one h1, sets the tab title and passes axe`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(page).toHaveTitle(pageMeta[(pageAliases[path] ?? path) as MetaPath].title);
    await expectNoSeriousA11yViolations(page);
  });
}

test('client-side navigation between public pages updates the tab title', async ({ page }) => {
  await page.goto('/ajuda');
  await expect(page).toHaveTitle(pageMeta['/ajuda'].title);
  // Set in this document: still there after the links below means the app navigated, not the browser.
  await page.evaluate(() => {
    (window as { sameDocument?: boolean }).sameDocument = true;
  });

  await page
    .getByRole('list', { name: 'Guias' })
    .getByRole('link', { name: /Segurança/ })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Segurança');
  await expect(page).toHaveTitle(pageMeta['/seguranca'].title);

  await page.goBack();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Central de Ajuda');
  await expect(page).toHaveTitle(pageMeta['/ajuda'].title);

  await page
    .getByRole('list', { name: 'Guias' })
    .getByRole('link', { name: /Políticas/ })
    .click();
  await expect(page).toHaveTitle(pageMeta['/politicas-vendas'].title);
  expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
  await expectNoSeriousA11yViolations(page);
});

test('the built server sends a page’s tags once in its HTML, and serves the preview image they name', async ({
  request,
}) => {
  const html = await (await request.get('/sobre')).text();
  expect(html.match(/<title>/g)).toHaveLength(1);
  expect(html).toContain(`<title>${pageMeta['/sobre'].title}</title>`);
  for (const tag of ['name="description"', 'property="og:title"', 'property="og:image"', 'rel="canonical"'])
    expect(html.split(tag), tag).toHaveLength(2);
  const image = html.match(/<meta property="og:image" content="([^"]+)"/)?.[1] as string;
  const served = await request.get(new URL(image).pathname);
  expect([served.status(), served.headers()['content-type']]).toEqual([200, 'image/png']);
});

test('the FAQ opens and closes with the keyboard, one answer at a time', async ({ page }) => {
  await page.goto('/ajuda');
  const fees = page.getByRole('button', { name: 'Quais são as taxas?' });
  const ratings = page.getByRole('button', { name: 'Como funcionam as avaliações?' });
  await expect(fees).toHaveAttribute('aria-expanded', 'false');

  await fees.focus();
  await page.keyboard.press('Enter');
  await expect(fees).toHaveAttribute('aria-expanded', 'true');
  // The fee the answer states is the one the ledger applies.
  const rate = formatFeeRate(FEE_RATE_BPS);
  expect(rate).toBe('5%');
  await expect(page.getByRole('region', { name: 'Quais são as taxas?' })).toContainText(
    `A plataforma cobra ${rate} do valor final da venda`,
  );
  await expect(page.getByRole('region', { name: 'Quais são as taxas?' })).toContainText(
    'numa venda de R$ 100,00, a taxa é de R$ 5,00 e o vendedor recebe R$ 95,00',
  );

  // Arrow keys move between questions; Space opens one, which closes the other.
  await page.keyboard.press('ArrowUp');
  await expect(ratings).toBeFocused();
  await page.keyboard.press('Space');
  await expect(ratings).toHaveAttribute('aria-expanded', 'true');
  await expect(fees).toHaveAttribute('aria-expanded', 'false');
  await expectNoSeriousA11yViolations(page);
  await ratings.focus();
  await page.keyboard.press('Enter');
  await expect(ratings).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('region', { name: 'Como funcionam as avaliações?' })).toHaveCount(0);
});

test('the help center lists the configured contact channels, else the ticket form, and the four guides', async ({
  page,
}) => {
  // The e2e server sets no SUPPORT_EMAIL or SUPPORT_WHATSAPP: no invented contact, the ticket form instead.
  await page.goto('/ajuda');
  const channels = page.getByRole('list', { name: 'Canais de atendimento' });
  await expect(channels.getByRole('link', { name: 'Entrar no Discord' })).toHaveAttribute(
    'href',
    'https://discord.gg/mercadogamer',
  );
  await expect(channels.getByRole('link', { name: 'Abrir chamado' })).toBeVisible();
  await expect(channels.getByRole('link', { name: 'Enviar e-mail' })).toHaveCount(0);
  await expect(page.getByText(/mercadogamer\.example|90000-0000/)).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await channels.scrollIntoViewIfNeeded();
  await screenshot(page, 'ajuda-contato-1440');
  await channels.getByRole('link', { name: 'Abrir chamado' }).click();
  await expect(page).toHaveURL(/\/ajuda#chamados$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Abrir chamado' })).toBeInViewport();

  // An operator's channels, as GET /api/contact gives them.
  await page.route('**/api/contact', (route) =>
    route.fulfill({ json: { email: 'ajuda@loja.com.br', whatsapp: '(21) 98765-4321' } }),
  );
  await page.goto('/ajuda');
  await expect(channels.getByRole('link', { name: 'Enviar e-mail' })).toHaveAttribute(
    'href',
    'mailto:ajuda@loja.com.br',
  );
  await expect(channels.getByRole('link', { name: /Chamar no WhatsApp/ })).toHaveAttribute(
    'href',
    'https://wa.me/5521987654321',
  );
  await expect(channels.getByRole('link', { name: 'Abrir chamado' })).toHaveCount(0);
  await page.unroute('**/api/contact');

  await page
    .getByRole('list', { name: 'Guias' })
    .getByRole('link', { name: /Guia do vendedor/ })
    .click();
  await expect(page).toHaveURL(/\/guia-marketplace#vendedores$/);
  await expect(page.getByRole('heading', { level: 2, name: /Para vendedores/ })).toBeInViewport();
});

test('the sales policies show the timers and penalties of the shared rules, fee from the constant', async ({
  page,
}) => {
  await page.goto('/politicas-vendas');
  const deadlines = page.getByRole('table', { name: 'Prazos de cada etapa da intermediação' });
  await expect(deadlines.getByRole('row')).toHaveCount(6);
  await expect(deadlines).toContainText(
    `${TRADE_TIMERS.buyerConfirmationHours} horas após a entrega marcada`,
  );
  const penalties = page.getByRole('table', { name: 'Penalidade por infração' });
  for (const penalty of SELLER_PENALTIES) {
    await expect(penalties.getByRole('row', { name: new RegExp(penalty.breach) })).toContainText(
      describePenalty(penalty),
    );
  }
  await expect(penalties).toContainText('Suspensão de 7 dias');
  await expect(page.getByText(`${formatFeeRate(FEE_RATE_BPS)} do valor final da venda`)).toBeVisible();

  // The table of contents jumps to its section.
  await page
    .getByRole('navigation', { name: 'Nesta página' })
    .getByRole('link', { name: /Penalidades/ })
    .click();
  await expect(page).toHaveURL(/#penalidades$/);
  await expect(page.getByRole('heading', { level: 2, name: /Penalidades/ })).toBeInViewport();
});

test('the security page states the 1-hour investigation and the R$ 5.000,00 bug bounty', async ({ page }) => {
  await page.goto('/seguranca');
  await expect(page.getByText(/investigados em até 1 hora/)).toBeVisible();
  await expect(page.getByText(/recompensa de até R\$\s5\.000,00/)).toBeVisible();
  // The e2e server sets no SECURITY_EMAIL or SUPPORT_EMAIL: reports go to the ticket form, no invented address.
  await expect(page.getByRole('link', { name: 'em um chamado na Central de Ajuda' })).toHaveAttribute(
    'href',
    '/ajuda#chamados',
  );
  await expect(page.getByText(/mercadogamer\.example/)).toHaveCount(0);
});

test('the services page links to intermediation and publishing', async ({ page }) => {
  await page.goto('/servicos');
  await expect(page.getByRole('link', { name: 'Solicitar intermediação segura' })).toHaveAttribute(
    'href',
    '/intermediacao',
  );
  // A guest who follows it is sent on to /login at once, so the link itself is what is checked.
  await expect(page.getByRole('link', { name: 'Publicar produto' })).toHaveAttribute(
    'href',
    '/publicar-produto',
  );
});

test('every footer link opens a real page, not the 404', async ({ page }) => {
  await page.goto('/home');
  const footer = page.getByRole('navigation', { name: 'Institucional' });
  const links = footer.getByRole('link');
  await expect(links).toHaveCount(11);
  const targets = await links.evaluateAll((anchors) =>
    anchors.map((a) => ({ href: a.getAttribute('href') ?? '', label: a.textContent ?? '' })),
  );
  for (const { href, label } of targets) {
    await footer.getByRole('link', { name: label, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Oops! Page not found' })).toHaveCount(0);
  }
});
