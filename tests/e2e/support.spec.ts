import { settingsMessages } from '@shared/settings-messages';
import { supportMessages as m } from '@shared/support-messages';
import type { StaffFeedbackPage, StaffTicketPage } from '@shared/support-queues';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { apiAs, expect, screenshot, signInAs, test } from './support/fixtures';

test('a member opens a ticket on /ajuda and sees it under Meus chamados', async ({ page, member }) => {
  void member;
  await page.goto('/ajuda');
  await expect(page.getByRole('heading', { name: 'Abrir chamado' })).toBeVisible();
  await expect(page.getByText(m.noTickets)).toBeVisible();

  await page.getByRole('button', { name: 'Abrir chamado' }).click();
  await expect(page.getByText(m.subjectTooShort)).toBeVisible();

  const subject = `PIX não caiu ${Date.now()}`;
  await page.getByLabel('Categoria').selectOption({ label: 'Pagamento' });
  await page.getByLabel('Assunto').fill(subject);
  await page.getByLabel('Descrição').fill('Paguei ontem e o pedido segue pendente.');
  await page.getByRole('button', { name: 'Abrir chamado' }).click();

  const mine = page.getByRole('region', { name: 'Meus chamados' });
  await expect(mine.getByRole('heading', { name: subject })).toBeVisible();
  await expect(mine.getByText('Aberto', { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('staff answer a member’s ticket and the member reads the reply on /ajuda', async ({
  page,
  playwright,
  member,
  staff,
}) => {
  const own = await apiAs(playwright.request, member);
  const subject = `Saque não chegou ${Date.now()}`;
  const opened = await own.post('/api/support/tickets', {
    data: { category: 'pagamento', subject, description: 'Pedi o saque ontem e ainda não caiu.' },
  });
  expect(opened.status()).toBe(201);
  await own.dispose();

  const desk = await apiAs(playwright.request, staff);
  const queue = (await (await desk.get('/api/staff/tickets?status=open')).json()) as StaffTicketPage;
  const ticket = queue.tickets.find((t) => t.subject === subject);
  expect(ticket).toBeTruthy();
  const resolved = await desk.post(`/api/staff/tickets/${ticket?.id}/resolve`, {
    data: { response: 'O saque foi reenviado; deve cair em até 1 hora.' },
  });
  expect(resolved.status()).toBe(204);
  await desk.dispose();

  await page.goto('/ajuda');
  const mine = page.getByRole('region', { name: 'Meus chamados' });
  await expect(mine.getByRole('heading', { name: subject })).toBeVisible();
  await expect(mine.getByText('Resolvido', { exact: true })).toBeVisible();
  await expect(mine.getByText('O saque foi reenviado; deve cair em até 1 hora.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('a guest on /ajuda is sent to sign in before opening a ticket', async ({ page }) => {
  await page.goto('/ajuda');
  await expect(page.getByText(m.ticketLoginRequired)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Entrar' }).last()).toHaveAttribute('href', '/login');
  await expectNoSeriousA11yViolations(page);
});

test('a guest sends the feedback form', async ({ page }) => {
  await page.goto('/enviar-feedback');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Enviar feedback');
  await page.getByLabel('E-mail').fill('visitante@example.com');
  await page.getByLabel('Assunto').fill('Busca');
  await page.getByLabel('Mensagem').fill('A busca podia aceitar filtros por preço.');
  await page.getByRole('button', { name: 'Enviar feedback' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Feedback enviado!' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'enviar-feedback-1440');
});

test('a guest reports a bug with stars, browser and device pre-filled, and it lands in the staff queue', async ({
  page,
  playwright,
  staff,
}) => {
  await page.goto('/enviar-feedback');
  await expect(page.getByLabel('Navegador')).toHaveCount(0);
  await page.getByRole('radio', { name: 'Bug' }).check();
  await expect(page.getByLabel('Navegador')).toHaveValue(/^Chrome \d+$/);
  await expect(page.getByLabel('Dispositivo')).toHaveValue(/^Computador \(\w+\)$/);
  await expect(page.getByText('Muito satisfeito')).toBeVisible();
  await page.getByRole('radio', { name: '2 de 5: Insatisfeito' }).check({ force: true });
  await expect(page.getByText('Insatisfeito', { exact: true })).toBeVisible();
  const subject = `Tela trava ${Date.now()}`;
  await page.getByLabel('E-mail').fill('bug@example.com');
  await page.getByLabel('Assunto').fill(subject);
  await page.getByLabel('Mensagem').fill('Ao abrir o chat a tela trava.');
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Enviar feedback' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Feedback enviado!' })).toBeVisible();

  const api = await apiAs(playwright.request, staff);
  const queue = (await (await api.get('/api/staff/feedback?status=pending')).json()) as StaffFeedbackPage;
  expect(queue.feedback.find((f) => f.subject === subject)).toMatchObject({
    feedbackType: 'bug',
    rating: 2,
    browser: expect.stringMatching(/^Chrome \d+$/),
  });
  await api.dispose();
});

test('a guest sends the partnership form with a phone, and an admin sees it in the Parcerias tab', async ({
  page,
  staff,
}) => {
  const company = `Canal da Ana ${Date.now()}`;
  await page.goto('/parcerias');
  await expect(page.getByRole('heading', { name: 'Tipos de parceria' })).toBeVisible();
  await page.getByLabel('Nome completo').fill('Ana Souza');
  await page.getByLabel('E-mail').fill('ana@canal.example');
  await page.getByLabel('Telefone (opcional)').fill('9876-5432');
  await page.getByLabel('Empresa ou canal').fill(company);
  await page.getByLabel('Tipo de parceria').selectOption({ label: 'Criador de conteúdo' });
  await page
    .getByLabel('Descrição da proposta')
    .fill('Lives semanais de CS2; proponho divulgar o marketplace.');
  await page.getByRole('button', { name: 'Enviar proposta' }).click();
  // Without the DDD the phone is refused under its field, and nothing is sent.
  await expect(page.getByLabel('Telefone (opcional)')).toHaveAccessibleDescription(
    settingsMessages.invalidPhone,
  );
  await expect(page.getByRole('status').filter({ hasText: m.partnershipSent })).toHaveCount(0);

  await page.getByLabel('Telefone (opcional)').fill('(11) 98765-4321');
  await page.getByRole('button', { name: 'Enviar proposta' }).click();
  await expect(page.getByRole('status').filter({ hasText: m.partnershipSent })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'parcerias-1440');

  await signInAs(page.context(), staff);
  await page.goto('/admin/parcerias');
  const row = page.getByRole('row').filter({ hasText: company });
  await expect(row).toContainText('(11) 98765-4321');
  await row.getByRole('button', { name: `Ver proposta: ${company}` }).click();
  await expect(page.getByRole('dialog')).toContainText('ana@canal.example, (11) 98765-4321');
});
