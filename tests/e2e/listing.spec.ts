import type { APIRequest, Page } from '@playwright/test';
import { makeImage } from '../helpers/images';
import { apiAs, expect, type Member, signInAs, test } from './support/fixtures';

/** Publishes a Valorant account as `member`, through the real form endpoint. */
async function publishListing(request: APIRequest, member: Member, photoCount = 1) {
  const seller = await apiAs(request, member);
  const { games } = (await (await seller.get('/api/games')).json()) as {
    games: { id: number; slug: string }[];
  };
  const title = `Conta Valorant Imortal ${Math.random().toString(36).slice(2, 7)}`;
  const form = new FormData();
  form.set('gameId', String(games.find((g) => g.slug === 'valorant')?.id));
  form.set('kind', 'accounts');
  form.set('title', title);
  form.set('description', 'Conta full acesso com 40 skins.\n\nEntrega imediata após a confirmação.');
  form.set('price', '349,90');
  form.set('quantity', '3');
  form.set('whatsapp', '(11) 98765-4321');
  for (let n = 0; n < photoCount; n++) {
    const png = await makeImage({ width: 640 + n * 40, height: 480 });
    form.append('photos', new File([new Uint8Array(png)], `foto-${n + 1}.png`, { type: 'image/png' }));
  }
  const response = await seller.post('/api/listings', { multipart: form });
  expect(response.status()).toBe(201);
  const { id } = (await response.json()) as { id: number };
  await seller.dispose();
  return { id, title, path: `/listing/${id}` };
}

const buyBox = (page: Page) => page.getByRole('region', { name: 'Compra', exact: true });

test('a guest sees the listing, and buying asks them to log in', async ({
  page,
  playwright,
  otherMember,
}) => {
  const listing = await publishListing(playwright.request, otherMember);
  await page.goto(listing.path);

  await expect(page.getByRole('heading', { level: 1, name: listing.title })).toBeVisible();
  await expect(page).toHaveTitle(`${listing.title} | Mercado Gamer`);
  await expect(buyBox(page).getByText(/^R\$\s349,90$/)).toBeVisible();
  await expect(
    buyBox(page).getByText(/^Você paga R\$\s349,90 por PIX — sem taxa para o comprador$/),
  ).toBeVisible();
  await expect(buyBox(page).getByText('Disponível • Estoque: 3')).toBeVisible();
  const trail = page.getByRole('navigation', { name: 'Trilha de navegação' });
  await expect(trail.getByRole('link', { name: 'Valorant' })).toHaveAttribute('href', '/categoria/valorant');
  await expect(page.getByRole('img', { name: `${listing.title} - Foto 1` })).toBeVisible();
  await expect(page.getByText(/Membro desde \p{L}+ de \d{4}/u)).toBeVisible();
  await expect(page.getByText('1 anúncio ativo').or(page.getByText(/\d+ anúncios ativos/))).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Descrição' }).getByText('Entrega imediata após a confirmação.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Fazer oferta' })).toHaveCount(0);

  // The first visit was counted: the next load shows it.
  await page.reload();
  await expect(page.locator('dl > div', { hasText: 'Visualizações' }).getByRole('definition')).toHaveText(
    '1',
  );

  // 'Comprar agora' offers the protected purchase (recommended) or the WhatsApp contact; both ask a guest to log in.
  const buy = buyBox(page).getByRole('button', { name: 'Comprar agora' });
  await buy.click();
  const choice = page.getByRole('dialog', { name: 'Como você quer comprar?' });
  await expect(choice.getByText('Recomendado', { exact: true })).toBeVisible();
  await expect(choice.getByText('Pagar fora da plataforma anula a proteção.')).toBeVisible();
  await choice.getByRole('button', { name: 'Compra protegida' }).click();
  await expect(page.getByText('Você precisa estar logado para usar a intermediação.')).toBeVisible();
  await expect(choice).toBeHidden();
  await expect(buy).toBeFocused();

  await buy.click();
  await choice.getByRole('button', { name: 'Falar pelo WhatsApp' }).click();
  await expect(page.getByText('Você precisa estar logado para ver informações de contato.')).toBeVisible();
  await page
    .locator('[data-sonner-toast]', { hasText: 'Você precisa estar logado para ver informações de contato.' })
    .getByRole('button', { name: 'Entrar' })
    .click();
  // To the login, which comes back here with the buy choice (buyer-return.spec.ts).
  await expect(page).toHaveURL(/\/login\?destino=%2Flisting%2F\d+%3Facao%3Dcomprar$/);
});

test('a signed-in buyer reveals the seller’s WhatsApp', async ({
  page,
  playwright,
  member: _buyer,
  otherMember: seller,
}) => {
  const listing = await publishListing(playwright.request, seller);
  await page.context().route('https://wa.me/**', (route) => route.fulfill({ body: 'WhatsApp' }));
  await page.goto(listing.path);

  await buyBox(page).getByRole('button', { name: 'Falar com o vendedor' }).click();
  await expect(buyBox(page).getByText(/clique em Comprar agora/)).toBeVisible();

  await buyBox(page).getByRole('button', { name: 'Comprar agora' }).click();
  const popup = page.waitForEvent('popup');
  await page
    .getByRole('dialog', { name: 'Como você quer comprar?' })
    .getByRole('button', { name: 'Falar pelo WhatsApp' })
    .click();
  const whatsapp = await popup;
  await whatsapp.waitForLoadState();
  expect(whatsapp.url()).toBe('https://wa.me/5511987654321');
  await expect(buyBox(page).getByRole('link', { name: '+55 (11) 98765-4321' })).toHaveAttribute(
    'href',
    'https://wa.me/5511987654321',
  );
});

