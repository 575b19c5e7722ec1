import { expectNoSeriousA11yViolations } from './support/a11y';
import { expect, signInAs, test } from './support/fixtures';
import { publishForOffers } from './support/offers';

test('at 390px a buyer offers from the buy bar and the seller accepts on /minhas-ofertas', async ({
  page,
  context,
  playwright,
  member: buyer,
  otherMember: seller,
}) => {
  test.slow();
  const listing = await publishForOffers(playwright.request, seller, '1.299,00');
  await page.goto(listing.path);
  await expect(page.getByRole('heading', { level: 1, name: listing.title })).toBeVisible();

  const bar = page.getByRole('region', { name: 'Compra rápida' });
  await page.getByRole('heading', { name: 'Descrição' }).scrollIntoViewIfNeeded();
  await bar.getByRole('button', { name: 'Fazer oferta' }).click();
  const dialog = page.getByRole('dialog', { name: 'Fazer oferta' });
  await dialog.getByLabel('Sua oferta (R$)').fill('1100');
  await expectNoSeriousA11yViolations(page);
  const box = await dialog.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  await dialog.getByRole('button', { name: 'Enviar oferta' }).click();
  await expect(page.getByText('Oferta enviada!')).toBeVisible();
  await expect(dialog).toBeHidden();

  await signInAs(context, seller);
  await page.goto('/minhas-ofertas');
  const row = page.getByRole('listitem').filter({ hasText: listing.title });
  await expect(row.getByText(/R\$\s1\.100,00/)).toBeVisible();
  await expect(row.getByText(`De ${buyer.nickname}`)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoSeriousA11yViolations(page);
  await row.getByRole('button', { name: 'Aceitar' }).click();
  await expect(page).toHaveURL(/\/intermediacao\/\d+$/);
});
