import type { Page } from '@playwright/test';
import { sellerShareCents } from '@shared/fees';
import { formatPrice } from '@shared/money';
import { makeImage } from '../helpers/images';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { uniqueEndToEndId } from './support/end-to-end-ids';
import { apiAs, expect, type Member, screenshot, test } from './support/fixtures';
import { offerAs, publishForOffers } from './support/offers';
import { personAt } from './support/people';

const actions = (page: Page) => page.getByRole('region', { name: 'Ações', exact: true });
const stateBadge = (page: Page, label: string) =>
  page.getByRole('region', { name: /^Intermediação / }).getByText(label, { exact: true });

async function addPixKey(request: Parameters<typeof apiAs>[0], seller: Member) {
  const api = await apiAs(request, seller);
  const res = await api.post('/api/pix-keys', {
    data: {
      type: 'email',
      key: `${seller.nickname.toLowerCase()}@exemplo.com.br`,
      password: seller.password,
    },
  });
  expect(res.status()).toBe(201);
  await api.dispose();
}

test('an offer becomes a protected trade that the buyer, the seller and staff take to the end', async ({
  page: buyerPage,
  browser,
  playwright,
  member: buyer,
  otherMember: seller,
  staff,
}) => {
  test.slow();
  // An item (not an account): the payout is due as soon as the buyer confirms, with no warranty window.
  const listing = await publishForOffers(playwright.request, seller, '200,00', 'items');
  await addPixKey(playwright.request, seller);
  await offerAs(playwright.request, buyer, listing.id, '180,00');

  // The seller accepts the offer and lands in the room.
  const sellerPage = await personAt(browser, seller);
  await sellerPage.goto('/minhas-ofertas');
  await sellerPage
    .getByRole('listitem')
    .filter({ hasText: listing.title })
    .getByRole('button', { name: 'Aceitar' })
    .click();
  await expect(sellerPage).toHaveURL(/\/intermediacao\/\d+$/);
  const room = new URL(sellerPage.url()).pathname;
  await expect(
    sellerPage.getByRole('heading', { level: 1, name: `Intermediação ${listing.title}` }),
  ).toBeVisible();
  // Step 1 is the acceptance itself: the offer's amount is the agreed price, so the PIX is due at once.
  await expect(stateBadge(sellerPage, 'Aguardando pagamento')).toBeVisible();
  await expect(actions(sellerPage).getByRole('button', { name: 'Confirmar valor' })).toHaveCount(0);

  // Step 2: the buyer sees the PIX charge for the exact amount; staff confirm the payment.
  await buyerPage.goto(room);
  await expect(buyerPage.getByRole('img', { name: /QR Code/i })).toBeVisible();
  const code = buyerPage.getByLabel(/PIX copia e cola/i);
  await expect(code).toHaveValue(/^000201.*5406180\.00.*6304[0-9A-F]{4}$/);
  await expectNoSeriousA11yViolations(buyerPage);
  await screenshot(buyerPage, 'trade-room-payment-desktop');

  const staffPage = await personAt(browser, staff);
  await staffPage.goto(room);
  const tradeId = room.split('/').pop();
  await actions(staffPage)
    .getByLabel('Identificador da transferência (E2E, opcional)')
    .fill(uniqueEndToEndId('PAG'));
  const confirmPayment = actions(staffPage).getByRole('button', { name: 'Confirmar pagamento' });
  await confirmPayment.click();
  // A dialog repeats the trade and the amount before the money moves; 'Voltar' gives focus back to the button.
  const paymentDialog = staffPage.getByRole('dialog', { name: 'Confirmar pagamento?' });
  await expect(
    paymentDialog.getByText(`Intermediação #${tradeId} · ${formatPrice(18000)} · ${listing.title}`),
  ).toBeVisible();
  await paymentDialog.getByRole('button', { name: 'Voltar' }).click();
  await expect(paymentDialog).toBeHidden();
  await expect(confirmPayment).toBeFocused();
  await confirmPayment.click();
  await paymentDialog.getByRole('button', { name: 'Confirmar pagamento' }).click();
  await expect(staffPage.getByText('Pagamento Confirmado', { exact: true })).toBeVisible();

  // Step 3: the seller's room moves on by itself; the seller delivers with credentials.
  await expect(actions(sellerPage).getByRole('button', { name: 'Registrar entrega' })).toBeVisible({
    timeout: 20_000,
  });
  await actions(sellerPage).getByLabel('Observação (opcional)').fill('Conta entregue, e-mail trocado.');
  await actions(sellerPage)
    .getByLabel('Dados de acesso (conta, código)')
    .fill('login: heroi_br\nsenha: Tr0c4r!');
  await actions(sellerPage).getByRole('button', { name: 'Registrar entrega' }).click();
  await expect(sellerPage.getByText('Entrega Registrada', { exact: true })).toBeVisible();

  await buyerPage.reload();
  await actions(buyerPage).getByRole('button', { name: 'Mostrar dados de acesso' }).click();
  await expect(actions(buyerPage).getByText('senha: Tr0c4r!')).toBeVisible();
  await expect(buyerPage.getByText(/Confirmação automática em/)).toBeVisible();
  await actions(buyerPage).getByRole('button', { name: 'Confirmar recebimento' }).click();
  await expect(buyerPage.getByText('Entrega Confirmada', { exact: true })).toBeVisible();

  // Step 4: the payout is due. The buyer's purchase is done, and the seller's key is none of theirs; the seller
  // sees it masked; the admin sees it in full, the holder and the exact amount after the fee, pays, and records
  // the transfer's E2E id.
  await expect(stateBadge(buyerPage, 'Repasse ao vendedor pendente')).toBeVisible();
  await expect(buyerPage.getByText('Compra concluída', { exact: true })).toBeVisible();
  await expect(buyerPage.getByText(/•••@exemplo\.com\.br/)).toHaveCount(0);
  await sellerPage.reload();
  await expect(sellerPage.getByText(/^[a-z]•••@exemplo\.com\.br$/)).toBeVisible();
  const share = formatPrice(sellerShareCents(18000));
  await staffPage.reload();
  await expect(actions(staffPage).getByRole('heading', { name: 'Repasse ao vendedor' })).toBeVisible();
  await expect(
    actions(staffPage).getByText(`${seller.nickname.toLowerCase()}@exemplo.com.br`, { exact: true }),
  ).toBeVisible();
  await expect(actions(staffPage).getByText(share, { exact: true })).toBeVisible();
  await expect(actions(staffPage).getByRole('button', { name: 'Copiar chave' })).toBeVisible();
  await expect(actions(staffPage).getByRole('button', { name: 'Copiar valor' })).toBeVisible();
  await actions(staffPage).getByLabel('Identificador da transferência (E2E)').fill('E123');
  await actions(staffPage).getByRole('button', { name: 'Pagar repasse' }).click();
  await expect(actions(staffPage).getByText(/Informe o identificador da transferência PIX/)).toBeVisible();
  await actions(staffPage).getByLabel('Identificador da transferência (E2E)').fill(uniqueEndToEndId('REP'));
  await actions(staffPage).getByRole('button', { name: 'Pagar repasse' }).click();
  const payoutDialog = staffPage.getByRole('dialog', { name: 'Registrar o repasse?' });
  await expect(
    payoutDialog.getByText(`Intermediação #${tradeId} · ${share} · ${listing.title}`),
  ).toBeVisible();
  await payoutDialog.getByRole('button', { name: 'Confirmar repasse' }).click();
  await expect(staffPage.getByText('Pagamento Liberado', { exact: true })).toBeVisible();
  await expect(staffPage.getByText('Estoque Atualizado', { exact: true })).toBeVisible();
  await expect(staffPage.getByText('Transação Finalizada', { exact: true })).toBeVisible();
  await expect(stateBadge(staffPage, 'Concluída')).toBeVisible();

  await buyerPage.reload();
  await expect(stateBadge(buyerPage, 'Concluída')).toBeVisible();
  const history = buyerPage.getByRole('region', { name: 'Histórico' });
  await expect(history.getByText(/Pagamento liberado ao vendedor/)).toBeVisible();
  await buyerPage.goto(listing.path);
  await expect(buyerPage.getByText('Disponível • Estoque: 1')).toBeVisible();

  // The seller was told on the bell, and the sale shows on the payments page.
  await sellerPage.goto('/pagamentos');
  await expect(
    sellerPage.getByRole('button', { name: /^Notificações, \d+ não lidas?$/ }).first(),
  ).toBeVisible();
  await sellerPage.getByRole('tab', { name: 'Histórico' }).click();
  await expect(sellerPage.getByText(/Liberação da negociação/).first()).toBeVisible();
  await sellerPage.context().close();
  await staffPage.context().close();
});

