import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { apiAs, expect, signInAs, test } from './support/fixtures';
import { offerAs, publishForOffers } from './support/offers';

const buyBox = (page: Page) => page.getByRole('region', { name: 'Compra', exact: true });
const offersBlock = (page: Page) => page.getByRole('region', { name: /Ofertas recebidas/ });
const offerRow = (page: Page, title: string) => page.getByRole('listitem').filter({ hasText: title });

test('a buyer makes an offer, the seller accepts it and lands in the trade room', async ({
  page,
  context,
  playwright,
  member: buyer,
  otherMember: seller,
}) => {
  test.slow();
  const listing = await publishForOffers(playwright.request, seller);

  // The buyer offers from the listing page.
  await page.goto(listing.path);
  const offerButton = buyBox(page).getByRole('button', { name: 'Fazer oferta' });
  await offerButton.click();
  const dialog = page.getByRole('dialog', { name: 'Fazer oferta' });
  await expect(dialog.getByText(/Preço anunciado: R\$\s349,90/)).toBeVisible();
  await expect(dialog.getByLabel('Sua oferta (R$)')).toHaveAttribute('inputmode', 'decimal');
  await expectNoSeriousA11yViolations(page);

  await dialog.getByRole('button', { name: 'Enviar oferta' }).click();
  await expect(page.getByText('Valor inválido')).toBeVisible();
  await expect(dialog.getByRole('alert')).toHaveText('Por favor, insira um valor válido.');

  await dialog.getByLabel('Sua oferta (R$)').fill('300,50');
  await dialog.getByLabel('Mensagem (opcional)').fill('  Pago via PIX ainda hoje.  ');
  await dialog.getByRole('button', { name: 'Enviar oferta' }).click();
  await expect(page.getByText('Oferta enviada!')).toBeVisible();
  await expect(
    page.getByText('Sua oferta foi enviada com sucesso. O vendedor será notificado.'),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(offerButton).toBeFocused();

  // A second pending offer on the same listing is refused with the server's reason.
  await offerButton.click();
  await dialog.getByLabel('Sua oferta (R$)').fill('310');
  await dialog.getByRole('button', { name: 'Enviar oferta' }).click();
  await expect(page.getByText('Erro ao enviar oferta. Tente novamente.')).toBeVisible();
  await expect(page.getByText('Você já tem uma oferta pendente neste produto.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(offerButton).toBeFocused();

  // The seller sees it on the listing page…
  await signInAs(context, seller);
  await page.goto(listing.path);
  const block = offersBlock(page);
  await expect(block.getByText(buyer.nickname)).toBeVisible();
  await expect(block.getByText(/R\$\s300,50/)).toBeVisible();
  await expect(block.getByText('Pago via PIX ainda hoje.', { exact: true })).toBeVisible();
  await expect(block.getByText('Pendente')).toBeVisible();
  await expect(buyBox(page).getByRole('button', { name: 'Fazer oferta' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // …and on /minhas-ofertas, where accepting opens the trade.
  await page.goto('/minhas-ofertas');
  await expect(page.getByRole('heading', { level: 1, name: 'Minhas Ofertas' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Recebidas' })).toHaveAttribute('aria-selected', 'true');
  const row = offerRow(page, listing.title);
  await expect(row.getByText(/R\$\s300,50/)).toBeVisible();
  await expect(row.getByText(`De ${buyer.nickname}`)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await row.getByRole('button', { name: 'Aceitar' }).click();
  await expect(page).toHaveURL(/\/intermediacao\/\d+$/);
  const tradePath = new URL(page.url()).pathname;

  // The buyer sees it accepted, with the way into the trade.
  await signInAs(context, buyer);
  // Nothing received: the page opens on the offers sent.
  await page.goto('/minhas-ofertas');
  await expect(page.getByRole('tab', { name: 'Enviadas' })).toHaveAttribute('aria-selected', 'true');
  const sent = offerRow(page, listing.title);
  await expect(sent.getByText('Aceita')).toBeVisible();
  await expect(sent.getByText(`Para ${seller.nickname}`)).toBeVisible();
  await expect(sent.getByRole('link', { name: 'Abrir intermediação' })).toHaveAttribute('href', tradePath);
  await expectNoSeriousA11yViolations(page);
});

test('a double-clicked Aceitar opens one trade and lands in its room', async ({
  page,
  playwright,
  member: seller,
  otherMember: buyer,
}) => {
  test.slow();
  const listing = await publishForOffers(playwright.request, seller);
  await offerAs(playwright.request, buyer, listing.id, '280');
  const acceptsSent: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && /\/api\/offers\/\d+\/accept$/.test(request.url()))
      acceptsSent.push(request.url());
  });

  await page.goto('/minhas-ofertas');
  const row = offerRow(page, listing.title);
  await expect(row.getByText(`De ${buyer.nickname}`)).toBeVisible();
  await row.getByRole('button', { name: 'Aceitar' }).dblclick();

  await expect(page).toHaveURL(/\/intermediacao\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: `Intermediação ${listing.title}` })).toBeVisible();
  await expect(
    page.getByText('Oferta aceita! O valor está confirmado e o comprador já pode pagar.'),
  ).toBeVisible();
  await expect(page.getByText('Esta oferta já foi respondida.')).toHaveCount(0);
  expect(acceptsSent).toHaveLength(1);
  const tradeId = Number(new URL(page.url()).pathname.split('/').pop());
  await expectNoSeriousA11yViolations(page);

  // One trade, the one the room shows: the seller has no other for this listing.
  const api = await apiAs(playwright.request, seller);
  const { trades } = (await (await api.get('/api/trades')).json()) as {
    trades: { id: number; listingTitle: string }[];
  };
  expect(trades.filter((trade) => trade.listingTitle === listing.title).map((trade) => trade.id)).toEqual([
    tradeId,
  ]);
  await api.dispose();

  // Back on /minhas-ofertas the offer is accepted, with the way into that room.
  await page.goto('/minhas-ofertas');
  await expect(row.getByText('Aceita')).toBeVisible();
  await expect(row.getByRole('button', { name: 'Aceitar' })).toHaveCount(0);
  await expect(row.getByRole('link', { name: 'Abrir intermediação' })).toHaveAttribute(
    'href',
    `/intermediacao/${tradeId}`,
  );
});

test('the buyer withdraws an offer and the seller rejects another, each after a confirmation', async ({
  page,
  context,
  playwright,
  member: buyer,
  otherMember: seller,
}) => {
  test.slow();
  const listing = await publishForOffers(playwright.request, seller);
  await offerAs(playwright.request, buyer, listing.id, '200');

  await page.goto('/minhas-ofertas?aba=enviadas');
  const row = offerRow(page, listing.title);
  await expect(row.getByText('Pendente')).toBeVisible();
  await row.getByRole('button', { name: 'Retirar' }).click();
  const confirm = page.getByRole('dialog', { name: 'Retirar oferta?' });
  await expectNoSeriousA11yViolations(page);
  await confirm.getByRole('button', { name: 'Retirar oferta' }).click();
  await expect(page.getByText('Oferta retirada.')).toBeVisible();
  await expect(row.getByText('Retirada')).toBeVisible();
  await expect(row.getByRole('button', { name: 'Retirar' })).toHaveCount(0);

  await offerAs(playwright.request, buyer, listing.id, '250');
  await signInAs(context, seller);
  await page.goto(listing.path);
  const pending = offersBlock(page)
    .getByRole('listitem')
    .filter({ hasText: /R\$\s250,00/ });
  await pending.getByRole('button', { name: 'Recusar' }).click();
  await page
    .getByRole('dialog', { name: 'Recusar oferta?' })
    .getByRole('button', { name: 'Recusar oferta' })
    .click();
  await expect(page.getByText('Oferta recusada.')).toBeVisible();
  await expect(pending.getByText('Recusada')).toBeVisible();
  await expect(pending.getByRole('button', { name: 'Aceitar' })).toHaveCount(0);
  await expect(
    offersBlock(page)
      .getByRole('listitem')
      .filter({ hasText: /R\$\s200,00/ })
      .getByText('Retirada'),
  ).toBeVisible();
});

test('a member whose session ended is asked to log in when sending an offer', async ({
  page,
  context,
  playwright,
  member: _buyer,
  otherMember: seller,
}) => {
  const listing = await publishForOffers(playwright.request, seller);
  await page.goto(listing.path);
  await buyBox(page).getByRole('button', { name: 'Fazer oferta' }).click();
  await context.clearCookies();
  const dialog = page.getByRole('dialog', { name: 'Fazer oferta' });
  await dialog.getByLabel('Sua oferta (R$)').fill('10');
  await dialog.getByRole('button', { name: 'Enviar oferta' }).click();
  await expect(page.getByText('Login necessário')).toBeVisible();
  await expect(page.getByText('Você precisa estar logado para fazer uma oferta.')).toBeVisible();
  await expect(dialog).toBeHidden();
});

test('/minhas-ofertas shows empty boxes to a new member and sends guests to /login', async ({
  page,
  context,
  member: _member,
}) => {
  await page.goto('/minhas-ofertas');
  await expect(page.getByText('Nenhuma oferta recebida ainda')).toBeVisible();
  await page.getByRole('tab', { name: 'Enviadas' }).click();
  await expect(page.getByText('Você ainda não fez nenhuma oferta')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await context.clearCookies();
  await page.goto('/minhas-ofertas');
  await expect(page).toHaveURL(/\/login$/);
});
