import { paths } from '@shared/paths';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { apiAs, expect, screenshot, test } from './support/fixtures';
import { personAt } from './support/people';
import { sellThroughTrade } from './support/sales';

test("a moderator reads a private seller's nickname as the payout's holder, the admin the full name, the buyer no payout (issues 33, 34)", async ({
  page: buyerPage,
  browser,
  playwright,
  member: buyer,
  otherMember: seller,
  staff,
  moderator,
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

  await buyerPage.goto(paths.trade(id));
  await expect(buyerPage.getByText('Compra concluída').first()).toBeVisible();
  await expect(buyerPage.getByText(fullName)).toBeHidden();
  await expect(buyerPage.getByText('nome completo privado')).toBeHidden();

  const moderatorPage = await personAt(browser, moderator);
  for (const width of [1440, 390]) {
    await moderatorPage.setViewportSize({ width, height: 900 });
    await moderatorPage.goto(paths.trade(id));
    const holder = moderatorPage.getByRole('definition').filter({ hasText: 'nome completo privado' });
    await expect(holder).toHaveText(`${seller.nickname} (apelido; nome completo privado)`);
    await expect(moderatorPage.getByText(fullName)).toBeHidden();
    await holder.scrollIntoViewIfNeeded();
    await expectNoSeriousA11yViolations(moderatorPage);
    await screenshot(moderatorPage, `trade-room-private-holder-${width}`);
  }
  await moderatorPage.context().close();

  const adminPage = await personAt(browser, staff);
  await adminPage.goto(paths.trade(id));
  await expect(adminPage.getByRole('definition').filter({ hasText: fullName }).first()).toBeVisible();
  await adminPage.context().close();
});
