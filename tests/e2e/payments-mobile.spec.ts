import { pixMessages as m } from '@shared/pix-messages';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { expect, screenshot, test } from './support/fixtures';
import { sellThroughTrade } from './support/sales';

test('at 390px the payments page fits: a phone key is added with the password and both tabs show', async ({
  page,
  member,
}) => {
  await page.goto('/pagamentos');
  await expect(page.getByRole('heading', { level: 1, name: 'Pagamentos' })).toBeVisible();

  await page.getByLabel('Tipo de chave').selectOption({ label: 'Telefone' });
  await page.getByLabel('Chave PIX', { exact: true }).fill('(11) 98765-4321');
  const addButton = page.getByRole('button', { name: 'Adicionar chave' });
  await addButton.tap();
  // The first key becomes the default: the password is asked in a dialog that fits the phone.
  const confirm = page.getByRole('dialog', { name: m.confirmTitle });
  await confirm.getByLabel(m.confirmPasswordLabel).fill(member.password);
  const fits = () =>
    page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
  expect(await fits()).toBe(true);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'pix-senha-primeira-chave-390');
  await confirm.getByRole('button', { name: m.confirmSubmit }).tap();
  await expect(confirm).toBeHidden();
  await expect(addButton).toBeFocused();
  await expect(page.getByText(m.added)).toBeVisible();
  const key = page.getByRole('region', { name: 'Minhas chaves' }).getByRole('listitem');
  await expect(key).toContainText('+55 (11) 98765-4321');
  await expect(key).toContainText('Padrão');
  await expect(key).toContainText(/Chave padrão desde \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
  expect(await fits()).toBe(true);
  await screenshot(page, 'pix-chave-padrao-desde-390');
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
