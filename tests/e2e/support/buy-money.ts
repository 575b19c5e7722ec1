import type { APIRequest, BrowserContext, Locator, Page } from '@playwright/test';
import { offerMessages } from '@shared/offer-messages';
import { paths } from '@shared/paths';
import { expectNoSeriousA11yViolations } from './a11y';
import { apiAs, expect, type Member, screenshot, signInAs } from './fixtures';
import { publishForOffers } from './offers';

/**
 * The money the buyer and the seller read (issue 34), walked the same way at 1440 and 390 px: the price lines of
 * the listing and the buy dialog, the low-offer warning, an accepted offer opening at the PIX step, and the
 * seller's 'Você recebe' in the publish form and the value step. Screenshots go to .tmp/screenshots.
 */

const buyBox = (page: Page) => page.getByRole('region', { name: 'Compra', exact: true });
/** Puts a field mid-screen for the screenshot, clear of a phone's fixed bars. */
const centre = (field: Locator) => field.evaluate((el) => el.scrollIntoView({ block: 'center' }));
const stateBadge = (page: Page, label: string) =>
  page.getByRole('region', { name: /^Intermediação / }).getByText(label, { exact: true });

export async function offerJourney(
  { page, context, request }: { page: Page; context: BrowserContext; request: APIRequest },
  buyer: Member,
  seller: Member,
  width: number,
) {
  const listing = await publishForOffers(request, seller, '349,90', 'items');

  // The listing says what the buyer pays, and promises no installments.
  await page.goto(listing.path);
  await expect(
    buyBox(page).getByText(/^Você paga R\$\s349,90 por PIX — sem taxa para o comprador$/),
  ).toBeVisible();
  await expect(page.getByText(/12x|sem juros/)).toHaveCount(0);
  await screenshot(page, `dinheiro-anuncio-${width}`);

  // The buy dialog: the same line, the protected purchase first, the WhatsApp after it with the warning.
  await buyBox(page).getByRole('button', { name: 'Comprar agora' }).click();
  const choice = page.getByRole('dialog', { name: 'Como você quer comprar?' });
  await expect(choice.getByText(/^Você paga R\$\s349,90 por PIX — sem taxa para o comprador$/)).toBeVisible();
  await expect(choice.getByRole('button', { name: /^(Compra protegida|Falar pelo WhatsApp)/ })).toHaveText([
    /^Compra protegida/,
    /^Falar pelo WhatsApp/,
  ]);
  await expect(choice.getByText('Pagar fora da plataforma anula a proteção.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, `dinheiro-compra-${width}`);
  await page.keyboard.press('Escape');
  await expect(choice).toBeHidden();

  // An offer under half the price is warned about, and still goes.
  await buyBox(page).getByRole('button', { name: 'Fazer oferta' }).click();
  const dialog = page.getByRole('dialog', { name: 'Fazer oferta' });
  const amount = dialog.getByLabel('Sua oferta (R$)');
  const warning = dialog.getByText(offerMessages.lowOfferWarning);
  await amount.fill('200');
  await expect(dialog.getByText(/Preço anunciado/)).toBeVisible();
  await expect(warning).toHaveCount(0);
  await amount.fill('150');
  await expect(warning).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, `dinheiro-oferta-baixa-${width}`);
  await dialog.getByRole('button', { name: 'Enviar oferta' }).click();
  await expect(page.getByText('Oferta enviada!')).toBeVisible();

  // The seller sees it labelled, accepts it, and the room opens at the payment: nothing to confirm again.
  await signInAs(context, seller);
  await page.goto('/minhas-ofertas');
  const row = page.getByRole('listitem').filter({ hasText: listing.title });
  await expect(row.getByText(offerMessages.lowOfferLabel)).toBeVisible();
  await screenshot(page, `dinheiro-oferta-recebida-${width}`);
  await row.getByRole('button', { name: 'Aceitar' }).click();
  await expect(page).toHaveURL(/\/intermediacao\/\d+$/);
  const room = new URL(page.url()).pathname;
  await expect(stateBadge(page, 'Aguardando pagamento')).toBeVisible();
  await expect(page.getByText(/^Valor confirmado: R\$\s150,00 \(oferta aceita\)$/).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Confirmar valor' })).toHaveCount(0);
  await expect(page.getByText(/quer comprar/)).toHaveCount(0);

  // The buyer finds the PIX step for the offer's amount.
  await signInAs(context, buyer);
  await page.goto(room);
  await expect(page.getByRole('heading', { name: 'Pague com PIX' })).toBeVisible();
  await expect(page.getByLabel(/PIX copia e cola/i)).toHaveValue(/^000201.*5406150\.00/);
  await expectNoSeriousA11yViolations(page);
}

export async function sellerMoneyJourney(
  { page, context, request }: { page: Page; context: BrowserContext; request: APIRequest },
  buyer: Member,
  seller: Member,
  width: number,
) {
  // The publish form says what the seller receives at their rate (5 % without a seal), as the price is typed.
  await signInAs(context, seller);
  await page.goto(paths.publish);
  const price = page.getByLabel('Preço (R$)', { exact: true });
  await price.fill('100');
  await expect(page.getByText(/^Você recebe R\$\s95,00 \(taxa de R\$\s5,00\)$/)).toBeVisible();
  await price.fill('349,90');
  await expect(page.getByText(/^Você recebe R\$\s332,40 \(taxa de R\$\s17,50\)$/)).toBeVisible();
  await centre(price);
  await screenshot(page, `dinheiro-anunciar-${width}`);

  // A trade started without an offer: the seller's value step says the same, for the amount in the field.
  const listing = await publishForOffers(request, seller, '349,90', 'items');
  const buyerApi = await apiAs(request, buyer);
  const started = await buyerApi.post('/api/trades', { data: { listingId: listing.id } });
  expect(started.status()).toBe(201);
  const { id } = (await started.json()) as { id: number };
  await buyerApi.dispose();
  await page.goto(`/intermediacao/${id}`);
  const value = page.getByLabel('Valor (R$)', { exact: true });
  await expect(value).toHaveValue('349,90');
  await expect(page.getByText(/^Você recebe R\$\s332,40 \(taxa de R\$\s17,50\)$/)).toBeVisible();
  await value.fill('300');
  await expect(page.getByText(/^Você recebe R\$\s285,00 \(taxa de R\$\s15,00\)$/)).toBeVisible();
  await centre(value);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, `dinheiro-etapa-valor-${width}`);
}
