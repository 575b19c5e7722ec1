import { pixMessages as m } from '@shared/pix-messages';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { expect, test } from './support/fixtures';
import { sellThroughTrade } from './support/sales';

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

test('at 390px the history’s cards show a pending sale and a released one, named, and fit', async ({
  page,
  playwright,
  member,
  otherMember,
  staff,
}) => {
  const people = { seller: member, buyer: otherMember, staff };
  const released = await sellThroughTrade(playwright.request, people, { price: '349,90', stage: 'released' });
  const paid = await sellThroughTrade(playwright.request, people, { price: '120,00', stage: 'paid' });

  await page.goto('/pagamentos?aba=historico');
  await expect(page.getByRole('term').filter({ hasText: 'Saldo retido' }).locator('..')).toContainText(
    /R\$\s120,00/,
  );
  const cards = page.getByRole('region', { name: 'Movimentações' }).getByRole('listitem');
  const pending = cards.filter({ hasText: paid.title });
  await expect(pending).toContainText('Pendente');
  await expect(pending).toContainText(`Comprador: ${otherMember.nickname}`);
  await expect(pending).toContainText(/R\$\s114,00/);
  await expect(cards.filter({ hasText: released.title })).toHaveCount(3);

  expect(
    await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
  ).toBe(true);
  await expectNoSeriousA11yViolations(page);
});
