import { makeImage } from '../helpers/images';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { apiAs, expect, screenshot, signInAs, test } from './support/fixtures';
import { publishForOffers } from './support/offers';

const png = async (name: string, width: number) => ({
  name,
  mimeType: 'image/png',
  buffer: await makeImage({ width, height: 400 }),
});

test('on a phone, the seller attaches delivery proof and the buyer opens it in the room', async ({
  page: sellerPage,
  browser,
  playwright,
  member: seller,
  otherMember: buyer,
  staff,
}) => {
  test.slow();
  const listing = await publishForOffers(playwright.request, seller, '39,90');
  const buyerApi = await apiAs(playwright.request, buyer);
  const started = await buyerApi.post('/api/trades', { data: { listingId: listing.id } });
  expect(started.status()).toBe(201);
  const { id } = (await started.json()) as { id: number };
  const sellerApi = await apiAs(playwright.request, seller);
  expect((await sellerApi.post(`/api/trades/${id}/value`, { data: { amount: '39,90' } })).status()).toBe(200);
  const staffApi = await apiAs(playwright.request, staff);
  expect((await staffApi.post(`/api/trades/${id}/payment`, { data: {} })).status()).toBe(200);
  await Promise.all([buyerApi.dispose(), sellerApi.dispose(), staffApi.dispose()]);

  await sellerPage.goto(`/intermediacao/${id}`);
  const actions = sellerPage.getByRole('region', { name: 'Ações' });
  await actions.getByLabel('Observação (opcional)').fill('Itens enviados pela troca do jogo.');
  const picker = actions.getByLabel('Fotos da entrega (opcional, até 4)', { exact: true });
  await picker.setInputFiles([
    await png('troca.png', 900),
    await png('inventario.png', 700),
    await png('extra.png', 500),
  ]);
  const previews = actions.getByRole('list', { name: 'Fotos selecionadas' }).getByRole('img');
  await expect(previews).toHaveCount(3);
  await actions.getByRole('button', { name: 'Remover foto 3' }).click();
  await expect(previews).toHaveCount(2);
  await expectNoSeriousA11yViolations(sellerPage);
  await actions.getByRole('button', { name: 'Registrar entrega' }).scrollIntoViewIfNeeded();
  await screenshot(sellerPage, 'trade-delivery-form-mobile');
  await actions.getByRole('button', { name: 'Registrar entrega' }).click();
  await expect(sellerPage.getByText('Entrega Registrada', { exact: true })).toBeVisible();

  const context = await browser.newContext({
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  await signInAs(context, buyer);
  const buyerPage = await context.newPage();
  await buyerPage.goto(`/intermediacao/${id}`);
  const proof = buyerPage.getByRole('list', { name: 'Fotos da entrega' });
  for (const name of ['Comprovante de entrega 1', 'Comprovante de entrega 2']) {
    const photo = proof.getByRole('img', { name });
    await expect(photo).toBeVisible();
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
  }
  await proof.scrollIntoViewIfNeeded();
  await expectNoSeriousA11yViolations(buyerPage);
  await screenshot(buyerPage, 'trade-room-photos-mobile');

  // A thumbnail opens the photo at full size in a new tab.
  const [full] = await Promise.all([context.waitForEvent('page'), proof.getByRole('link').first().click()]);
  await full.waitForLoadState();
  expect(full.url()).toMatch(new RegExp(`/api/trades/${id}/photos/\\d+\\?w=1280$`));
  await context.close();
});
