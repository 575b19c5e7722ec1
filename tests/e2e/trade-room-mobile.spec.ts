import { expectNoSeriousA11yViolations } from './support/a11y';
import { apiAs, expect, screenshot, test } from './support/fixtures';
import { publishForOffers } from './support/offers';

test('on a phone, the buyer starts a protected purchase and reads the PIX charge in the room', async ({
  page,
  playwright,
  member: buyer,
  otherMember: seller,
}) => {
  test.slow();
  const listing = await publishForOffers(playwright.request, seller, '59,90');
  await page.goto(listing.path);
  await page
    .getByRole('button', { name: /Comprar agora/ })
    .last()
    .click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Compra protegida/ })
    .click();
  await expect(page).toHaveURL(/\/intermediacao\/\d+$/);
  const id = Number(new URL(page.url()).pathname.split('/').pop());

  const sellerApi = await apiAs(playwright.request, seller);
  expect((await sellerApi.post(`/api/trades/${id}/value`, { data: { amount: '59,90' } })).status()).toBe(200);
  await sellerApi.dispose();

  await page.reload();
  await expect(page.getByRole('img', { name: /QR Code/i })).toBeVisible();
  await expect(page.getByLabel(/PIX copia e cola/i)).toHaveValue(/^000201.*540559\.90/);
  await expect(page.getByRole('region', { name: 'Participantes' }).getByText(buyer.nickname)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'trade-room-payment-mobile');
  await page.getByRole('region', { name: 'Etapas' }).scrollIntoViewIfNeeded();
  await screenshot(page, 'trade-room-steps-mobile');

  await page.goto('/intermediacao');
  await expect(page.getByRole('link', { name: new RegExp(listing.title) }).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'trades-list-mobile');
});
