import { settingsMessages as m } from '@shared/settings-messages';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { expect, screenshot, test } from './support/fixtures';

const fits = (page: import('@playwright/test').Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

test('at 390px /perfil fits and saves the personal info', async ({ page, member }) => {
  await page.goto('/perfil');
  const info = page.getByRole('region', { name: 'Informações Pessoais' });
  await info.getByLabel('Bio').fill('Jogo Free Fire no celular.');
  await info.getByRole('button', { name: 'Salvar alterações' }).tap();
  await expect(page.getByText(m.profileUpdated)).toBeVisible();
  await page.reload();
  await expect(info.getByLabel('Bio')).toHaveValue('Jogo Free Fire no celular.');
  await expect(info.getByLabel('E-mail')).toHaveValue(member.email);
  expect(await fits(page)).toBe(true);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'perfil-390');
});

test('at 390px /configuracoes fits, a switch persists, and the sessions and history show', async ({
  page,
  member,
}) => {
  void member;
  await page.goto('/configuracoes');
  const sms = page.getByRole('switch', { name: 'Notificações por SMS' });
  await sms.tap();
  await expect(page.getByText(m.settingsSaved)).toBeVisible();
  await page.reload();
  await expect(sms).toBeChecked();
  await expect(
    page.getByRole('list', { name: 'Sessões ativas' }).getByText('Este dispositivo'),
  ).toBeVisible();
  expect(await fits(page)).toBe(true);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'configuracoes-390');
});

test('at 390px /meus-dados opens at privacy and data, and fits', async ({ page, member }) => {
  void member;
  await page.goto('/meus-dados');
  await expect(page.getByRole('heading', { level: 1, name: 'Meus Dados' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Baixar meus dados' })).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Perfil público' })).toBeInViewport();
  await page.getByRole('button', { name: 'Relatório de atividade' }).tap();
  await expect(page.getByRole('table', { name: 'Atividade nos últimos 6 meses' })).toBeVisible();
  expect(await fits(page)).toBe(true);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'meus-dados-390');
});

test('at 390px a long login history is a focusable scroll region with no accessibility violation', async ({
  page,
  member,
}) => {
  void member;
  const attempts = Array.from({ length: 20 }, (_, i) => ({
    id: 2000 - i,
    at: new Date(Date.UTC(2026, 10, 20, 12, 0) - i * 3_600_000).toISOString(),
    ipAddress: `200.150.20.${i + 1}`,
    device: 'Chrome no Android',
    success: true,
  }));
  await page.route('**/api/accounts/me/login-history', (route) => route.fulfill({ json: { attempts } }));
  await page.goto('/configuracoes');
  const history = page.getByRole('list', { name: 'Histórico de login' });
  await expect(history.getByRole('listitem')).toHaveCount(20);
  expect(await history.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
  await expect(history).toHaveAttribute('tabindex', '0');
  await history.scrollIntoViewIfNeeded();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'configuracoes-historico-390');
});
