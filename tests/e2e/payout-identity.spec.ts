import { generateCpf } from '@brazilian-utils/brazilian-utils/generate-cpf';
import { payoutIdentityMessages as m } from '@shared/payout-identity-messages';
import { pixMessages as pm } from '@shared/pix-messages';
import { maskTaxId } from '@shared/tax-id';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { expect, screenshot, test } from './support/fixtures';

test('a member records their payout identity with the password and sees it masked; changing it asks again', async ({
  page,
  member,
}) => {
  test.slow(); // four accessibility scans with the password dialog between them
  await page.goto('/pagamentos');
  const section = page.getByRole('region', { name: m.title });
  await expect(section).toContainText(m.empty);
  await expectNoSeriousA11yViolations(page);

  const name = section.getByLabel(m.nameLabel);
  const document = section.getByLabel(m.documentLabel);
  const save = section.getByRole('button', { name: m.save });

  // The shared schema's messages, under each field, before anything is sent.
  await name.fill('Ana');
  await document.fill('529.982.247-24');
  await save.click();
  await expect(section.getByRole('alert').filter({ hasText: m.nameShort })).toBeVisible();
  await expect(section.getByRole('alert').filter({ hasText: m.documentInvalid })).toBeVisible();
  await expect(document).toHaveAttribute('aria-invalid', 'true');
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'dados-recebimento-erros-1440');

  // The PIX keys' step-up: a wrong password stays in the dialog and changes nothing.
  const cpf = generateCpf();
  await name.fill('Ana Maria Souza');
  await document.fill(cpf.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4'));
  await save.click();
  const confirm = page.getByRole('dialog', { name: pm.confirmTitle });
  await expect(confirm).toContainText(m.confirmFirst);
  const password = confirm.getByLabel(pm.confirmPasswordLabel);
  await expect(password).toBeFocused();
  await password.fill('senha-errada');
  await confirm.getByRole('button', { name: pm.confirmSubmit }).click();
  await expect(confirm.getByRole('alert').filter({ hasText: m.passwordWrong })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await password.fill(member.password);
  await confirm.getByRole('button', { name: pm.confirmSubmit }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText(m.saved)).toBeVisible();

  // Saved: masked, never whole, with 'Alterar'.
  await expect(section).toContainText('Ana Maria Souza');
  await expect(section).toContainText(`CPF ${maskTaxId('cpf', cpf)}`);
  await expect(section).not.toContainText(cpf.slice(0, 3));
  await expect(section.getByLabel(m.documentLabel)).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'dados-recebimento-salvos-1440');

  // 'Alterar' opens the form again (the document re-typed whole); a new document asks for the password again.
  await section.getByRole('button', { name: /Alterar/ }).click();
  await expect(name).toHaveValue('Ana Maria Souza');
  await document.fill('12.ABC.345/01DE-35');
  await save.click();
  await expect(confirm).toContainText(m.confirmChange);
  await confirm.getByRole('button', { name: pm.confirmCancel }).click();
  await expect(confirm).toBeHidden();
  await section.getByRole('button', { name: m.cancel }).click();
  await expect(section).toContainText(`CPF ${maskTaxId('cpf', cpf)}`);

  await page.setViewportSize({ width: 390, height: 844 });
  await section.scrollIntoViewIfNeeded();
  await screenshot(page, 'dados-recebimento-salvos-390');
  await section.getByRole('button', { name: /Alterar/ }).click();
  await save.scrollIntoViewIfNeeded();
  await screenshot(page, 'dados-recebimento-alterar-390');
  await expectNoSeriousA11yViolations(page);
});
