import { pixMessages as m } from '@shared/pix-messages';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { expect, test } from './support/fixtures';

test('at 390px the payments page fits: a phone key is added and both tabs show', async ({ page, member }) => {
  void member;
  await page.goto('/pagamentos');
  await expect(page.getByRole('heading', { level: 1, name: 'Pagamentos' })).toBeVisible();

  await page.getByLabel('Tipo de chave').selectOption({ label: 'Telefone' });
  await page.getByLabel('Chave PIX', { exact: true }).fill('(11) 98765-4321');
  await page.getByRole('button', { name: 'Adicionar chave' }).tap();
  await expect(page.getByText(m.added)).toBeVisible();
  const key = page.getByRole('region', { name: 'Minhas chaves' }).getByRole('listitem');
  await expect(key).toContainText('+55 (11) 98765-4321');
  await expect(key).toContainText('Padrão');

  const fits = () =>
    page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
  expect(await fits()).toBe(true);
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('tab', { name: 'Histórico' }).tap();
  await expect(page.getByText('Nenhuma movimentação ainda')).toBeVisible();
  expect(await fits()).toBe(true);
  await expectNoSeriousA11yViolations(page);
});
