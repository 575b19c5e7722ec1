import type { Browser } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { expect, type Member, screenshot, signInAs, test } from './support/fixtures';
import { sellThroughTrade } from './support/sales';

/** Another person at another computer: a browser context of their own, signed in as them. */
async function personAt(browser: Browser, who: Member, width = 1440) {
  const context = await browser.newContext({
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    viewport: { width, height: 900 },
  });
  await signInAs(context, who);
  return context.newPage();
}

test('a buyer reviews a finished trade, the seller answers, and the listing and seller pages show it', async ({
  page: buyerPage,
  browser,
  playwright,
  member: buyer,
  otherMember: seller,
  staff,
}) => {
  test.slow();
  // Two units: after this sale the listing is still active, and its page shows the review.
  const sale = await sellThroughTrade(
    playwright.request,
    { seller, buyer, staff },
    { price: '150,00', stage: 'released', quantity: 2 },
  );
  const room = `/intermediacao/${sale.id}`;

  // The buyer rates the seller 4 with a comment.
  await buyerPage.goto(room);
  const buyerReview = buyerPage.getByRole('region', { name: 'Avaliação' });
  await expect(buyerReview.getByRole('radio', { name: /5 – Muito satisfeito/ })).toBeChecked();
  await buyerReview.getByText('4 – Satisfeito').click();
  await buyerReview.getByLabel('Comentário (opcional)').fill('Entrega rápida, conta como descrita.');
  await buyerReview.getByRole('button', { name: 'Enviar avaliação' }).click();
  await expect(buyerReview.getByRole('heading', { name: 'Sua avaliação' })).toBeVisible();
  await expect(buyerReview.getByRole('button', { name: 'Editar avaliação' })).toBeVisible();
  await expectNoSeriousA11yViolations(buyerPage);

  // The seller cannot read it until rating the buyer too; then it shows and the seller answers it.
  const sellerPage = await personAt(browser, seller);
  await sellerPage.goto(room);
  const sellerReview = sellerPage.getByRole('region', { name: 'Avaliação' });
  await expect(sellerReview.getByText(/será publicada quando você avaliar também/)).toBeVisible();
  await expect(sellerReview.getByText('Entrega rápida, conta como descrita.')).toHaveCount(0);
  await sellerReview.getByLabel('Comentário (opcional)').fill('Comprador educado e rápido no pagamento.');
  await sellerReview.getByRole('button', { name: 'Enviar avaliação' }).click();
  await expect(sellerReview.getByText('Entrega rápida, conta como descrita.')).toBeVisible();
  await sellerReview.getByLabel('Responder publicamente').fill('Obrigado pela compra, volte sempre!');
  await sellerReview.getByRole('button', { name: 'Publicar resposta' }).click();
  await expect(sellerReview.getByText('Obrigado pela compra, volte sempre!')).toBeVisible();
  await expectNoSeriousA11yViolations(sellerPage);
  await sellerReview.scrollIntoViewIfNeeded();
  await screenshot(sellerPage, 'trade-room-review-desktop');

  // The listing page shows the review, its answer and the seller's real figures.
  await buyerPage.goto(`/listing/${sale.listingId}`);
  const reviews = buyerPage.getByRole('region', { name: /^Avaliações/ });
  await expect(reviews.getByText('Entrega rápida, conta como descrita.')).toBeVisible();
  await expect(reviews.getByText('Obrigado pela compra, volte sempre!')).toBeVisible();
  await expect(reviews.getByRole('img', { name: 'Nota 4 de 5' })).toBeVisible();
  const sellerBlock = buyerPage.getByRole('region', { name: 'Vendedor' });
  await expect(sellerBlock.getByText('★ 4,0')).toBeVisible();
  await expect(
    sellerBlock.getByText('vendas concluídas').or(sellerBlock.getByText('venda concluída')),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(buyerPage);
  await reviews.scrollIntoViewIfNeeded();
  await screenshot(buyerPage, 'listing-reviews-desktop');

  // The seller's page: figures, seals, the listing and the review.
  await sellerBlock.getByRole('link', { name: 'Ver perfil do vendedor' }).click();
  await expect(buyerPage).toHaveURL(new RegExp(`/u/${seller.nickname}$`));
  await expect(buyerPage.getByRole('heading', { level: 1, name: seller.nickname })).toBeVisible();
  await expect(
    buyerPage.getByRole('region', { name: 'Números do vendedor' }).getByText('★ 4,0'),
  ).toBeVisible();
  const received = buyerPage.getByRole('region', { name: /^Avaliações recebidas/ });
  await expect(received.getByText('Entrega rápida, conta como descrita.')).toBeVisible();
  await expect(received.getByRole('link', { name: sale.title })).toBeVisible();
  await expect(buyerPage.getByRole('list', { name: `Anúncios de ${seller.nickname}` })).toBeVisible();
  await expectNoSeriousA11yViolations(buyerPage);
  await screenshot(buyerPage, 'seller-page-desktop');

  const phone = await personAt(browser, buyer, 390);
  await phone.goto(`/u/${seller.nickname}`);
  await expect(
    phone.getByRole('region', { name: /^Avaliações recebidas/ }).getByText(/Entrega rápida/),
  ).toBeVisible();
  await screenshot(phone, 'seller-page-mobile');
  await phone.context().close();
  await sellerPage.context().close();
});

test("'/selos/ouro' shows the member's real progress; an unknown seal is not found", async ({
  page,
  browser,
  playwright,
  member: buyer,
  otherMember: seller,
  staff,
}) => {
  await sellThroughTrade(playwright.request, { seller, buyer, staff }, { price: '80,00', stage: 'released' });
  await page.goto('/selos/ouro');
  await expect(page.getByRole('heading', { level: 1, name: /Selo Ouro/ })).toBeVisible();
  const progress = page.getByRole('region', { name: 'Seu progresso' });
  await expect(progress.getByText('1 de 100')).toBeVisible();
  await expect(progress.getByText('Avaliação média 4,7 ou mais')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ver Meu Progresso' })).toHaveAttribute('href', '/perfil');
  await expect(page.getByRole('link', { name: 'Voltar ao início' })).toHaveAttribute('href', '/inicio');
  await expectNoSeriousA11yViolations(page);

  await page.goto('/selos/prata');
  await expect(page.getByRole('region', { name: 'Seu progresso' }).getByText('1 de 25')).toBeVisible();
  await page.setViewportSize({ width: 1440, height: 900 });
  await screenshot(page, 'seal-prata-desktop');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'seal-prata-mobile');

  // 'Ver Meu Progresso' leads to '/perfil', which shows the level and the links to each seal's progress.
  await page.getByRole('link', { name: 'Ver Meu Progresso' }).click();
  const card = page.getByRole('region', { name: 'Selos e nível' });
  await expect(card.getByText(/^Nível \d+$/)).toBeVisible();
  await expect(card.getByText('Taxa de intermediação das suas vendas: 5%.')).toBeVisible();
  await expect(card.getByRole('link', { name: 'Ouro' })).toHaveAttribute('href', '/selos/ouro');
  await expectNoSeriousA11yViolations(page);

  await page.goto('/selos/diamante');
  await expect(page.getByRole('heading', { name: 'Selo não encontrado' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Voltar ao início' })).toHaveAttribute('href', '/inicio');

  const guest = await browser.newContext({ locale: 'pt-BR' });
  const guestPage = await guest.newPage();
  await guestPage.goto('/selos/autorizado');
  await expect(guestPage.getByRole('heading', { name: 'Requisitos' })).toBeVisible();
  await expect(guestPage.getByText('50 vendas concluídas')).toBeVisible();
  await guest.close();
});
