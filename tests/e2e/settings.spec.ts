import { readFileSync } from 'node:fs';
import { settingsMessages as m } from '@shared/settings-messages';
import sharp from 'sharp';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { expect, screenshot, test } from './support/fixtures';

const tinyPng = () =>
  sharp({ create: { width: 300, height: 200, channels: 3, background: { r: 200, g: 40, b: 120 } } })
    .png()
    .toBuffer();

test('on /perfil the personal info and the avatar are saved for real', async ({ page, member }) => {
  await page.goto('/perfil');
  const info = page.getByRole('region', { name: 'Informações Pessoais' });
  await expect(info.getByLabel('E-mail')).toHaveValue(member.email);
  await expect(info.getByLabel('E-mail')).toHaveAttribute('readonly', '');

  const nickname = `${member.nickname}x`;
  await info.getByLabel('Nome de usuário').fill(nickname);
  await info.getByLabel('Nome completo').fill('Joana Gamer da Silva');
  await info.getByLabel('Telefone').fill('(21) 99876-5432');
  await info.getByLabel('Bio').fill('Vendo skins de CS2 com entrega rápida.');
  await info.getByRole('button', { name: 'Salvar alterações' }).click();
  await expect(page.getByText(m.profileUpdated)).toBeVisible();

  await info
    .getByLabel('Alterar foto')
    .setInputFiles({ name: 'eu.png', mimeType: 'image/png', buffer: await tinyPng() });
  await expect(page.getByText(m.avatarUpdated)).toBeVisible();
  await expect(info.locator('img[src^="/media/avatars/"]')).toBeVisible();

  await page.reload();
  await expect(info.getByLabel('Nome de usuário')).toHaveValue(nickname);
  await expect(info.getByLabel('Nome completo')).toHaveValue('Joana Gamer da Silva');
  await expect(info.getByLabel('Telefone')).toHaveValue('(21) 99876-5432');
  await expect(info.getByLabel('Bio')).toHaveValue('Vendo skins de CS2 com entrega rápida.');
  await expect(page.getByRole('heading', { level: 1, name: nickname })).toBeVisible();
  await expect(page.locator('img[src^="/media/avatars/"]').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'perfil-1440');
});

test('on /perfil the password rules are told with the spec’s toasts, and a wrong current password refused', async ({
  page,
  member,
}) => {
  void member;
  await page.goto('/perfil');
  const form = page.getByRole('region', { name: 'Alterar Senha' });
  await form.getByRole('button', { name: 'Alterar senha' }).click();
  await expect(page.getByText(m.passwordFieldsRequiredTitle)).toBeVisible();

  await form.getByLabel('Senha atual').fill('Errada@123');
  await form.getByLabel('Nova senha', { exact: true }).fill('Nova@12345');
  await form.getByLabel('Confirmar nova senha').fill('Nova@12345');
  await form.getByRole('button', { name: 'Alterar senha' }).click();
  await expect(page.getByText(m.passwordChangeFailedTitle)).toBeVisible();
  await expect(form.getByText(m.currentPasswordWrong)).toBeVisible();
});

test('on /configuracoes a switch stays as it was left after a reload', async ({ page, member }) => {
  void member;
  await page.goto('/configuracoes');
  await expect(page.getByRole('heading', { level: 1, name: 'Configurações' })).toBeVisible();
  const marketing = page.getByRole('switch', { name: 'E-mails de marketing' });
  const email = page.getByRole('switch', { name: 'Notificações por e-mail' });
  const publicProfile = page.getByRole('switch', { name: 'Perfil público' });
  await expect(marketing).not.toBeChecked();
  await expect(email).toBeChecked();
  await expect(publicProfile).toBeChecked();

  await marketing.click();
  await expect(page.getByText(m.settingsSaved)).toBeVisible();
  await publicProfile.click();
  await expect(publicProfile).not.toBeChecked();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'configuracoes-1440');

  await page.reload();
  await expect(marketing).toBeChecked();
  await expect(publicProfile).not.toBeChecked();
  await expect(email).toBeChecked();
});

