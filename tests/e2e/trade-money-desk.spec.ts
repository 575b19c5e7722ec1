import type { Page } from '@playwright/test';
import { sellerShareCents } from '@shared/fees';
import { formatPrice } from '@shared/money';
import { TRADE_TIMERS } from '@shared/trade-rules';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { uniqueEndToEndId } from './support/end-to-end-ids';
import { apiAs, expect, type Member, screenshot, test } from './support/fixtures';
import { publishForOffers } from './support/offers';
import { personAt } from './support/people';

const actions = (page: Page) => page.getByRole('region', { name: 'Ações', exact: true });
const stateBadge = (page: Page, label: string) =>
  page.getByRole('region', { name: /^Intermediação / }).getByText(label, { exact: true });

/** The same view at 1440 px and at a phone's 390 px. */
async function screenshotsOf(page: Page, name: string, target: ReturnType<Page['getByText']>) {
  await target.scrollIntoViewIfNeeded();
  await screenshot(page, `${name}-desktop`);
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await target.scrollIntoViewIfNeeded();
  await screenshot(page, `${name}-mobile`);
  if (size) await page.setViewportSize(size);
}

async function startTrade(request: Parameters<typeof apiAs>[0], buyer: Member, listingId: number) {
  const api = await apiAs(request, buyer);
  const started = await api.post('/api/trades', { data: { listingId } });
  expect(started.status()).toBe(201);
  const { id } = (await started.json()) as { id: number };
  await api.dispose();
  return id;
}

async function stepAs(
  request: Parameters<typeof apiAs>[0],
  who: Member,
  id: number,
  path: string,
  data: object = {},
) {
  const api = await apiAs(request, who);
  const res = await api.post(`/api/trades/${id}/${path}`, { data });
  expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
  await api.dispose();
}

test('the seller proposes another value; the buyer declines, then accepts, and only then pays it', async ({
  page: buyerPage,
  browser,
  playwright,
  member: buyer,
  otherMember: seller,
}) => {
  test.slow();
  const listing = await publishForOffers(playwright.request, seller, '200,00', 'items');
  const id = await startTrade(playwright.request, buyer, listing.id);
  const room = `/intermediacao/${id}`;

  // The form says the agreed value is prefilled and a different one is a proposal.
  const sellerPage = await personAt(browser, seller);
  await sellerPage.goto(room);
  await expect(
    actions(sellerPage).getByText(/O valor combinado \(R\$\s200,00\) já está preenchido/),
  ).toBeVisible();
  await expect(actions(sellerPage).getByText(/vai ao comprador como proposta/)).toBeVisible();
  await actions(sellerPage).getByLabel('Valor (R$)').fill('230,00');
  await actions(sellerPage).getByRole('button', { name: 'Confirmar valor' }).click();
  await expect(sellerPage.getByText('Novo valor enviado ao comprador', { exact: true })).toBeVisible();
  await expect(stateBadge(sellerPage, 'Novo valor aguardando o comprador')).toBeVisible();
  await expect(sellerPage.getByText(/Aguardando o comprador aceitar ou recusar/)).toBeVisible();

  // The buyer sees both amounts and no charge; declining keeps the agreed value, and the seller is asked again.
  await buyerPage.goto(room);
  const offerBox = actions(buyerPage);
  await expect(offerBox).toContainText(`Valor combinado ${formatPrice(20000)}`);
  await expect(offerBox).toContainText(`Proposto pelo vendedor ${formatPrice(23000)}`);
  await expect(buyerPage.getByRole('img', { name: /QR Code/ })).toHaveCount(0);
  await offerBox.getByRole('button', { name: 'Recusar' }).click();
  await expect(buyerPage.getByText('Novo valor recusado', { exact: true })).toBeVisible();
  await expect(stateBadge(buyerPage, 'Aguardando confirmação do valor')).toBeVisible();

  await sellerPage.reload();
  await expect(actions(sellerPage).getByLabel('Valor (R$)')).toHaveValue('200,00');
  await actions(sellerPage).getByLabel('Valor (R$)').fill('215,50');
  await actions(sellerPage).getByRole('button', { name: 'Confirmar valor' }).click();
  await expect(sellerPage.getByText('Novo valor enviado ao comprador', { exact: true })).toBeVisible();

  await buyerPage.reload();
  await expect(offerBox).toContainText(`Proposto pelo vendedor ${formatPrice(21550)}`);
  await expect(buyerPage.getByRole('img', { name: /QR Code/ })).toHaveCount(0);
  await expectNoSeriousA11yViolations(buyerPage);
  await screenshotsOf(
    buyerPage,
    'trade-proposal',
    offerBox.getByRole('button', { name: 'Aceitar novo valor' }),
  );

  // Accepted: the PIX charge asks for the new amount.
  await offerBox.getByRole('button', { name: 'Aceitar novo valor' }).click();
  await expect(buyerPage.getByText('Novo valor aceito', { exact: true })).toBeVisible();
  await expect(buyerPage.getByRole('img', { name: `QR Code PIX de ${formatPrice(21550)}` })).toBeVisible();
  await expect(buyerPage.getByLabel(/PIX copia e cola/i)).toHaveValue(
    /^000201.*5406215\.50.*6304[0-9A-F]{4}$/,
  );
  await expect(stateBadge(buyerPage, 'Aguardando pagamento')).toBeVisible();
  await expect(buyerPage.getByText('R$ 215,50'.replace(' ', '\u00a0')).first()).toBeVisible();
  await sellerPage.context().close();
});

