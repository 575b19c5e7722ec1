import { paths } from '@shared/paths';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { apiAs, expect, screenshot, signInAs, test } from './support/fixtures';

/** Auditoria read as sentences (issue 22): who did what to whom, the member a link to their staff page. */
test('the audit shows a suspension as a sentence with a link to the member, and filters on it', async ({
  page,
  playwright,
  member,
  moderator,
  staff,
}) => {
  const reason = `Golpe no WhatsApp ${Date.now()}`;
  const mod = await apiAs(playwright.request, moderator);
  const suspended = await mod.post(`/api/staff/users/${member.userId}/suspend`, {
    data: { penalty: '7_dias', reason },
  });
  expect(suspended.ok()).toBe(true);
  await mod.dispose();

  await signInAs(page.context(), staff);
  await page.goto('/admin/auditoria');
  const main = page.getByRole('main');
  const sentence = `Moderador ${moderator.nickname} suspendeu ${member.nickname} por 7 dias: ${reason}`;
  const row = main.getByRole('row').filter({ hasText: sentence });
  await expect(row).toBeVisible();
  await expect(row.getByRole('link', { name: member.nickname })).toHaveAttribute(
    'href',
    paths.adminMember(member.userId),
  );
  await expect(row.getByText('Suspensão de 7 dias')).toHaveCount(0);
  await expect(row.getByText('Até')).toBeVisible();
  await expect(main.getByRole('columnheader', { name: 'Quando (Brasília)' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'admin-audit-1440');

  // The action filter lists the actions in pt-BR; the target search finds the member by nickname.
  await main.getByLabel('Ação').selectOption({ label: 'Suspensão de membro' });
  await main.getByLabel('Buscar alvo').fill(member.nickname);
  await expect(main.getByText('1 registro encontrado')).toBeVisible();
  await expect(main.getByRole('row').filter({ hasText: sentence })).toBeVisible();
  await expect(page).toHaveURL(/acao=user\.suspend/);
});

test('a staff search stays in its own box: the shop’s top search box stays empty', async ({
  page,
  staff,
}) => {
  await signInAs(page.context(), staff);
  await page.goto('/admin/auditoria');
  const main = page.getByRole('main');
  await main.getByLabel('Buscar alvo').fill('ninguem-com-este-nome');
  await expect(page).toHaveURL(/q=ninguem-com-este-nome/);
  await expect(main.getByText('Nenhum registro encontrado.')).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'Buscar', exact: true })).toHaveValue('');
  await page.reload();
  await expect(main.getByLabel('Buscar alvo')).toHaveValue('ninguem-com-este-nome');
  await expect(page.getByRole('searchbox', { name: 'Buscar', exact: true })).toHaveValue('');
});
