import { accountMessages } from '@shared/account-messages';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { apiAs, expect, test } from './support/fixtures';
import { passwordResetLinkFor } from './support/outbox';

test('a member who forgot the password gets a link, chooses a new one and signs in with it', async ({
  page,
  playwright,
  otherMember: member,
}) => {
  test.slow(); // ask, mail, reset, sign in
  // A session the member had open elsewhere before the reset.
  const elsewhere = await apiAs(playwright.request, member);
  expect((await (await elsewhere.get('/api/accounts/me')).json()).user?.email).toBe(member.email);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Esqueci minha senha' }).click();
  await expect(page).toHaveURL(/\/esqueci-senha$/);
  await expect(page.getByRole('heading', { name: 'Esqueci minha senha' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByLabel('Email', { exact: true }).fill(member.email);
  await page.getByRole('button', { name: 'Enviar link' }).click();
  await expect(page.getByRole('status').getByText(accountMessages.passwordResetRequested)).toBeVisible();

  await page.goto(await passwordResetLinkFor(member.email));
  await expect(page.getByRole('heading', { name: 'Redefinir senha' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The form's own rules first: a confirmation that differs.
  await page.getByLabel('Nova senha', { exact: true }).fill('Trocada@2025');
  await page.getByLabel('Confirmar nova senha', { exact: true }).fill('Trocada@2024');
  await page.getByRole('button', { name: 'Salvar nova senha' }).click();
  await expect(page.getByText(accountMessages.passwordsDiffer)).toBeVisible();

  await page.getByLabel('Confirmar nova senha', { exact: true }).fill('Trocada@2025');
  await page.getByRole('button', { name: 'Salvar nova senha' }).click();
  await expect(page.getByText(accountMessages.passwordResetDone)).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  // The session opened before the reset is over.
  expect((await (await elsewhere.get('/api/accounts/me')).json()).user).toBeNull();
  await elsewhere.dispose();

  // The old password no longer works; the new one does, through the login form.
  await page.getByLabel('Email', { exact: true }).fill(member.email);
  await page.getByLabel('Senha', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page.getByText(accountMessages.invalidCredentials)).toBeVisible();
  await page.getByLabel('Senha', { exact: true }).fill('Trocada@2025');
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page.getByText(accountMessages.signInSuccess)).toBeVisible();
  await expect(page).toHaveURL(/\/home$/);
});

test('a used link says so and offers a new one', async ({ page, otherMember: member }) => {
  await page.goto('/esqueci-senha');
  await page.getByLabel('Email', { exact: true }).fill(member.email);
  await page.getByRole('button', { name: 'Enviar link' }).click();
  await expect(page.getByRole('status')).toBeVisible();
  const link = await passwordResetLinkFor(member.email);

  for (let i = 0; i < 2; i++) {
    await page.goto(link);
    await page.getByLabel('Nova senha', { exact: true }).fill('Trocada@2025');
    await page.getByLabel('Confirmar nova senha', { exact: true }).fill('Trocada@2025');
    await page.getByRole('button', { name: 'Salvar nova senha' }).click();
    if (i === 0) await expect(page).toHaveURL(/\/login$/);
  }
  await expect(page.getByRole('alert').getByText(accountMessages.passwordResetLinkInvalid)).toBeVisible();
  await page.getByRole('link', { name: 'Pedir um novo link' }).click();
  await expect(page).toHaveURL(/\/esqueci-senha$/);
});
