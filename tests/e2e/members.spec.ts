import type { Page } from '@playwright/test';
import { paths } from '@shared/paths';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { apiAs, expect, screenshot, signInAs, test } from './support/fixtures';
import { publishForOffers } from './support/offers';
import { personAt } from './support/people';
import { openMemberByEmail } from './support/staff-members';

async function suspendFromMemberPage(page: Page, reason: string) {
  const form = page.getByRole('form', { name: 'Aplicar penalidade' });
  await form.getByLabel('Penalidade', { exact: true }).selectOption({ label: 'Suspensão de 7 dias' });
  await form.getByLabel('Motivo da penalidade').fill(reason);
  await form.getByRole('button', { name: 'Aplicar penalidade' }).click();
  await expect(page.getByText('Penalidade aplicada.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Suspensões em vigor' })).toContainText(reason);
}

async function liftFromMemberPage(page: Page, reason: string) {
  await page
    .getByRole('region', { name: 'Suspensões em vigor' })
    .getByRole('button', { name: 'Revogar suspensão' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Revogar suspensão' });
  await dialog.getByLabel('Motivo da revogação').fill(reason);
  await dialog.getByRole('button', { name: 'Revogar suspensão' }).click();
  await expect(page.getByText('Suspensão revogada.')).toBeVisible();
  await expect(dialog).toBeHidden();
}

test('staff find a member by e-mail, suspend them from their page, see them in Suspensos, lift early', async ({
  page,
  moderator,
  otherMember,
}) => {
  await signInAs(page.context(), moderator);
  await openMemberByEmail(page, otherMember);
  const header = page.getByRole('region', { name: otherMember.nickname });
  await expect(header.getByText('Ativo', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Sessões abertas' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await suspendFromMemberPage(page, 'Vendeu conta roubada');
  await expect(header.getByText(/^Suspenso até \d{2}\/\d{2}\/\d{4}/)).toBeVisible();
  const history = page.getByRole('region', { name: 'Histórico de penalidades' });
  await expect(history.getByRole('row', { name: /Suspensão de 7 dias.*Vendeu conta roubada/ })).toContainText(
    'Em vigor',
  );
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'member-page-suspended-1440');

  // 'Suspensos' lists them, with until when and why.
  await page.getByRole('link', { name: 'Voltar para Membros' }).click();
  await page.getByLabel('Situação').selectOption({ label: 'Suspensos' });
  await expect(page.getByRole('heading', { name: 'Membros suspensos' })).toBeVisible();
  const suspended = page.getByRole('table', { name: 'Membros suspensos' });
  const row = suspended.getByRole('row', { name: new RegExp(otherMember.nickname) });
  await expect(row).toContainText(/Suspenso até \d{2}\/\d{2}\/\d{4}/);
  await expect(row).toContainText('Vendeu conta roubada');
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'members-suspended-1440');

  await row.getByRole('link', { name: `Abrir membro: ${otherMember.nickname}` }).click();
  await liftFromMemberPage(page, 'Conta devolvida ao dono');
  await expect(header.getByText('Ativo', { exact: true })).toBeVisible();
  await expect(history.getByRole('row', { name: /Suspensão de 7 dias/ })).toContainText(
    new RegExp(`Revogada\\s*por ${moderator.nickname}.*Conta devolvida ao dono`),
  );
  await expect(page.getByRole('region', { name: 'Suspensões em vigor' })).toContainText(
    'Nenhuma suspensão em vigor.',
  );

  await page.getByRole('link', { name: 'Voltar para Membros' }).click();
  await page.getByLabel('Situação').selectOption({ label: 'Suspensos' });
  await expect(page.getByRole('table', { name: 'Membros suspensos' })).not.toContainText(
    otherMember.nickname,
  );
});

test("a moderator sees an admin's name and role, never their e-mail, sessions or sign-ins (issue 33)", async ({
  page,
  moderator,
  staff,
}) => {
  await signInAs(page.context(), moderator);
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(paths.adminMember(staff.userId));
    const header = page.getByRole('region', { name: staff.nickname });
    await expect(header.getByText('Administrador', { exact: true })).toBeVisible();
    await expect(header).toContainText('visíveis só a administradores');
    await expect(page.getByRole('heading', { name: 'Histórico de penalidades' })).toBeVisible();
    await expect(page.getByText(staff.email)).toBeHidden();
    await expect(page.getByText('Verificação em duas etapas', { exact: true })).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Sessões abertas' })).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Últimos acessos' })).toBeHidden();
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, `member-page-staff-as-moderator-${width}`);

    // In the search the row says whose the e-mail is to read.
    await page.goto(`${paths.adminMembers}?q=${encodeURIComponent(staff.nickname)}`);
    await expect(page.getByText('1 membro encontrado', { exact: true })).toBeVisible();
    await expect(page.getByText('Só administradores', { exact: true })).toBeVisible();
    await expect(page.getByText(staff.email)).toBeHidden();
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, `members-search-staff-as-moderator-${width}`);
  }
});

test('the staff picker in Usuários marks a suspended member and cannot make them staff', async ({
  page,
  playwright,
  staff,
  otherMember,
}) => {
  const api = await apiAs(playwright.request, staff);
  const suspended = await api.post(`/api/staff/users/${otherMember.userId}/suspend`, {
    data: { penalty: '30_dias', reason: 'Golpe' },
  });
  expect(suspended.status()).toBe(204);
  await api.dispose();

  await signInAs(page.context(), staff);
  await page.goto(paths.admin('usuarios'));
  await page.getByRole('searchbox', { name: 'Buscar usuário' }).fill(otherMember.nickname);
  const candidate = page.getByRole('radio', { name: new RegExp(otherMember.nickname) });
  await expect(candidate).toBeDisabled();
  await expect(page.getByText(/Suspenso até .* · não pode entrar para a equipe/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test("a suspension closes the seller's shop until lifted", async ({
  page,
  browser,
  playwright,
  staff,
  member,
  otherMember,
}) => {
  // Needs engineer "shop"'s work (issue 22: a suspended member's listings are hidden); passes once both merge.
  const listing = await publishForOffers(playwright.request, otherMember);
  const buyer = await personAt(browser, member);
  await buyer.goto(listing.path);
  await expect(buyer.getByRole('heading', { level: 1, name: listing.title })).toBeVisible();

  await signInAs(page.context(), staff);
  await openMemberByEmail(page, otherMember);
  await suspendFromMemberPage(page, 'Golpe confirmado');

  await buyer.reload();
  await expect(buyer.getByText('Anúncio indisponível')).toBeVisible();
  await expect(buyer.getByRole('heading', { level: 1, name: listing.title })).toBeHidden();
  const api = await apiAs(playwright.request, member);
  const search = async () =>
    (await (await api.get(`/api/listings?q=${encodeURIComponent(listing.title)}`)).json()) as {
      items: { id: number }[];
    };
  expect((await search()).items.map((item) => item.id)).not.toContain(listing.id);

  await liftFromMemberPage(page, 'Engano da equipe');
  await buyer.reload();
  await expect(buyer.getByRole('heading', { level: 1, name: listing.title })).toBeVisible();
  expect((await search()).items.map((item) => item.id)).toContain(listing.id);
  await api.dispose();
  await buyer.context().close();
});
