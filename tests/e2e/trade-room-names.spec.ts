import { paths } from '@shared/paths';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { apiAs, expect, screenshot, test } from './support/fixtures';
import { personAt } from './support/people';
import { sellThroughTrade } from './support/sales';

test("the buyer reads a private seller's nickname as the payout's holder, the admin the full name (issue 33)", async ({
  page: buyerPage,
  browser,
  playwright,
  member: buyer,
  otherMember: seller,
  staff,
}) => {
  const fullName = 'Maria Privada da Silva';
  const sellerApi = await apiAs(playwright.request, seller);
  const profile = await sellerApi.put('/api/accounts/me/profile', {
    data: { username: seller.nickname, fullName },
  });
  expect(profile.status()).toBe(200);
  const privacy = await sellerApi.put('/api/accounts/me/settings', {
    data: { privacy: { profilePublic: false } },
  });
  expect(privacy.status()).toBe(200);

  const { id } = await sellThroughTrade(
    playwright.request,
    { seller, buyer, staff },
    { price: '90,00', stage: 'paid' },
  );
  const buyerApi = await apiAs(playwright.request, buyer);
  expect((await sellerApi.post(`/api/trades/${id}/delivery`, { data: { note: 'Entregue' } })).status()).toBe(
    200,
  );
  expect((await buyerApi.post(`/api/trades/${id}/delivery/confirm`, { data: {} })).status()).toBe(200);
  await Promise.all([sellerApi.dispose(), buyerApi.dispose()]);

  for (const width of [1440, 390]) {
    await buyerPage.setViewportSize({ width, height: 900 });
    await buyerPage.goto(paths.trade(id));
    const holder = buyerPage.getByRole('definition').filter({ hasText: 'nome completo privado' });
    await expect(holder).toHaveText(`${seller.nickname} (apelido; nome completo privado)`);
    await expect(buyerPage.getByText(fullName)).toBeHidden();
    await holder.scrollIntoViewIfNeeded();
    await expectNoSeriousA11yViolations(buyerPage);
    await screenshot(buyerPage, `trade-room-private-holder-${width}`);
  }

  const adminPage = await personAt(browser, staff);
  await adminPage.goto(paths.trade(id));
  await expect(adminPage.getByRole('definition').filter({ hasText: fullName }).first()).toBeVisible();
  await adminPage.context().close();
});
