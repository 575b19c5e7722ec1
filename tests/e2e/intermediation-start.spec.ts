import { expectNoSeriousA11yViolations } from './support/a11y';
import { expect, test } from './support/fixtures';
import { publishForOffers } from './support/offers';
import { openTradeBetween, personAt, phone } from './support/people';

test('the start screen finds a product by its seller, asks for one when none is chosen, and opens the room', async ({
  page,
  playwright,
  member: buyer,
  otherMember: seller,
}) => {
  test.slow();
  const listing = await publishForOffers(playwright.request, seller, '120,00');
  await page.goto('/intermediacao');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('status', { name: 'Carregando produtos' })).toBeHidden();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Iniciar Intermediação' }).click();
  await expect(page.getByText('Produto necessário', { exact: true })).toBeVisible();
  await expect(
    page.getByText('Selecione um produto para iniciar a intermediação', { exact: true }),
  ).toBeVisible();

  await page.getByLabel('Buscar por título, vendedor ou jogo').fill(seller.nickname.toUpperCase());
  const option = page.getByRole('radio', { name: new RegExp(listing.title) });
  await expect(option).toBeVisible();
  await page.getByLabel('Buscar por título, vendedor ou jogo').fill('nenhum produto tem este nome xyz');
  await expect(page.getByText('Nenhum produto encontrado')).toBeVisible();
  await page.getByLabel('Buscar por título, vendedor ou jogo').fill(listing.title);
  await option.check();
  await expect(page.getByText(/Selecionado:/)).toContainText(listing.title);
  await page.getByRole('button', { name: 'Iniciar Intermediação' }).click();
  await expect(page.getByText('Intermediação Iniciada', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/intermediacao\/\d+$/);
  await expect(page.getByRole('region', { name: 'Participantes' }).getByText(buyer.nickname)).toBeVisible();

  // The trade is listed among the buyer's own, with its state.
  await page.goto('/intermediacao');
  const mine = page.getByRole('region', { name: 'Minhas intermediações' });
  await expect(mine.getByRole('link', { name: new RegExp(listing.title) })).toBeVisible();
  await expect(mine.getByText('Aguardando confirmação do valor').first()).toBeVisible();
});

test('on a phone the member’s own open trade comes before the product picker, whose titles show whole', async ({
  browser,
  playwright,
  member: buyer,
  otherMember: seller,
}) => {
  test.slow();
  await openTradeBetween(playwright.request, buyer, seller);
  const product = await publishForOffers(playwright.request, seller, '89,90');
  const page = await personAt(browser, buyer, phone);
  await page.goto('/intermediacao');

  const mine = page.getByRole('region', { name: 'Minhas intermediações' });
  const picker = page.getByRole('region', { name: 'Nova intermediação' });
  await expect(mine.getByText('Aguardando confirmação do valor').first()).toBeVisible();
  await expect(picker.getByRole('status', { name: 'Carregando produtos' })).toBeHidden();
  const [mineBox, pickerBox] = [await mine.boundingBox(), await picker.boundingBox()];
  expect(mineBox && pickerBox && mineBox.y + mineBox.height <= pickerBox.y).toBe(true);

  // The product's whole title, wrapped on the narrow screen, not cut with '…'.
  await picker.getByLabel('Buscar por título, vendedor ou jogo').fill(product.title);
  const title = picker
    .locator('label')
    .filter({ has: page.getByRole('radio') })
    .getByText(product.title, {
      exact: true,
    });
  await expect(title).toBeVisible();
  expect(await title.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  const titleBox = await title.boundingBox();
  expect(titleBox && titleBox.x + titleBox.width <= 390).toBe(true);
  await expectNoSeriousA11yViolations(page);
});
