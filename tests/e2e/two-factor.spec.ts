import { accountMessages } from '@shared/account-messages';
import { twoFactorMessages as m } from '@shared/settings-messages';
import { nextTotpCode, totpCode } from '../helpers/totp';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { apiAs, expect, screenshot, test } from './support/fixtures';

const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

test('a member turns two-factor on in the settings, signs out and signs in again with a code', async ({
  page,
  browser,
  member,
}) => {
  test.slow(); // setup, sign out, sign in with two steps, screenshots at two widths

  await page.goto('/configuracoes');
  const section = page.getByRole('region', { name: m.title });
  await expect(section.getByText(m.statusOff)).toBeVisible();
  await section.getByRole('button', { name: m.enable }).click();

  const dialog = page.getByRole('dialog', { name: m.enable });
  await expect(dialog.getByText(m.passwordPrompt)).toBeVisible();
  await dialog.getByLabel(m.passwordLabel).fill('nao-e-a-senha');
  await dialog.getByRole('button', { name: m.continue }).click();
  await expect(dialog.getByText(m.passwordWrong)).toBeVisible();
  await dialog.getByLabel(m.passwordLabel).fill(member.password);
  await dialog.getByRole('button', { name: m.continue }).click();

  // The QR code, the secret as text and ten backup codes.
  await expect(dialog.getByRole('img', { name: m.qrAlt })).toBeVisible();
  const secret = (await dialog.getByTestId('two-factor-secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{16,}=*$/);
  await expect(dialog.getByRole('list', { name: m.backupTitle }).getByRole('listitem')).toHaveCount(10);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'two-factor-setup');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(dialog.getByRole('img', { name: m.qrAlt })).toBeVisible();
  await screenshot(page, 'two-factor-setup-mobile');
  await page.setViewportSize({ width: 1440, height: 900 });

  // A wrong code leaves it off; the app's code turns it on.
  const codeField = dialog.getByLabel(m.codeLabel);
  await codeField.fill(otherCode(totpCode(secret)));
  await dialog.getByRole('button', { name: m.confirm, exact: true }).click();
  await expect(dialog.getByText(m.codeWrong)).toBeVisible();
  await codeField.fill(totpCode(secret));
  await dialog.getByRole('button', { name: m.confirm, exact: true }).click();
  await expect(page.getByText(m.enabled)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(section.getByText(m.statusOn)).toBeVisible();
  await expect(section.getByRole('button', { name: m.regenerate })).toBeVisible();

  // Sign out through the account menu.
  await page.getByRole('button', { name: member.nickname }).click();
  await page.getByRole('menuitem', { name: 'Sair da Conta' }).click();
  await expect(page.getByText('Logout realizado')).toBeVisible();

  // The password alone is not enough any more: the code step follows.
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(member.email);
  await page.getByLabel('Senha', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  const step = page.getByRole('form', { name: m.stepTitle });
  await expect(step).toBeVisible();
  const code = step.getByLabel(m.stepCodeLabel);
  await expect(code).toBeFocused();
  expect((await (await page.request.get('/api/accounts/me')).json()).user).toBeNull();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'two-factor-login-step');

  await code.fill(otherCode(totpCode(secret)));
  await step.getByRole('button', { name: m.stepSubmit }).click();
  await expect(step.getByText(m.signInCodeWrong)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The same step on a phone, in its own browser (a second, independent password step).
  const phone = await browser.newContext({
    baseURL: process.env.E2E_BASE_URL,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const mobile = await phone.newPage();
  await mobile.goto('/login');
  await mobile.getByLabel('Email', { exact: true }).fill(member.email);
  await mobile.getByLabel('Senha', { exact: true }).fill(member.password);
  await mobile.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(mobile.getByRole('form', { name: m.stepTitle }).getByLabel(m.stepCodeLabel)).toBeFocused();
  await expectNoSeriousA11yViolations(mobile);
  await screenshot(mobile, 'two-factor-login-step-mobile');
  await phone.close();

  // The setup's code was spent: each code of the app signs in once (the next one here).
  await code.fill(nextTotpCode(secret));
  await step.getByRole('button', { name: m.stepSubmit }).click();
  await expect(page.getByText(accountMessages.signInSuccess)).toBeVisible();
  await expect(page).toHaveURL(/\/home$/);
  expect((await (await page.request.get('/api/accounts/me')).json()).user?.email).toBe(member.email);

  // Back in the settings: new backup codes, then two-factor off (password each time).
  await page.goto('/configuracoes');
  await section.getByRole('button', { name: m.regenerate }).click();
  const codes = page.getByRole('dialog', { name: m.regenerate });
  await codes.getByLabel(m.passwordLabel).fill(member.password);
  await codes.getByRole('button', { name: m.continue }).click();
  await expect(codes.getByText(m.newBackupCodesHelp)).toBeVisible();
  await expect(codes.getByRole('listitem')).toHaveCount(10);
  await codes.getByRole('button', { name: m.close, exact: true }).last().click();
  await expect(codes).toBeHidden();

  await section.getByRole('button', { name: m.disable }).click();
  const off = page.getByRole('dialog');
  await off.getByLabel(m.passwordLabel).fill(member.password);
  await off.getByRole('button', { name: m.disable }).click();
  await expect(page.getByText(m.disabled)).toBeVisible();
  await expect(section.getByText(m.statusOff)).toBeVisible();
  expect((await (await page.request.get('/api/accounts/me')).json()).user?.email).toBe(member.email);
});

test('staff with two-factor on enter the panel through the code step of /admin/login, with a backup code', async ({
  page,
  playwright,
  staff,
}) => {
  // Two-factor turned on through the settings API, with the app's code computed from the secret.
  const api = await apiAs(playwright.request, staff);
  const setup = await api.post('/api/accounts/me/two-factor/enable', { data: { password: staff.password } });
  expect(setup.status()).toBe(200);
  const { secret, backupCodes } = (await setup.json()) as { secret: string; backupCodes: string[] };
  expect(
    (await api.post('/api/accounts/me/two-factor/confirm', { data: { code: totpCode(secret) } })).status(),
  ).toBe(204);
  await api.dispose();

  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(staff.email);
  await page.getByLabel('Senha', { exact: true }).fill(staff.password);
  await page.getByRole('button', { name: 'Acessar Painel' }).click();
  const step = page.getByRole('form', { name: m.stepTitle });
  await expect(step.getByLabel(m.stepCodeLabel)).toBeFocused();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'two-factor-admin-step');

  await step.getByLabel(m.stepCodeLabel).fill(backupCodes[0] as string);
  await step.getByRole('button', { name: m.stepSubmit }).click();
  await expect(page.getByRole('heading', { name: 'Painel de Administração' })).toBeVisible();
});

test('a member with two-factor on who enters with Discord gives the code first, and a trusted browser skips it', async ({
  page,
  playwright,
  otherMember: member,
}) => {
  test.slow(); // two Discord round trips through the local mock, a code step, a sign-out

  const api = await apiAs(playwright.request, member);
  const setup = await api.post('/api/accounts/me/two-factor/enable', { data: { password: member.password } });
  expect(setup.status()).toBe(200);
  const { secret } = (await setup.json()) as { secret: string };
  expect(
    (await api.post('/api/accounts/me/two-factor/confirm', { data: { code: totpCode(secret) } })).status(),
  ).toBe(204);
  await api.dispose();

  // The local Discord answers as this member (global-setup.ts reads the hint).
  await page.route('**/authorize?**', (route) =>
    route.continue({ url: `${route.request().url()}&login_hint=${encodeURIComponent(member.email)}` }),
  );

  await page.goto('/login');
  await page.getByRole('button', { name: 'Entrar com Discord' }).click();
  const step = page.getByRole('form', { name: m.stepTitle });
  const code = step.getByLabel(m.stepCodeLabel);
  await expect(code).toBeFocused();
  await expect(page).toHaveURL(/\/login\?etapa=codigo/);
  expect((await (await page.request.get('/api/accounts/me')).json()).user).toBeNull();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'two-factor-discord-step');

  await code.fill(otherCode(totpCode(secret)));
  await step.getByRole('button', { name: m.stepSubmit }).click();
  await expect(step.getByText(m.signInCodeWrong)).toBeVisible();

  await code.fill(nextTotpCode(secret));
  await step.getByLabel(m.trustDevice).check();
  await step.getByRole('button', { name: m.stepSubmit }).click();
  await expect(page.getByText(accountMessages.signInSuccess)).toBeVisible();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('button', { name: member.nickname })).toBeVisible();

  // Both the refused and the accepted code are in the login history.
  const history = await (await page.request.get('/api/accounts/me/login-history')).json();
  expect(history.attempts.slice(0, 2).map((a: { success: boolean }) => a.success)).toEqual([true, false]);

  // Signed out, this browser enters with Discord again without the code.
  await page.getByRole('button', { name: member.nickname }).click();
  await page.getByRole('menuitem', { name: 'Sair da Conta' }).click();
  await expect(page.getByText('Logout realizado')).toBeVisible();
  await page.goto('/login');
  await page.getByRole('button', { name: 'Entrar com Discord' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('button', { name: member.nickname })).toBeVisible();
});