test('an account sale holds the payout through its warranty; a claim goes to a dispute decided for the seller, then paid', async ({
  page: buyerPage,
  browser,
  playwright,
  member: buyer,
  otherMember: seller,
  staff: admin,
  moderator,
}) => {
  test.slow();
  const listing = await publishForOffers(playwright.request, seller, '150,00');
  const sellerApi = await apiAs(playwright.request, seller);
  const key = `${seller.nickname.toLowerCase()}@exemplo.com.br`;
  expect(
    (
      await sellerApi.post('/api/pix-keys', { data: { type: 'email', key, password: seller.password } })
    ).status(),
  ).toBe(201);
  await sellerApi.dispose();
  const id = await startTrade(playwright.request, buyer, listing.id);
  const room = `/intermediacao/${id}`;
  // A moderator holds the trade; an admin confirms the payment (money is the admins'), the seller delivers.
  await stepAs(playwright.request, moderator, id, 'take');
  await stepAs(playwright.request, seller, id, 'value', { amount: '150,00' });
  await stepAs(playwright.request, admin, id, 'payment', { endToEndId: uniqueEndToEndId('PAG') });
  await stepAs(playwright.request, seller, id, 'delivery', { credentials: 'login: conta_br\nsenha: S3nh4!' });

  // The buyer is told the payout stays held for the warranty, confirms, and the window starts.
  const days = TRADE_TIMERS.accountWarrantyDays;
  await buyerPage.goto(room);
  await expect(
    actions(buyerPage).getByText(`fica retido por ${days} dias de garantia`, { exact: false }),
  ).toBeVisible();
  await actions(buyerPage).getByRole('button', { name: 'Confirmar recebimento' }).click();
  await expect(buyerPage.getByText('Entrega Confirmada', { exact: true })).toBeVisible();
  await expect(stateBadge(buyerPage, 'Em garantia (conta)')).toBeVisible();
  const countdown = buyerPage.getByText(
    /^Garantia da conta: faltam \d+ dias? e \d+ horas?$|^Garantia da conta: faltam \d+ dias?$/,
  );
  await expect(countdown).toBeVisible();
  await expect(countdown).toContainText(new RegExp(`faltam (${days} dias|${days - 1} dias e 23 horas)$`));
  await expect(buyerPage.getByText(`A garantia de ${days} dias vai até`, { exact: false })).toBeVisible();
  await expect(buyerPage.getByText('O repasse ao vendedor fica retido até o fim da garantia.')).toBeVisible();
  await expectNoSeriousA11yViolations(buyerPage);
  await screenshotsOf(buyerPage, 'trade-warranty', countdown);

  // The seller reads that the payout waits for the warranty; the listing page states the warranty too.
  const sellerPage = await personAt(browser, seller);
  await sellerPage.goto(room);
  await expect(
    sellerPage.getByText('O seu repasse fica retido até o fim da garantia e então é pago pela equipe.'),
  ).toBeVisible();
  await sellerPage.goto(listing.path);
  await expect(sellerPage.getByRole('heading', { name: `Garantia de ${days} dias na conta` })).toBeVisible();
  await sellerPage.context().close();

  // Inside the window the buyer claims: the account was recovered.
  await actions(buyerPage).getByRole('button', { name: 'Abrir disputa' }).click();
  const claim = buyerPage.getByRole('dialog', { name: 'Abrir disputa' });
  await claim.getByLabel('O que aconteceu?').fill('O vendedor recuperou a conta pelo e-mail de origem.');
  await claim.getByRole('button', { name: 'Abrir disputa' }).click();
  await expect(buyerPage.getByText('Disputa Aberta', { exact: true })).toBeVisible();
  await expect(stateBadge(buyerPage, 'Em disputa')).toBeVisible();
  await expect(buyerPage.getByText(/Decisão da equipe até:/)).toBeVisible();

  // The moderator recommends; deciding is not theirs.
  const moderatorPage = await personAt(browser, moderator);
  await moderatorPage.goto(room);
  await expect(actions(moderatorPage).getByRole('button', { name: 'Decidir disputa' })).toHaveCount(0);
  await actions(moderatorPage).getByRole('button', { name: 'Recomendar decisão' }).click();
  const recommend = moderatorPage.getByRole('dialog', { name: 'Recomendar decisão' });
  await recommend.getByLabel(/Liberar o pagamento/).check();
  await recommend
    .getByLabel('Justificativa')
    .fill('O e-mail de origem foi trocado na entrega; o comprador não o alterou.');
  await recommend.getByRole('button', { name: 'Enviar recomendação' }).click();
  await expect(
    moderatorPage.getByText('Recomendação enviada aos administradores', { exact: true }),
  ).toBeVisible();
  await moderatorPage.context().close();

  // The admin reads the recommendation, takes the trade over (with a reason) and decides for the seller.
  const adminPage = await personAt(browser, admin);
  await adminPage.goto(room);
  await expect(adminPage.getByText(/^Recomendação de .+:$/)).toBeVisible();
  await expect(adminPage.getByText(/O e-mail de origem foi trocado na entrega/).first()).toBeVisible();
  const takeOver = actions(adminPage).getByRole('button', { name: 'Assumir no lugar' });
  await takeOver.click();
  const takeOverDialog = adminPage.getByRole('dialog', { name: 'Assumir a intermediação' });
  await takeOverDialog.getByRole('button', { name: 'Assumir intermediação' }).click();
  await expect(takeOverDialog.getByText('Descreva o motivo (pelo menos 5 caracteres).')).toBeVisible();
  await takeOverDialog.getByLabel('Motivo').fill('Disputa com dinheiro: um administrador conduz.');
  await takeOverDialog.getByRole('button', { name: 'Assumir intermediação' }).click();
  await expect(adminPage.getByText('Você é o intermediador desta negociação', { exact: true })).toBeVisible();
  await expect(actions(adminPage).getByRole('button', { name: 'Assumir no lugar' })).toHaveCount(0);

  const share = formatPrice(sellerShareCents(15000));
  const decideButton = actions(adminPage).getByRole('button', { name: 'Decidir disputa' });
  await decideButton.click();
  const decide = adminPage.getByRole('dialog', { name: 'Decidir disputa' });
  await decide.getByLabel(/Liberar o pagamento/).check();
  await expect(decide.getByText(`Intermediação #${id} · ${share} · ${listing.title}`)).toBeVisible();
  await expect(decide.getByLabel(/Identificador/)).toHaveCount(0);
  await decide.getByLabel('Justificativa').fill('A conta foi entregue como anunciada.');
  await decide.getByRole('button', { name: 'Decidir e deixar o repasse devido' }).click();
  await expect(adminPage.getByText('Disputa Decidida', { exact: true })).toBeVisible();
  await expect(stateBadge(adminPage, 'Repasse ao vendedor pendente')).toBeVisible();

  // The payout panel: key in full, holder, exact amount after the fee, copy buttons; then the transfer's id.
  const panel = actions(adminPage);
  await expect(panel.getByRole('heading', { name: 'Repasse ao vendedor' })).toBeVisible();
  await expect(panel.getByText(key, { exact: true })).toBeVisible();
  await expect(panel.getByText(share, { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(adminPage);
  await screenshotsOf(adminPage, 'trade-payout', panel.getByRole('heading', { name: 'Repasse ao vendedor' }));
  await panel.getByLabel('Identificador da transferência (E2E)').fill(uniqueEndToEndId('REP'));
  const pay = panel.getByRole('button', { name: 'Pagar repasse' });
  await pay.click();
  const payoutDialog = adminPage.getByRole('dialog', { name: 'Registrar o repasse?' });
  await expect(payoutDialog.getByText(`Intermediação #${id} · ${share} · ${listing.title}`)).toBeVisible();
  await payoutDialog.getByRole('button', { name: 'Voltar' }).click();
  await expect(pay).toBeFocused();
  await pay.click();
  await payoutDialog.getByRole('button', { name: 'Confirmar repasse' }).click();
  await expect(adminPage.getByText('Pagamento Liberado', { exact: true })).toBeVisible();
  await expect(stateBadge(adminPage, 'Concluída')).toBeVisible();

  await buyerPage.reload();
  await expect(stateBadge(buyerPage, 'Concluída')).toBeVisible();
  // The payout is the seller's and staff's: the buyer reads that their protection ended, not the transfer.
  await expect(buyerPage.getByText('Proteção encerrada: o vendedor recebeu o pagamento.')).toBeVisible();
  await expect(buyerPage.getByText('Pagamento enviado ao vendedor', { exact: true })).toHaveCount(0);
  await adminPage.context().close();
});

test('the account warranty is stated on the sales policies and the help page, from the shared constant', async ({
  page,
}) => {
  const days = TRADE_TIMERS.accountWarrantyDays;
  await page.goto('/politicas-vendas');
  await expect(page.locator('#garantia-contas')).toContainText(
    `o repasse ao vendedor fica retido por ${days} dias`,
  );
  await expectNoSeriousA11yViolations(page);
  await page.goto('/ajuda');
  const question = page.getByRole('button', { name: 'Como funciona a intermediação segura?' });
  await question.click();
  await expect(page.getByRole('region', { name: 'Como funciona a intermediação segura?' })).toContainText(
    `o pagamento ao vendedor fica retido por mais ${days} dias depois da sua confirmação`,
  );
  await expectNoSeriousA11yViolations(page);
});
