import type { Page } from '@playwright/test';
import { paths } from '@shared/paths';
import { makeImage } from '../helpers/images';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { anotherMember, apiAs, expect, screenshot, signInAs, test } from './support/fixtures';
import { personAt, phone } from './support/people';

/**
 * Instant delivery (issue 37) end to end: the seller publishes an instant listing and imports codes (one bad line
 * answered with its number), the buyer buys and pays, an admin confirms the payment, and the buyer's room shows the
 * code by itself within seconds; the buyer reveals it and the vault shows it delivered. Screenshots of the vault and
 * the room at 1440 and 390 go to .tmp/screenshots.
 */

const unique = () => Math.random().toString(36).slice(2, 7);
const codes = [`GIFT-${unique()}-AAAA`, `GIFT-${unique()}-BBBB`, `GIFT-${unique()}-CCCC`] as const;

/** The page from its top, for a screenshot. */
const toTop = (page: Page) => page.evaluate(() => window.scrollTo({ top: 0 }));

test('a seller loads codes, a paid trade receives one by itself and the buyer reveals it', async ({
  page,
  context,
  member: buyer,
  otherMember: seller,
  staff,
  playwright,
  browser,
}) => {
  // Two people's pages, an import and a live delivery on a 2-core machine shared with other runs.
  test.setTimeout(180_000);
  // The seller publishes an instant listing: without codes it is paused, and the vault says so.
  await signInAs(context, seller);
  await page.goto(paths.publish);
  await page.getByLabel('Fotos', { exact: true }).setInputFiles({
    name: 'gift.png',
    mimeType: 'image/png',
    buffer: await makeImage({ width: 640, height: 480 }),
  });
  await page.getByLabel('Jogo', { exact: true }).selectOption({ label: 'Valorant' });
  await page.getByLabel('Categoria', { exact: true }).selectOption({ label: 'Itens' });
  const instant = page.getByRole('switch', { name: 'Entrega automática' });
  await instant.click();
  await expect(instant).toBeChecked();
  await expect(page.getByText('O estoque é o número de códigos disponíveis.')).toBeVisible();
  const title = `Gift card Valorant 100 VP ${unique()}`;
  await page.getByLabel('Título', { exact: true }).fill(title);
  await page
    .getByLabel('Descrição', { exact: true })
    .fill('Código de 100 VP para a sua conta Riot, região Brasil.');
  await page.getByLabel('Preço (R$)', { exact: true }).fill('25,00');
  await page.getByLabel('WhatsApp', { exact: true }).fill('(11) 98765-4321');
  await page.getByRole('button', { name: 'Publicar Item' }).click();
  await expect(page).toHaveURL(/\/listing\/\d+\/codigos$/);
  const listingId = Number(new URL(page.url()).pathname.split('/')[2]);
  await expect(page.getByRole('heading', { level: 1, name: 'Códigos do anúncio' })).toBeVisible();
  await expect(page.getByText('Anúncio pausado: sem códigos disponíveis')).toBeVisible();

  // The import: the repeated third line is refused with its number, the rest goes in.
  await page.getByLabel('Códigos (um por linha)').fill([codes[0], codes[1], codes[0], codes[2]].join('\n'));
  await page.getByRole('button', { name: 'Importar códigos' }).click();
  const answer = page.getByRole('region', { name: 'Adicionar códigos' }).locator('[aria-live="polite"]');
  await expect(answer.getByText('3 códigos importados')).toBeVisible();
  await expect(answer.getByRole('listitem')).toHaveCount(1);
  await expect(answer.getByRole('listitem')).toHaveText(/^Linha 3: Repetido no arquivo/);
  await expect(page.getByText('Anúncio pausado: sem códigos disponíveis')).toHaveCount(0);
  const available = page.locator('dl > div').filter({ hasText: 'Disponíveis' });
  await expect(available.locator('dd').first()).toHaveText('3');
  const rows = page.getByRole('region', { name: 'Seus códigos' }).getByRole('listitem');
  await expect(rows).toHaveCount(3);
  await expect(rows.filter({ hasText: codes[0].slice(-4) })).toContainText('•••• AAAA');
  await expect(page.getByText(codes[0])).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await toTop(page);
  await screenshot(page, 'entrega-automatica-cofre-1440');

  // The buyer reads the promise and buys: the trade opens at the PIX step, its code held.
  await signInAs(context, buyer);
  await page.goto(paths.listing(listingId));
  const buyBox = page.getByRole('region', { name: 'Compra', exact: true });
  await expect(buyBox.getByText('Entrega automática', { exact: true })).toBeVisible();
  await expect(buyBox.getByText('Entrega em segundos após o pagamento')).toBeVisible();
  await buyBox.getByRole('button', { name: 'Comprar agora' }).click();
  await page
    .getByRole('dialog', { name: 'Como você quer comprar?' })
    .getByRole('button', { name: /^Compra protegida/ })
    .click();
  await expect(page).toHaveURL(/\/intermediacao\/\d+$/);
  const tradeId = Number(new URL(page.url()).pathname.split('/').pop());
  await expect(page.getByRole('heading', { name: 'Pague com PIX' })).toBeVisible();

  // The admin confirms the PIX; the open room turns to the code by itself (the live event), without a reload.
  const admin = await apiAs(playwright.request, staff);
  const paid = await admin.post(`/api/trades/${tradeId}/payment`, { data: {} });
  expect(paid.status(), await paid.text()).toBe(200);
  await admin.dispose();
  await expect(page.getByRole('heading', { name: 'Seu código' })).toBeVisible({ timeout: 10_000 });
  await expect(page.getByText('Seu código chegou: revele, confira e confirme o recebimento')).toBeVisible();
  await page.getByRole('button', { name: 'Mostrar código' }).click();
  const shown = page.getByRole('region', { name: 'Ações' }).locator('pre');
  await expect(shown).toHaveText(new RegExp(`^(${codes.join('|')})$`));
  const delivered = (await shown.textContent()) ?? '';
  await expect(page.getByRole('button', { name: 'Copiar código' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'entrega-automatica-sala-1440');

  // The vault shows that code delivered, with the trade that received it.
  await signInAs(context, seller);
  await page.goto(`${paths.listingCodes(listingId)}?estado=delivered`);
  const deliveredRows = page.getByRole('region', { name: 'Seus códigos' }).getByRole('listitem');
  await expect(deliveredRows).toHaveCount(1);
  await expect(deliveredRows).toContainText(`•••• ${delivered.slice(-4)}`);
  await expect(deliveredRows.getByRole('link', { name: `Negociação #${tradeId}` })).toBeVisible();
  await expect(page.locator('dl > div').filter({ hasText: 'Entregues' }).locator('dd').first()).toHaveText(
    '1',
  );
  await expect(page.locator('dl > div').filter({ hasText: 'Disponíveis' }).locator('dd').first()).toHaveText(
    '2',
  );

  // On a phone: the vault (seller) and the room with the code shown (buyer).
  const sellerPhone = await personAt(browser, seller, phone);
  await sellerPhone.goto(`${paths.listingCodes(listingId)}?estado=delivered`);
  const tradeLink = sellerPhone.getByRole('link', { name: `Negociação #${tradeId}` });
  await expect(tradeLink).toBeVisible();
  await toTop(sellerPhone);
  await screenshot(sellerPhone, 'entrega-automatica-cofre-390');
  await tradeLink.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await screenshot(sellerPhone, 'entrega-automatica-cofre-lista-390');
  await expectNoSeriousA11yViolations(sellerPhone);
  const buyerPhone = await personAt(browser, buyer, phone);
  await buyerPhone.goto(paths.trade(tradeId));
  const codeTitle = buyerPhone.getByRole('heading', { name: 'Seu código' });
  await expect(codeTitle).toBeVisible();
  await screenshot(buyerPhone, 'entrega-automatica-sala-390');
  await buyerPhone.getByRole('button', { name: 'Mostrar código' }).click();
  await expect(buyerPhone.getByRole('region', { name: 'Ações' }).locator('pre')).toHaveText(delivered);
  await codeTitle.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await screenshot(buyerPhone, 'entrega-automatica-sala-codigo-390');
});

test('staff pause a seller whose instant codes buyers dispute; the vault says so until staff reactivate it', async ({
  page,
  context,
  member: buyer,
  otherMember: seller,
  staff,
  playwright,
  browser,
}) => {
  test.setTimeout(180_000);
  // Through the API: an instant listing with four codes, three of them bought, delivered and disputed.
  const sellerApi = await apiAs(playwright.request, seller);
  const { games } = (await (await sellerApi.get('/api/games')).json()) as {
    games: { id: number; slug: string }[];
  };
  const published = await sellerApi.post('/api/listings', {
    multipart: {
      gameId: String(games.find((g) => g.slug === 'valorant')?.id),
      kind: 'items',
      title: `Gift card Valorant contestado ${unique()}`,
      description: 'Código de 100 VP para a sua conta Riot, região Brasil.',
      price: '25,00',
      quantity: '1',
      whatsapp: '(11) 98765-4321',
      instantDelivery: 'true',
      photos: {
        name: 'gift.png',
        mimeType: 'image/png',
        buffer: await makeImage({ width: 640, height: 480 }),
      },
    },
  });
  expect(published.status(), await published.text()).toBe(201);
  const { id: listingId } = (await published.json()) as { id: number };
  const stock = [1, 2, 3, 4].map((n) => `DISPUTA-${unique()}-${n}`);
  const imported = await sellerApi.post(`/api/listings/${listingId}/codes/import`, {
    data: { text: stock.join('\n'), allOrNothing: true },
  });
  expect((await imported.json()).imported).toBe(4);
  const staffApi = await apiAs(playwright.request, staff);
  // Three buyers: a buyer's second 'Comprar agora' opens their trade under way again.
  for (const who of [buyer, anotherMember(), anotherMember()]) {
    const buyerApi = await apiAs(playwright.request, who);
    const opened = await buyerApi.post('/api/trades', { data: { listingId } });
    expect(opened.status(), await opened.text()).toBe(201);
    const { id } = (await opened.json()) as { id: number };
    expect((await staffApi.post(`/api/trades/${id}/payment`, { data: {} })).status()).toBe(200);
    const disputed = await buyerApi.post(`/api/trades/${id}/dispute`, {
      data: { reason: 'O código não funciona' },
    });
    expect(disputed.status(), await disputed.text()).toBe(200);
    await buyerApi.dispose();
  }
  await Promise.all([sellerApi.dispose(), staffApi.dispose()]);

  // The trades desk flags the seller with the figures; staff pause with a reason.
  const desk = await personAt(browser, staff);
  await desk.goto('/admin/intermediacoes');
  const flagged = desk
    .getByRole('region', { name: 'Entrega automática: códigos contestados' })
    .getByRole('listitem')
    .filter({ hasText: seller.nickname });
  await expect(flagged).toContainText('3 disputas em 3 códigos entregues');
  await flagged.getByRole('button', { name: `Pausar entregas automáticas de ${seller.nickname}` }).click();
  const dialog = desk.getByRole('dialog', { name: 'Pausar entregas automáticas?' });
  await dialog.getByRole('button', { name: 'Pausar entregas automáticas' }).click();
  await expect(dialog.getByText('Informe o motivo da pausa.')).toBeVisible();
  await dialog.getByLabel('Motivo').fill('Três códigos contestados em seguida');
  await dialog.getByRole('button', { name: 'Pausar entregas automáticas' }).click();
  await expect(desk.getByText(`1 anúncio pausado de ${seller.nickname}`)).toBeVisible();
  await expect(flagged).toContainText('1 pausado pela equipe');
  await expectNoSeriousA11yViolations(desk);
  await screenshot(desk, 'entrega-automatica-fraude-1440');

  // The seller is told why, and the vault says staff paused it.
  await signInAs(context, seller);
  await page.goto(paths.notifications);
  await page.getByRole('link', { name: /Entrega automática pausada pela equipe/ }).click();
  await expect(page).toHaveURL(paths.listingCodes(listingId));
  await expect(page.getByText('Anúncio pausado pela equipe')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Reactivated: the vault is back to its stock.
  await flagged
    .getByRole('button', { name: `Reativar as entregas automáticas de ${seller.nickname}` })
    .click();
  await expect(desk.getByText(`1 anúncio reativado de ${seller.nickname}`)).toBeVisible();
  await expect(flagged.getByRole('button', { name: /^Reativar/ })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Códigos do anúncio' })).toBeVisible();
  await expect(page.getByText('Anúncio pausado pela equipe')).toHaveCount(0);
});