test('a dispute after delivery ends in a refund that both parties read', async ({
  page: buyerPage,
  browser,
  playwright,
  member: buyer,
  otherMember: seller,
  staff,
}) => {
  test.slow();
  const listing = await publishForOffers(playwright.request, seller, '90,00');
  // The buyer chooses 'Compra protegida' on the listing page.
  await buyerPage.goto(listing.path);
  await buyerPage
    .getByRole('region', { name: 'Compra', exact: true })
    .getByRole('button', { name: /Comprar agora/ })
    .click();
  await buyerPage
    .getByRole('dialog')
    .getByRole('button', { name: /Compra protegida/ })
    .click();
  await expect(buyerPage.getByText('Intermediação Iniciada', { exact: true })).toBeVisible();
  await expect(buyerPage).toHaveURL(/\/intermediacao\/\d+$/);
  await expect(
    buyerPage.getByRole('region', { name: 'Participantes' }).getByText(buyer.nickname),
  ).toBeVisible();
  const room = new URL(buyerPage.url()).pathname;

  const sellerPage = await personAt(browser, seller);
  await sellerPage.goto(room);
  await actions(sellerPage).getByRole('button', { name: 'Confirmar valor' }).click();
  await expect(sellerPage.getByText('Valor Confirmado', { exact: true })).toBeVisible();

  const staffPage = await personAt(browser, staff);
  await staffPage.goto(room);
  await actions(staffPage).getByRole('button', { name: 'Confirmar pagamento' }).click();
  await staffPage
    .getByRole('dialog', { name: 'Confirmar pagamento?' })
    .getByRole('button', { name: 'Confirmar pagamento' })
    .click();
  await expect(staffPage.getByText('Pagamento Confirmado', { exact: true })).toBeVisible();

  await sellerPage.reload();
  await actions(sellerPage).getByLabel('Observação (opcional)').fill('Itens enviados pelo jogo.');
  await actions(sellerPage)
    .getByLabel('Fotos da entrega (opcional, até 4)', { exact: true })
    .setInputFiles({ name: 'envio.png', mimeType: 'image/png', buffer: await makeImage() });
  await expect(actions(sellerPage).getByRole('img', { name: 'Comprovante de entrega 1' })).toBeVisible();
  await actions(sellerPage).getByRole('button', { name: 'Registrar entrega' }).click();
  await expect(sellerPage.getByText('Entrega Registrada', { exact: true })).toBeVisible();

  // The buyer disputes instead of confirming.
  await buyerPage.reload();
  const disputeButton = actions(buyerPage).getByRole('button', { name: 'Abrir disputa' });
  await disputeButton.click();
  const dialog = buyerPage.getByRole('dialog', { name: 'Abrir disputa' });
  // 'Voltar' closes it and gives the focus back to the button that opened it.
  await dialog.getByRole('button', { name: 'Voltar' }).click();
  await expect(disputeButton).toBeFocused();
  await disputeButton.click();
  await dialog.getByLabel('O que aconteceu?').fill('Os itens não chegaram no meu inventário.');
  await dialog.getByLabel('Evidências (opcional, até 4 fotos)', { exact: true }).setInputFiles({
    name: 'inventario.png',
    mimeType: 'image/png',
    buffer: await makeImage({ width: 600 }),
  });
  await expect(dialog.getByRole('img', { name: 'Evidência 1' })).toBeVisible();
  await screenshot(buyerPage, 'trade-dispute-dialog-desktop');
  const size = buyerPage.viewportSize();
  await buyerPage.setViewportSize({ width: 390, height: 844 });
  await screenshot(buyerPage, 'trade-dispute-dialog-390');
  if (size) await buyerPage.setViewportSize(size);
  await dialog.getByRole('button', { name: 'Abrir disputa' }).click();
  await expect(buyerPage.getByText('Disputa Aberta', { exact: true })).toBeVisible();
  await expect(stateBadge(buyerPage, 'Em disputa')).toBeVisible();
  await expectNoSeriousA11yViolations(buyerPage);

  // Staff see the seller's proof and the buyer's evidence, loaded from the trade's private route.
  await staffPage.reload();
  for (const name of ['Comprovante de entrega 1', 'Evidência da disputa 1']) {
    const photo = staffPage.getByRole('img', { name });
    await expect(photo).toBeVisible();
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  }
  await screenshot(staffPage, 'trade-room-photos-desktop');

  // Staff decide for a refund, with the reason and the refund's transfer id.
  await actions(staffPage).getByRole('button', { name: 'Decidir disputa' }).click();
  const decide = staffPage.getByRole('dialog', { name: 'Decidir disputa' });
  await decide.getByLabel(/Reembolsar/).check();
  await expect(decide.getByText(`· ${formatPrice(9000)} · ${listing.title}`)).toBeVisible();
  await decide.getByLabel('Justificativa').fill('O vendedor não comprovou a entrega.');
  await decide.getByLabel(/Identificador/).fill(uniqueEndToEndId('REE'));
  await decide.getByRole('button', { name: 'Decidir e registrar o reembolso' }).click();
  await expect(staffPage.getByText('Disputa Decidida', { exact: true })).toBeVisible();
  await expect(stateBadge(staffPage, 'Reembolsada')).toBeVisible();

  await sellerPage.reload();
  await expect(stateBadge(sellerPage, 'Reembolsada')).toBeVisible();
  await expect(sellerPage.getByText('O vendedor não comprovou a entrega.').first()).toBeVisible();
  await buyerPage.reload();
  await expect(buyerPage.getByText('O vendedor não comprovou a entrega.').first()).toBeVisible();
  await sellerPage.context().close();
  await staffPage.context().close();
});

test('a trade is private: another member is told it does not exist', async ({
  page,
  playwright,
  member: stranger,
  otherMember: seller,
  staff: buyer,
}) => {
  const listing = await publishForOffers(playwright.request, seller);
  const api = await apiAs(playwright.request, buyer);
  const started = await api.post('/api/trades', { data: { listingId: listing.id } });
  expect(started.status()).toBe(201);
  const { id } = (await started.json()) as { id: number };
  await api.dispose();
  expect(stranger.userId).not.toBe(buyer.userId);
  await page.goto(`/intermediacao/${id}`);
  await expect(page.getByRole('heading', { name: 'Intermediação não encontrada.' })).toBeVisible();
  await expect(page.getByText(listing.title)).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});
