import { generateCpf } from '@brazilian-utils/brazilian-utils/generate-cpf';
import { formatPixKey } from '@shared/pix';
import { pixMessages as m } from '@shared/pix-messages';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { expect, screenshot, test } from './support/fixtures';
import { sellThroughTrade } from './support/sales';

const since = /Chave padrão desde \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/;

test('a member adds PIX keys, changes the default with the password and deletes one; the history is empty', async ({
  page,
  member,
}) => {
  test.slow(); // five accessibility scans, three of them with the password dialog's steps in between
  await page.goto('/home');
  await page.getByRole('button', { name: member.nickname }).click();
  await page.getByRole('menuitem', { name: 'Pagamentos' }).click();
  await expect(page).toHaveURL(/\/pagamentos$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Pagamentos' })).toBeVisible();
  await expect(page.getByText('Nenhuma chave PIX cadastrada')).toBeVisible();
  await expect(page.getByText('Você pode cadastrar até 5 chaves (0 de 5 em uso).')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const keys = page.getByRole('region', { name: 'Minhas chaves' }).getByRole('listitem');
  const type = page.getByLabel('Tipo de chave');
  const key = page.getByLabel('Chave PIX', { exact: true });
  const addButton = page.getByRole('button', { name: 'Adicionar chave' });

  // A wrong check digit: the spec's message, under the field.
  await key.fill('529.982.247-24');
  await addButton.click();
  await expect(page.getByRole('alert').filter({ hasText: m.invalidKey })).toBeVisible();
  await expect(key).toHaveAttribute('aria-invalid', 'true');

  // The first key becomes the default: the password is asked in a dialog; a wrong one changes nothing.
  const cpf = generateCpf();
  await key.fill(cpf);
  await addButton.click();
  const confirm = page.getByRole('dialog', { name: m.confirmTitle });
  await expect(confirm).toContainText(m.confirmFirstKey);
  const password = confirm.getByLabel(m.confirmPasswordLabel);
  await expect(password).toBeFocused();
  await password.fill('senha-errada');
  await confirm.getByRole('button', { name: m.confirmSubmit }).click();
  await expect(confirm.getByRole('alert').filter({ hasText: m.passwordWrong })).toBeVisible();
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'pix-senha-primeira-chave-1440');
  await expect(page.getByText('Nenhuma chave PIX cadastrada')).toBeVisible();
  await password.fill(member.password);
  await confirm.getByRole('button', { name: m.confirmSubmit }).click();
  await expect(confirm).toBeHidden();
  await expect(addButton).toBeFocused();
  await expect(page.getByText(m.added)).toBeVisible();
  await expect(keys).toHaveCount(1);
  await expect(keys.first()).toContainText(formatPixKey('cpf', cpf));
  await expect(keys.first()).toContainText('Padrão');
  await expect(keys.first()).toContainText(since);

  await type.selectOption({ label: 'Email' });
  await key.fill(`PIX.${member.nickname}@Exemplo.com.br`);
  await addButton.click();
  await expect(keys).toHaveCount(2);
  const email = keys.filter({ hasText: `pix.${member.nickname.toLowerCase()}@exemplo.com.br` });
  await expect(email).not.toContainText('Padrão');
  await expectNoSeriousA11yViolations(page);

  // 'Tornar padrão' asks for the password too; cancelling gives the focus back to the button.
  const makeDefault = email.getByRole('button', { name: /Tornar padrão/ });
  await makeDefault.click();
  await expect(confirm).toContainText(m.confirmMakeDefault);
  await confirm.getByRole('button', { name: m.confirmCancel }).click();
  await expect(confirm).toBeHidden();
  await expect(makeDefault).toBeFocused();
  await expect(email).not.toContainText('Padrão');
  await makeDefault.click();
  await confirm.getByLabel(m.confirmPasswordLabel).fill(member.password);
  await screenshot(page, 'pix-senha-tornar-padrao-1440');
  await confirm.getByRole('button', { name: 'Tornar padrão' }).click();
  await expect(confirm).toBeHidden();
  await expect(email).toContainText('Padrão');
  await expect(email).toContainText(since);
  await expect(keys.first()).not.toContainText('Padrão');
  await expect(keys.first()).not.toContainText(since);
  await screenshot(page, 'pix-chave-padrao-desde-1440');

  // Deleting the default: the oldest key takes its place, so the password is asked as well.
  await email.getByRole('button', { name: /Excluir/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Excluir chave PIX padrão?' });
  await expect(dialog).toContainText(m.confirmDeleteDefault);
  await expectNoSeriousA11yViolations(page);
  await dialog.getByLabel(m.confirmPasswordLabel).fill(member.password);
  await dialog.getByRole('button', { name: 'Excluir' }).click();
  await expect(dialog).toBeHidden();
  await expect(keys).toHaveCount(1);
  await expect(keys.first()).toContainText(formatPixKey('cpf', cpf));
  await expect(keys.first()).toContainText('Padrão');
  await expect(keys.first()).toContainText(since);

  await page.getByRole('tab', { name: 'Histórico' }).click();
  await expect(page).toHaveURL(/aba=historico/);
  await expect(page.getByText('Nenhuma movimentação ainda')).toBeVisible();
  await expect(page.getByText('Saldo disponível')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // A reload keeps the keys: they live on the server.
  await page.getByRole('tab', { name: 'Chaves PIX' }).click();
  await page.reload();
  await expect(keys).toHaveCount(1);
});

test('a guest is sent to the login page', async ({ page }) => {
  await page.goto('/pagamentos');
  await expect(page).toHaveURL(/\/login$/);
});

test('a seller’s history: a paid sale pending and held, a released one with its fee and payout, named', async ({
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
  const held = page.getByRole('term').filter({ hasText: 'Saldo retido' }).locator('..');
  await expect(held).toContainText(/R\$\s120,00/);
  await expect(held).toContainText('Pago pelos compradores nas suas vendas em andamento');
  const available = page.getByRole('term').filter({ hasText: 'Saldo disponível' }).locator('..');
  await expect(available).toContainText(/R\$\s0,00/);

  const rows = page.getByRole('row');
  const pending = rows.filter({ hasText: paid.title });
  await expect(pending).toHaveCount(1);
  await expect(pending).toContainText('Pendente');
  await expect(pending).toContainText(otherMember.nickname);
  await expect(pending).toContainText(/R\$\s114,00/);

  const done = rows.filter({ hasText: released.title });
  await expect(done).toHaveCount(3);
  await expect(done.filter({ hasText: 'Repasse' })).toContainText(/− R\$\s332,40/);
  await expect(done.filter({ hasText: 'Venda' })).toContainText(/R\$\s349,90/);
  await expect(done.filter({ hasText: 'Taxa' })).toContainText(/− R\$\s17,50/);
  for (const row of await done.all()) {
    await expect(row).toContainText(otherMember.nickname);
    await expect(row).toContainText('Concluído');
  }
  await expect(page.getByRole('link', { name: 'Exportar CSV' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
