import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { apiAs, expect, screenshot, signInAs, test } from './support/fixtures';
import { publishForOffers } from './support/offers';

/** The staff queues (issue 13) driven through the panel's tabs, as staff see them. */
const panel = (page: Page) => page.getByRole('main');

test('a visitor sends feedback and an admin answers it in the Feedback tab', async ({
  page,
  request,
  staff,
}) => {
  const subject = `Filtro por servidor ${Date.now()}`;
  const sent = await request.post('/api/feedback', {
    data: {
      feedbackType: 'sugestao',
      rating: 4,
      userEmail: 'visitante@exemplo.com.br',
      subject,
      message: 'Seria ótimo filtrar os anúncios de Tibia pelo servidor.',
    },
  });
  expect(sent.status()).toBe(201);

  await signInAs(page.context(), staff);
  await page.goto('/admin/feedback');
  const open = panel(page).getByRole('button', { name: `Ver feedback: ${subject}` });
  await expect(open).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'admin-feedback-1440');

  await open.click();
  const dialog = page.getByRole('dialog', { name: 'Detalhes do feedback' });
  await expect(dialog.getByText('Seria ótimo filtrar os anúncios de Tibia pelo servidor.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Responder' })).toBeDisabled();
  await dialog.getByLabel('Resposta').fill('Obrigado! O filtro por servidor entrou no nosso planejamento.');
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Responder' }).click();
  await expect(dialog).toBeHidden();
  // The list reloads with the new status, and a reload keeps the tab (its own address).
  const row = panel(page).getByRole('row').filter({ hasText: subject });
  await expect(row).toContainText('Respondido');
  await page.reload();
  await expect(panel(page).getByRole('row').filter({ hasText: subject })).toContainText('Respondido');
});

test('a member reports a listing and a moderator removes it from the Denúncias tab', async ({
  page,
  playwright,
  request,
  member,
  otherMember: seller,
  moderator,
}) => {
  const listing = await publishForOffers(playwright.request, seller);
  const memberApi = await apiAs(playwright.request, member);
  const reported = await memberApi.post(`/api/reports/listings/${listing.id}`, {
    data: { reason: 'golpe', details: 'Pediu o pagamento por fora da plataforma.' },
  });
  expect(reported.status()).toBe(201);
  await memberApi.dispose();

  await signInAs(page.context(), moderator);
  await page.goto('/admin/denuncias');
  const open = panel(page).getByRole('button', { name: `Ver denúncia: ${listing.title}` });
  await expect(open).toBeVisible();
  // Moderators do not see the admin-only tabs.
  const tabs = page.getByRole('navigation', { name: 'Seções do painel' });
  await expect(tabs.getByRole('link', { name: 'Denúncias' })).toHaveAttribute('aria-current', 'page');
  await expect(tabs.getByRole('link', { name: 'Banners' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'admin-reports-1440');

  await open.click();
  const dialog = page.getByRole('dialog', { name: `Denúncia: ${listing.title}` });
  page.once('dialog', (confirm) => void confirm.accept());
  await dialog.getByRole('button', { name: 'Remover anúncio' }).click();
  await expect(page.getByText('Conteúdo removido.')).toBeVisible();
  await dialog.getByLabel('Resposta').fill('Anúncio removido: pagamento fora da plataforma é proibido.');
  await dialog.getByRole('button', { name: 'Resolver' }).click();
  await expect(dialog).toBeHidden();

  // The listing is gone for buyers, and the reporter reads the reply.
  const gone = await request.get(`/api/listings/${listing.id}`);
  expect(gone.status()).toBe(404);
  const reporterApi = await apiAs(playwright.request, member);
  const mine = (await (await reporterApi.get('/api/reports/mine')).json()) as {
    reports: { targetName: string; status: string; adminResponse: string | null }[];
  };
  expect(mine.reports.find((r) => r.targetName === listing.title)).toMatchObject({
    status: 'resolvida',
    adminResponse: 'Anúncio removido: pagamento fora da plataforma é proibido.',
  });
  await reporterApi.dispose();
});
