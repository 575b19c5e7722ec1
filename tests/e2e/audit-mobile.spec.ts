import { expectNoSeriousA11yViolations } from './support/a11y';
import { apiAs, expect, screenshot, signInAs, test } from './support/fixtures';

test('at 390px the audit fits the screen: no sideways scroll (543 px wide before)', async ({
  page,
  playwright,
  member,
  moderator,
  staff,
}) => {
  const mod = await apiAs(playwright.request, moderator);
  const suspended = await mod.post(`/api/staff/users/${member.userId}/suspend`, {
    data: { penalty: '7_dias', reason: `Golpe combinado por fora da plataforma ${Date.now()}` },
  });
  expect(suspended.ok()).toBe(true);
  await mod.dispose();

  await signInAs(page.context(), staff);
  await page.goto('/admin/auditoria');
  const main = page.getByRole('main');
  await expect(main.getByText(`suspendeu ${member.nickname} por 7 dias`).first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoSeriousA11yViolations(page);
  await main.getByText(`suspendeu ${member.nickname} por 7 dias`).first().scrollIntoViewIfNeeded();
  await screenshot(page, 'admin-audit-390');
});
