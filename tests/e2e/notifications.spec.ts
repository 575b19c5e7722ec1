import { notificationMessages as m } from '@shared/notification-messages';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { expect, test } from './support/fixtures';

// Nothing in the running server writes notifications yet (offers and trades will): these check the empty states,
// the keyboard and the page. The filled case comes with offers.

test('guests have no bell', async ({ page }) => {
  await page.goto('/home');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Entrar' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Notificações/ })).toHaveCount(0);
});

test('a member opens the empty bell by keyboard, closes it back onto the bell, and sees all on /notificacoes', async ({
  page,
  member,
}) => {
  await page.goto('/home');
  await expect(page.getByRole('button', { name: member.nickname })).toBeVisible();
  const bell = page.getByRole('banner').getByRole('button', { name: m.title, exact: true });
  await expect(bell).toBeVisible();

  await bell.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu', { name: m.title });
  await expect(menu.getByText(m.empty)).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: m.markAllRead })).toHaveAttribute('aria-disabled', 'true');
  await expectNoSeriousA11yViolations(page);

  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  const openBell = page.getByRole('banner').getByRole('button', { name: m.title, exact: true });
  await expect(openBell).toBeFocused();

  await openBell.click();
  await menu.getByRole('menuitem', { name: m.seeAll }).click();
  await expect(page).toHaveURL(/\/notificacoes$/);
  await expect(page.getByRole('heading', { level: 1, name: m.title })).toBeVisible();
  await expect(page.getByRole('main').getByText(m.empty)).toBeVisible();
  await expect(page.getByRole('button', { name: m.markAllRead })).toBeDisabled();
  await expect(page.getByRole('button', { name: m.loadMore })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});

test('at 390px the bell sits in the mobile top bar and its menu fits the screen', async ({
  page,
  member,
}) => {
  void member;
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/home');
  const bell = page.getByRole('banner').getByRole('button', { name: m.title, exact: true });
  await bell.click();
  const menu = page.getByRole('menu', { name: m.title });
  await expect(menu.getByText(m.empty)).toBeVisible();
  const box = await menu.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  await expectNoSeriousA11yViolations(page);
});

test('a guest sent to /notificacoes goes to the login page', async ({ page }) => {
  await page.goto('/notificacoes');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(m.loginRequired)).toBeVisible();
});
