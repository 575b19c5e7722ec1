import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { makeImage, makeLargeJpeg, makeTextFile } from '../helpers/images';
import { expect, signInAs, test } from './support/fixtures';

const unique = () => Math.random().toString(36).slice(2, 7);

async function photo(n: number) {
  return {
    name: `foto-${n}.png`,
    mimeType: 'image/png',
    buffer: await makeImage({ width: 320 + n, height: 240 }),
  };
}

async function photos(count: number) {
  return Promise.all(Array.from({ length: count }, (_, n) => photo(n + 1)));
}

interface ListingInput {
  title: string;
  price: string;
  game?: string;
  photoCount?: number;
}

/** Fills the publish form found in `scope` (the dialog or the page). */
async function fillListing(
  scope: Page | Locator,
  { title, price, game = 'Valorant', photoCount = 1 }: ListingInput,
) {
  if (photoCount > 0)
    await scope.getByLabel('Fotos', { exact: true }).setInputFiles(await photos(photoCount));
  await scope.getByLabel('Jogo', { exact: true }).selectOption({ label: game });
  await scope.getByLabel('Categoria', { exact: true }).selectOption({ label: 'Contas' });
  await scope.getByLabel('Título', { exact: true }).fill(title);
  await scope
    .getByLabel('Descrição', { exact: true })
    .fill('Conta full acesso, e-mail trocável. Entrega imediata.');
  await scope.getByLabel('Preço (R$)', { exact: true }).fill(price);
  await scope.getByLabel('WhatsApp', { exact: true }).fill('(11) 98765-4321');
}

