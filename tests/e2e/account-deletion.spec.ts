import { accountMessages } from '@shared/account-messages';
import { settingsMessages as m } from '@shared/settings-messages';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { expect, screenshot, test } from './support/fixtures';
import { sellThroughTrade } from './support/sales';

test('a member deletes the account through the dialog, lands signed out on /, and cannot sign in again', async ({
  page,
  member,
}) => {
  await page.goto('/meus-dados');
  const open = page.getByRole('button', { name: m.deleteAccountTitle });
  await open.scrollIntoViewIfNeeded();
  await screenshot(page, 'excluir-conta-secao-1440');
  await expectNoSeriousA11yViolations(page);
  await open.click();
  const dialog = page.getByRole('dialog', { name: m.deleteAccountTitle });
  await expect(dialog.getByText(m.deleteAccountRemoved)).toBeVisible();
  await expect(dialog.getByText(m.deleteAccountKept)).toBeVisible();
  await expectNoSeriousA11yViolations(page, { include: '[role="dialog"]' });
  await screenshot(page, 'excluir-conta-1440');

  // A wrong password is refused in the dialog and nothing happens.
  const password = dialog.getByLabel(m.deleteAccountPasswordLabel);
  await password.fill('Errada@999');
  await dialog.getByRole('button', { name: m.deleteAccountConfirm }).click();
  await expect(dialog.getByText(m.deleteAccountPasswordWrong)).toBeVisible();

  await password.fill(member.password);
  await dialog.getByRole('button', { name: m.deleteAccountConfirm }).click();
  await expect(page.getByText(m.accountDeleted)).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Entrar' })).toBeVisible();

  // The old password leads nowhere.
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(member.email);
  await page.getByLabel('Senha', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page.getByText(accountMessages.invalidCredentials).first()).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('at 390 px the dialog fits the screen', async ({ page, member }) => {
  void member;
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/meus-dados');
  const open = page.getByRole('button', { name: m.deleteAccountTitle });
  await open.scrollIntoViewIfNeeded();
  await screenshot(page, 'excluir-conta-secao-390');
  await open.click();
  const dialog = page.getByRole('dialog', { name: m.deleteAccountTitle });
  await expect(dialog.getByRole('button', { name: m.deleteAccountConfirm })).toBeVisible();
  await screenshot(page, 'excluir-conta-390');
  const box = await dialog.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
});

test('with a trade still open the dialog says to finish it first, and the account stays', async ({
  page,
  member,
  otherMember,
  staff,
  playwright,
}) => {
  await sellThroughTrade(
    playwright.request,
    { seller: otherMember, buyer: member, staff },
    { price: '120,00', stage: 'paid' },
  );
  await page.goto('/meus-dados');
  await page.getByRole('button', { name: m.deleteAccountTitle }).click();
  const dialog = page.getByRole('dialog', { name: m.deleteAccountTitle });
  await dialog.getByLabel(m.deleteAccountPasswordLabel).fill(member.password);
  await dialog.getByRole('button', { name: m.deleteAccountConfirm }).click();
  await expect(dialog.getByRole('alert')).toHaveText(m.deleteAccountOpenTrade);
  await dialog.getByRole('button', { name: m.deleteAccountCancel }).click();
  await expect(dialog).toBeHidden();
  await page.reload();
  await expect(page.getByRole('button', { name: m.deleteAccountTitle })).toBeVisible();
});