test('on /configuracoes the profile fields are saved with ‘Configurações salvas!’', async ({
  page,
  member,
}) => {
  void member;
  await page.goto('/configuracoes');
  const profile = page.getByRole('region', { name: 'Perfil' });
  await profile.getByLabel('WhatsApp').fill('11 98765-4321');
  await profile.getByRole('button', { name: 'Salvar alterações' }).click();
  await expect(page.getByText(m.settingsSaved)).toBeVisible();
  await page.reload();
  await expect(profile.getByLabel('WhatsApp')).toHaveValue('11 98765-4321');
});

test('another session of the account is listed and ended; its cookie stops working', async ({
  page,
  member,
  playwright,
}) => {
  const other = await playwright.request.newContext({
    baseURL: process.env.E2E_BASE_URL,
    userAgent:
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Mobile Safari/537.36',
  });
  try {
    const login = await other.post('/api/accounts/login', {
      data: { email: member.email, password: member.password },
    });
    expect(login.status()).toBe(200);
    expect((await (await other.get('/api/accounts/me')).json()).user?.email).toBe(member.email);

    await page.goto('/configuracoes');
    const sessions = page.getByRole('list', { name: 'Sessões ativas' });
    const android = sessions.getByRole('listitem').filter({ hasText: 'Chrome no Android' });
    await expect(android).toBeVisible();
    await expect(sessions.getByText('Este dispositivo')).toBeVisible();
    await android.getByRole('button', { name: /Encerrar sessão/ }).click();
    await expect(page.getByText(m.sessionEnded)).toBeVisible();
    await expect(android).toHaveCount(0);
    expect((await (await other.get('/api/accounts/me')).json()).user).toBeNull();

    // The login history shows the sign-in from the other device, newest first.
    const history = page.getByRole('list', { name: 'Histórico de login' });
    await page.reload();
    await expect(history.getByRole('listitem').first()).toContainText('Chrome no Android');
    await expect(history.getByRole('listitem').first()).toContainText('Login realizado');
  } finally {
    await other.dispose();
  }
});

test('/meus-dados downloads the member’s data as JSON and shows the activity report', async ({
  page,
  member,
}) => {
  await page.goto('/meus-dados');
  await expect(page.getByRole('heading', { level: 1, name: 'Meus Dados' })).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Baixar meus dados' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^mercado-gamer-meus-dados-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(readFileSync((await download.path()) as string, 'utf8'));
  expect(data.account).toMatchObject({ id: member.userId, email: member.email });
  expect(data.settings.notifications.email).toBe(true);

  await page.getByRole('button', { name: 'Relatório de atividade' }).click();
  await expect(page.getByRole('table', { name: 'Atividade nos últimos 6 meses' })).toBeVisible();
  await expect(page.getByText('Anúncios publicados')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

/** A long login history (as a busy account has), so the list scrolls. */
const manyAttempts = Array.from({ length: 20 }, (_, i) => ({
  id: 1000 - i,
  at: new Date(Date.UTC(2026, 10, 20, 12, 0) - i * 3_600_000).toISOString(),
  ipAddress: `200.150.10.${i + 1}`,
  device: i % 2 ? 'Chrome no Windows' : 'Safari no iPhone',
  success: i % 5 !== 3,
}));

test('on /configuracoes a long login history scrolls by keyboard, and the public-profile switch says what it hides', async ({
  page,
  member,
}) => {
  void member;
  await page.route('**/api/accounts/me/login-history', (route) =>
    route.fulfill({ json: { attempts: manyAttempts } }),
  );
  await page.goto('/configuracoes');
  const history = page.getByRole('list', { name: 'Histórico de login' });
  await expect(history.getByRole('listitem')).toHaveCount(20);
  expect(await history.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
  await expectNoSeriousA11yViolations(page);

  // Reached with Tab alone (from the top of the page, through every control before it), then scrolled by keyboard.
  const focused = () => history.evaluate((el) => el === document.activeElement);
  for (let presses = 0; presses < 150 && !(await focused()); presses++) await page.keyboard.press('Tab');
  await expect(history).toBeFocused();
  await page.keyboard.press('End');
  await expect.poll(() => history.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
  await screenshot(page, 'configuracoes-historico-1440');

  await expect(page.getByText(/mostra aos outros só o apelido, os selos e os anúncios/)).toBeVisible();
  await expect(page.getByText(/nome completo/)).toHaveCount(0);
});
