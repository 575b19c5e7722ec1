import { moderationMessages as m } from '@shared/moderation-messages';
import type { MemberReports } from '@shared/reports';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { apiAs, expect, screenshot, test } from './support/fixtures';
import { publishForOffers } from './support/offers';

test('a member reports a listing and its seller, then follows the staff reply on /historico-denuncias', async ({
  page,
  playwright,
  member,
  otherMember,
  staff,
}) => {
  const listing = await publishForOffers(playwright.request, otherMember);
  await page.goto(listing.path);
  await expect(page.getByRole('heading', { level: 1, name: listing.title })).toBeVisible();

  await page.getByRole('button', { name: 'Denunciar anúncio' }).click();
  const dialog = page.getByRole('dialog', { name: 'Denunciar anúncio' });
  await dialog.getByRole('button', { name: 'Enviar denúncia' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Escolha um motivo.');
  await dialog.getByRole('radio', { name: 'Golpe ou tentativa de fraude' }).check();
  await dialog.getByLabel('Descrição').fill('Pediu o pagamento por fora da plataforma.');
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Enviar denúncia' }).click();
  await expect(page.getByText(m.reportSent)).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Denunciar vendedor' }).click();
  const userDialog = page.getByRole('dialog', { name: `Denunciar ${otherMember.nickname}` });
  await userDialog.getByRole('radio', { name: 'Ofensivo ou discurso de ódio' }).check();
  await userDialog.getByRole('button', { name: 'Enviar denúncia' }).click();
  await expect(userDialog).toBeHidden();

  // The staff answer the listing's report through the API (the tab is driven by the lead's admin e2e).
  const api = await apiAs(playwright.request, staff);
  const page1 = (await (await api.get('/api/staff/reports?targetType=listing&status=pendente')).json()) as {
    reports: { id: number; targetName: string }[];
  };
  const report = page1.reports.find((r) => r.targetName === listing.title);
  expect(report).toBeTruthy();
  const decided = await api.post(`/api/staff/reports/${report?.id}/decision`, {
    data: { status: 'resolvida', response: 'Anúncio removido e vendedor advertido.' },
  });
  expect(decided.status()).toBe(204);
  await api.dispose();

  await page.goto('/historico-denuncias');
  await expect(page.getByRole('heading', { level: 1, name: 'Histórico de Denúncias' })).toBeVisible();
  const summary = page.getByRole('region', { name: 'Resumo' });
  await expect(summary).toContainText('Total2');
  await expect(summary).toContainText('Pendente1');
  await expect(summary).toContainText('Resolvida1');
  await expect(page.getByText('48 horas úteis')).toBeVisible();
  const all = page.getByRole('region', { name: 'Denúncias: Todas' });
  await expect(all.getByRole('listitem')).toHaveCount(2);
  await expect(all.getByText('Anúncio removido e vendedor advertido.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'report-history-1440');

  await page.getByRole('tab', { name: 'Pendente' }).click();
  const pending = page.getByRole('region', { name: 'Denúncias: Pendente' });
  await expect(pending.getByRole('heading', { name: otherMember.nickname })).toBeVisible();
  await expect(pending.getByRole('listitem')).toHaveCount(1);
  await page.getByRole('tab', { name: 'Rejeitada' }).click();
  await expect(page.getByText('Nenhuma denúncia encontrada')).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('tab', { name: 'Todas' }).click();
  await expect(all.getByRole('listitem')).toHaveCount(2);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'report-history-390');

  // The same member's history, as the API sees it: the real counts the cards show.
  const mine = await apiAs(playwright.request, member);
  const body = (await (await mine.get('/api/reports/mine')).json()) as MemberReports;
  expect(body.counts).toEqual({ pendente: 1, em_analise: 0, resolvida: 1, rejeitada: 0 });
  await mine.dispose();
});

test('a suspended member is signed out and refused at sign-in, told until when', async ({
  page,
  context,
  playwright,
  otherMember,
  staff,
}) => {
  const api = await apiAs(playwright.request, staff);
  const res = await api.post(`/api/staff/users/${otherMember.userId}/suspend`, {
    data: { penalty: '7_dias', reason: 'Golpe em negociação' },
  });
  expect(res.status()).toBe(204);
  await api.dispose();

  await context.clearCookies();
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(otherMember.email);
  await page.getByLabel('Senha', { exact: true }).fill(otherMember.password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page.getByText(/Sua conta está suspensa até \d+ de \w+ de \d{4}/).first()).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expectNoSeriousA11yViolations(page);
});
