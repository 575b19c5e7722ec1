import { settingsMessages } from '@shared/settings-messages';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { apiAs, expect, screenshot, test } from './support/fixtures';
import { desktop, personAt } from './support/people';
import { sellThroughTrade } from './support/sales';

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
  // No star is chosen for the reviewer.
  await expect(buyerReview.getByRole('radio', { checked: true })).toHaveCount(0);
  await buyerReview.getByText('4 – Satisfeito').click();
  await buyerReview.getByLabel('Comentário (opcional)').fill('Entrega rápida, conta como descrita.');
  await buyerReview.getByRole('button', { name: 'Enviar avaliação' }).click();
  await expect(buyerReview.getByRole('heading', { name: 'Sua avaliação' })).toBeVisible();
  await expect(buyerReview.getByRole('button', { name: 'Editar avaliação' })).toBeVisible();
  await expectNoSeriousA11yViolations(buyerPage);

  // The seller cannot read it until rating the buyer too; then it shows and the seller answers it.
  const sellerPage = await personAt(browser, seller, desktop);
  await sellerPage.goto(room);
  const sellerReview = sellerPage.getByRole('region', { name: 'Avaliação' });
  await expect(sellerReview.getByText(/será publicada quando você avaliar também/)).toBeVisible();
  await expect(sellerReview.getByText('Entrega rápida, conta como descrita.')).toHaveCount(0);
  await sellerReview.getByText('5 – Muito satisfeito').click();
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
  // The seller card names its rating as the seller's (the reviews above are this listing's).
  await expect(sellerBlock).toContainText('Avaliação do vendedor: 4,0 – 1 avaliação');
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

  const phone = await personAt(browser, buyer, { viewport: { width: 390, height: 900 } });
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

test("'Atividade recente' on the seller page follows the member's 'Mostrar atividade' switch", async ({
  page: authorPage,
  browser,
  playwright,
  member: author,
  otherMember: visitor,
}) => {
  const title = `Guia de ranqueadas ${Date.now()}`;
  const api = await apiAs(playwright.request, author);
  const posted = await api.post('/api/community/posts', {
    data: { title, category: 'dicas', content: 'Três dicas para subir de elo sem perder pontos.' },
  });
  expect(posted.status(), await posted.text()).toBe(201);
  const { id } = (await posted.json()) as { id: number };
  const commented = await api.post(`/api/community/posts/${id}/comments`, {
    data: { content: 'Atualizei com a dica do mapa novo.' },
  });
  expect(commented.status(), await commented.text()).toBe(201);
  await api.dispose();

  // Off by default: a visitor's page has no such section.
  const visitorPage = await personAt(browser, visitor, desktop);
  const answered = visitorPage.waitForResponse((r) => r.url().endsWith(`/users/${author.nickname}/activity`));
  await visitorPage.goto(`/u/${author.nickname}`);
  await expect(visitorPage.getByRole('heading', { level: 1, name: author.nickname })).toBeVisible();
  await answered;
  await expect(visitorPage.getByRole('region', { name: 'Anúncios ativos (0)' })).toBeVisible();
  await expect(visitorPage.getByRole('region', { name: 'Atividade recente' })).toHaveCount(0);

  // The author sees it, told that others do not.
  await authorPage.goto(`/u/${author.nickname}`);
  const own = authorPage.getByRole('region', { name: 'Atividade recente' });
  await expect(own.getByText('Só você vê esta seção: “Mostrar atividade” está desligado.')).toBeVisible();
  await expect(own.getByRole('listitem')).toHaveCount(2);
  await expect(own.getByRole('listitem').first()).toContainText(`Comentou em ${title}`);
  await expect(own.getByText('Atualizei com a dica do mapa novo.')).toBeVisible();
  await expectNoSeriousA11yViolations(authorPage);
  await own.scrollIntoViewIfNeeded();
  await screenshot(authorPage, 'seller-activity-owner-desktop');

  // Turned on in the settings: the hint goes, and the visitor sees the posts.
  await own.getByRole('link', { name: 'Alterar em Configurações' }).click();
  const showActivity = authorPage.getByRole('switch', { name: 'Mostrar atividade' });
  await expect(showActivity).not.toBeChecked();
  await showActivity.click();
  await expect(authorPage.getByText(settingsMessages.settingsSaved)).toBeVisible();
  await expect(showActivity).toBeChecked();
  await authorPage.goto(`/u/${author.nickname}`);
  await expect(
    authorPage.getByRole('region', { name: 'Atividade recente' }).getByRole('listitem'),
  ).toHaveCount(2);
  await expect(authorPage.getByText(/Só você vê esta seção/)).toHaveCount(0);

  await visitorPage.reload();
  const shown = visitorPage.getByRole('region', { name: 'Atividade recente' });
  await expect(shown.getByRole('link', { name: title })).toHaveCount(2);
  await expect(shown.getByText('Três dicas para subir de elo sem perder pontos.')).toBeVisible();
  await expect(shown.getByText(/Só você vê/)).toHaveCount(0);
  await expectNoSeriousA11yViolations(visitorPage);
  await shown.scrollIntoViewIfNeeded();
  await screenshot(visitorPage, 'seller-activity-desktop');
  await shown.getByRole('link', { name: title }).last().click();
  await expect(visitorPage.getByRole('heading', { level: 1, name: title })).toBeVisible();

  const phone = await personAt(browser, visitor, { viewport: { width: 390, height: 900 } });
  await phone.goto(`/u/${author.nickname}`);
  const onPhone = phone.getByRole('region', { name: 'Atividade recente' });
  await expect(onPhone.getByRole('listitem')).toHaveCount(2);
  await expectNoSeriousA11yViolations(phone);
  await onPhone.scrollIntoViewIfNeeded();
  await screenshot(phone, 'seller-activity-mobile');
  await phone.context().close();
  await visitorPage.context().close();
});