test('questions and answers: buyer, seller and staff', async ({
  page,
  playwright,
  member: buyer,
  otherMember: seller,
  staff,
}) => {
  test.slow(); // three people and a dozen round trips
  const listing = await publishListing(playwright.request, seller);
  await page.context().clearCookies();
  await page.goto(listing.path);
  const comments = page.getByRole('region', { name: 'Perguntas e comentários' });
  await expect(comments.getByText('Nenhum comentário ainda.', { exact: false })).toBeVisible();
  await expect(comments.getByRole('link', { name: 'Entre na sua conta' })).toHaveAttribute('href', '/login');

  await signInAs(page.context(), buyer);
  await page.reload();
  const send = comments.getByRole('button', { name: 'Enviar' });
  await expect(send).toBeDisabled();
  await comments.getByLabel('Seu comentário').fill('   ');
  await expect(send).toBeDisabled();
  await comments.getByLabel('Seu comentário').fill('A conta ainda tem o e-mail original?');
  await send.click();
  await expect(page.getByText('Comentário enviado!')).toBeVisible();
  const question = comments.getByRole('listitem').filter({ hasText: 'A conta ainda tem o e-mail original?' });
  await expect(question).toContainText(buyer.nickname);
  await expect(question).toContainText('Agora mesmo');
  await expect(comments.getByLabel('Seu comentário')).toHaveValue('');

  await signInAs(page.context(), seller);
  await page.reload();
  await expect(buyBox(page).getByRole('link', { name: 'Editar anúncio' })).toHaveAttribute(
    'href',
    `${listing.path}/editar`,
  );
  await expect(buyBox(page).getByRole('button', { name: 'Comprar agora' })).toHaveCount(0);
  await comments.getByLabel('Seu comentário').fill('Tem sim, você recebe tudo.');
  await comments.getByRole('button', { name: 'Enviar' }).click();
  const answer = comments.getByRole('listitem').filter({ hasText: 'Tem sim, você recebe tudo.' });
  await expect(answer.getByText('Vendedor', { exact: true })).toBeVisible();
  await expect(question.getByText('Vendedor', { exact: true })).toHaveCount(0);

  const staffApi = await apiAs(playwright.request, staff);
  const posted = await staffApi.post(`/api/listings/${listing.id}/comments`, {
    data: { body: 'Use a intermediação segura.' },
  });
  expect(posted.status()).toBe(201);
  await staffApi.dispose();
  await page.reload();
  const note = comments.getByRole('listitem').filter({ hasText: 'Use a intermediação segura.' });
  await expect(note.getByText('Equipe', { exact: true })).toBeVisible();
  await expect(note).toContainText(staff.nickname);
});

test('the gallery switches photos with the thumbnails and the arrow keys', async ({
  page,
  playwright,
  otherMember,
}) => {
  const listing = await publishListing(playwright.request, otherMember, 3);
  await page.goto(listing.path);
  const gallery = page.getByRole('region', { name: `Fotos de ${listing.title}` });
  await expect(gallery.getByRole('img', { name: `${listing.title} - Foto 1` })).toBeVisible();
  await gallery.getByRole('button', { name: 'Foto 2' }).click();
  await expect(gallery.getByRole('img', { name: `${listing.title} - Foto 2` })).toBeVisible();
  await expect(gallery.getByRole('button', { name: 'Foto 2' })).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('ArrowRight');
  await expect(gallery.getByRole('img', { name: `${listing.title} - Foto 3` })).toBeVisible();
  await expect(gallery.getByRole('button', { name: 'Foto 3' })).toBeFocused();
  await gallery.getByRole('button', { name: 'Próxima foto' }).click();
  await expect(gallery.getByText('1 / 3')).toBeVisible();
});

test('a missing listing says so and leads home', async ({ page }) => {
  await page.goto('/listing/999999');
  await expect(page.getByRole('heading', { name: 'Produto não encontrado' })).toBeVisible();
  await expect(page).toHaveTitle('Produto não encontrado | Mercado Gamer');
  await page.goto('/listing/abc');
  await expect(page.getByRole('heading', { name: 'Produto não encontrado' })).toBeVisible();
  await page.getByRole('link', { name: 'Voltar ao início' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test.describe('when the listing cannot load', () => {
  test.use({ allowedConsoleErrors: { patterns: [/status of 500/] } });

  test('it says so and goes home', async ({ page }) => {
    test.slow(); // the error shows after the query layer's retries (1 s, 2 s, 4 s)
    await page.route('**/api/listings/1', (route) =>
      route.fulfill({ status: 500, json: { error: { code: 'INTERNAL', message: 'x' } } }),
    );
    await page.goto('/listing/1');
    // After the query layer's retries (1 s, 2 s, 4 s).
    await expect(page.getByText('Erro ao carregar a publicação')).toBeVisible({ timeout: 15_000 });
    await expect(page).toHaveURL(/\/home$/);
  });
});