/** A listing of the signed-in member, created through the API for journeys that are not about publishing. */
async function createListing(request: APIRequestContext, title: string) {
  const { games } = (await (await request.get('/api/games')).json()) as {
    games: { id: number; slug: string }[];
  };
  const response = await request.post('/api/listings', {
    multipart: {
      gameId: String(games.find((g) => g.slug === 'valorant')?.id),
      kind: 'accounts',
      title,
      description: 'Conta com 40 skins e e-mail trocável.',
      price: '25,00',
      quantity: '1',
      whatsapp: '11987654321',
      photos: await photo(1),
    },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

test('the seller publishes through the Serviços dialog and lands on the new listing, ready to share', async ({
  page,
  member: _seller,
}) => {
  await page.goto('/home');
  await page.getByRole('button', { name: 'Serviços' }).click();
  await page.getByRole('menuitem', { name: 'Publicar Produto' }).click();

  const dialog = page.getByRole('dialog', { name: 'Publicar Item/Conta' });
  await expect(dialog.getByText('Preencha as informações do produto que deseja negociar.')).toBeVisible();
  const title = `Conta Valorant Radiante ${unique()}`;
  await fillListing(dialog, { title, price: '149,90', photoCount: 2 });
  await expect(dialog.getByRole('img', { name: 'Foto 2' })).toBeVisible();
  await expect(dialog.getByText('Principal', { exact: true })).toBeVisible();

  await dialog.getByRole('button', { name: 'Publicar Item' }).click();
  await expect(page.getByText('Produto publicado com sucesso!')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/listing\/\d+$/);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  const notice = page.getByRole('region', { name: 'Seu anúncio está no ar!' });
  await expect(notice.getByRole('button', { name: 'Compartilhar' })).toBeVisible();

  // Without a share sheet (a desktop), 'Compartilhar' copies the listing's address.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.evaluate(() => Object.defineProperty(navigator, 'share', { value: undefined }));
  await notice.getByRole('button', { name: 'Compartilhar' }).click();
  await expect(page.getByText('Link copiado')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());

  await notice.getByRole('button', { name: 'Fechar aviso' }).click();
  await expect(notice).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(notice).toBeHidden();
});

test('Escape closes the publish dialog and gives focus back to Serviços', async ({
  page,
  member: _seller,
}) => {
  await page.goto('/home');
  const services = page.getByRole('banner').getByRole('button', { name: 'Serviços' });
  await services.click();
  await page.getByRole('menuitem', { name: 'Publicar Produto' }).click();
  const dialog = page.getByRole('dialog', { name: 'Publicar Item/Conta' });
  await expect(dialog.getByLabel('Título', { exact: true })).toBeVisible();

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(services).toBeFocused();
});

test('the seller publishes from /publicar-produto and lands on the new listing', async ({
  page,
  member: _seller,
}) => {
  await page.goto('/publicar-produto');
  await expect(page.getByRole('heading', { name: 'Publicar Produto' })).toBeVisible();
  const title = `Skin Vandal Reaver ${unique()}`;
  await fillListing(page, { title, price: '1.250,00' });
  await page.getByRole('button', { name: 'Publicar Item' }).click();
  await expect(page.getByText('Produto publicado com sucesso!')).toBeVisible();
  await expect(page).toHaveURL(/\/listing\/\d+$/);
  await expect(page.getByRole('region', { name: 'Seu anúncio está no ar!' })).toBeVisible();

  const mine = await (await page.request.get('/api/listings/mine?limit=3')).json();
  expect(mine.items[0]).toMatchObject({ title, priceCents: 125_000, kind: 'accounts' });
  expect(page.url()).toMatch(new RegExp(`/listing/${mine.items[0].id}$`));
});

test('phone photos: a file that is not an image is named, a large JPEG is reduced, a HEIC converted, and any photo made the cover', async ({
  page,
  member: _seller,
}) => {
  await page.goto('/publicar-produto');
  const form = page.getByRole('main');
  const input = form.getByLabel('Fotos', { exact: true });

  // Decoded before any byte is sent: the third file of the selection is text under a photo's name.
  let uploads = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/listings')) uploads += 1;
  });
  const small = {
    name: 'pequena.png',
    mimeType: 'image/png',
    buffer: await makeImage({ width: 321, height: 240 }),
  };
  const large = { name: 'camera.jpg', mimeType: 'image/jpeg', buffer: await makeLargeJpeg() };
  const heic = {
    name: 'iphone.heic',
    mimeType: 'image/heic',
    buffer: readFileSync(path.join(import.meta.dirname, '../fixtures/photos/phone-photo.heic')),
  };
  expect(large.buffer.length).toBeGreaterThan(5 * 1024 * 1024);
  await input.setInputFiles([
    small,
    large,
    { name: 'foto.jpg', mimeType: 'image/jpeg', buffer: makeTextFile() },
  ]);
  await expect(page.getByText('A foto 3 não é uma imagem')).toBeVisible();
  await expect(form.getByText('0/8 fotos')).toBeVisible();

  await input.setInputFiles([small, large, heic]);
  await expect(form.getByText('3/8 fotos')).toBeVisible();
  await expect(form.getByRole('img', { name: 'Foto 3' })).toBeVisible();

  // The HEIC becomes the cover, then the JPEG moves before the PNG.
  await form.getByRole('button', { name: 'Usar foto 3 como principal' }).click();
  await form.getByRole('button', { name: 'Mover foto 3 para a esquerda' }).click();
  await expect(form.getByRole('button', { name: 'Usar foto 1 como principal' })).toHaveCount(0);

  const title = `Conta Valorant Imortal ${unique()}`;
  await fillListing(page, { title, price: '300,00', photoCount: 0 });
  await form.getByRole('button', { name: 'Publicar Item' }).click();
  await expect(page).toHaveURL(/\/listing\/\d+$/);
  expect(uploads).toBe(1);

  const id = page.url().split('/').pop();
  const listing = await (await page.request.get(`/api/listings/${id}`)).json();
  const sizes = listing.images.map((image: { width: number; height: number }) => [image.width, image.height]);
  // The HEIC (800×600) first, then the JPEG re-encoded under 5 MB at its full size (the server takes no more than
  // 5 MB: that it took it proves the reduction), then the PNG.
  expect(sizes).toEqual([
    [800, 600],
    [2400, 1800],
    [321, 240],
  ]);
  expect(listing.images[0].isPrimary).toBe(true);
});

test('the form explains what is missing or wrong', async ({ page, member: _seller }) => {
  await page.goto('/publicar-produto');
  const form = page.getByRole('main');

  await form.getByRole('button', { name: 'Publicar Item' }).click();
  await expect(page.getByText('Por favor, preencha todos os campos obrigatórios.')).toBeVisible();
  await expect(form.getByText('Adicione pelo menos uma imagem do seu produto.')).toBeVisible();
  await expect(form.getByLabel('Título', { exact: true })).toHaveAttribute('aria-invalid', 'true');

  await fillListing(page, { title: 'Conta grátis?', price: '0' });
  await form.getByRole('button', { name: 'Publicar Item' }).click();
  await expect(
    form.getByRole('alert').filter({ hasText: 'Preço deve ser um valor válido maior que zero.' }),
  ).toBeVisible();

  const input = form.getByLabel('Fotos', { exact: true });
  await form.getByRole('button', { name: 'Remover foto 1' }).click();
  await input.setInputFiles(await photos(9));
  await expect(page.getByText('Você pode selecionar no máximo 8 fotos.')).toBeVisible();
  await expect(form.getByText('0/8 fotos')).toBeVisible();

  await input.setInputFiles({ name: 'leia-me.txt', mimeType: 'text/plain', buffer: makeTextFile() });
  await expect(page.getByText('A foto 1 não é uma imagem')).toBeVisible();
  await expect(form.getByText('0/8 fotos')).toBeVisible();
});

test('the seller finds the item in the menu, edits it and deletes it from the profile', async ({
  page,
  member,
}) => {
  test.slow(); // publish, edit with new photos, delete: three uploads and their re-encoding
  const title = `Conta LoL Diamante ${unique()}`;
  const id = await createListing(page.request, title);

  await page.goto('/home');
  await page.getByRole('banner').getByRole('button', { name: member.nickname }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('group', { name: 'Meus Itens' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: new RegExp(title) })).toHaveAttribute(
    'href',
    `/listing/${id}`,
  );
  await page.keyboard.press('Escape');

  // Edit: a new title and price; the existing photo is replaced by two new ones.
  await page.goto(`/listing/${id}/editar`);
  await expect(page.getByLabel('Título', { exact: true })).toHaveValue(title);
  await expect(page.getByLabel('Preço (R$)', { exact: true })).toHaveValue('25,00');
  await expect(page.getByLabel('Jogo', { exact: true })).toHaveValue(/\d+/);
  const edited = `${title} editada`;
  await page.getByLabel('Título', { exact: true }).fill(edited);
  await page.getByLabel('Preço (R$)', { exact: true }).fill('31,50');
  await page.getByRole('button', { name: 'Remover foto 1' }).click();
  await page.getByLabel('Fotos', { exact: true }).setInputFiles(await photos(2));
  await page.getByRole('button', { name: 'Salvar Alterações' }).click();
  await expect(page.getByText('Produto atualizado com sucesso!')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/listing/${id}$`));
  await expect(page.getByRole('heading', { level: 1, name: edited })).toBeVisible();
  await expect(page.getByText(/R\$\s31,50/).first()).toBeVisible();
  const detail = await (await page.request.get(`/api/listings/${id}`)).json();
  expect(detail.images).toHaveLength(2);

  await page.goto('/perfil');
  await expect(page.getByRole('heading', { name: member.nickname })).toBeVisible();
  await expect(page.getByText(member.email)).toBeVisible();
  const row = page.getByRole('listitem').filter({ hasText: edited });
  await expect(row.getByRole('link', { name: 'Visualizar' })).toHaveAttribute('href', `/listing/${id}`);
  await expect(row.getByRole('link', { name: 'Editar' })).toHaveAttribute('href', `/listing/${id}/editar`);
  await row.getByRole('button', { name: 'Excluir' }).click();
  const confirm = page.getByRole('dialog', { name: 'Excluir publicação?' });
  await confirm.getByRole('button', { name: 'Excluir' }).click();
  await expect(page.getByText('Publicação excluída com sucesso')).toBeVisible();
  await expect(row).toHaveCount(0);
  expect((await page.request.get(`/api/listings/${id}`)).status()).toBe(404);
});

test('only the owner may edit a listing', async ({ page, member: _owner, otherMember }) => {
  const id = await createListing(page.request, `Conta Valorant Ouro ${unique()}`);
  await signInAs(page.context(), otherMember);
  await page.goto(`/listing/${id}/editar`);
  await expect(
    page.getByRole('heading', { name: 'Você só pode editar suas próprias publicações.' }),
  ).toBeVisible();
});

test('guests are sent to log in', async ({ page }) => {
  await page.goto('/publicar-produto');
  await expect(page.getByText('Acesso negado')).toBeVisible();
  await expect(page.getByText('Você precisa estar logado para publicar produtos.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByRole('button', { name: 'Serviços' }).click();
  await page.getByRole('menuitem', { name: 'Publicar Produto' }).click();
  await expect(page.getByText('Login necessário')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Publicar Item/Conta' })).toHaveCount(0);

  await page.goto('/perfil');
  await expect(page).toHaveURL(/\/login$/);
});
