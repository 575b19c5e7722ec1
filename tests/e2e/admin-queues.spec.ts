import { readFile } from 'node:fs/promises';
import type { APIRequest, Page } from '@playwright/test';
import { makeImage } from '../helpers/images';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { apiAs, expect, type Member, screenshot, signInAs, test } from './support/fixtures';
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

let transfers = 0;
/** A PIX end-to-end id of the SPI's format, unique per transfer (the ledger refuses a repeated one). */
const nextEndToEndId = () =>
  `E12345678202611251430${`${Date.now().toString(36)}${(transfers++).toString(36)}`.padStart(11, '0').slice(-11)}`;

/**
 * An item sold through a protected trade up to the payout being due: the seller (with a default e-mail PIX key)
 * confirms the listed price, an admin confirms the payment, the seller delivers and the buyer confirms.
 */
async function payoutDue(request: APIRequest, people: { seller: Member; buyer: Member; admin: Member }) {
  const seller = await apiAs(request, people.seller);
  const buyer = await apiAs(request, people.buyer);
  const admin = await apiAs(request, people.admin);
  try {
    const pixKey = `repasse.${Math.random().toString(36).slice(2, 8)}@exemplo.com.br`;
    expect(
      (
        await seller.post('/api/pix-keys', {
          data: { type: 'email', key: pixKey, password: people.seller.password },
        })
      ).status(),
    ).toBe(201);
    const { games } = (await (await seller.get('/api/games')).json()) as {
      games: { id: number; slug: string }[];
    };
    const title = `Skin Vandal Reaver ${Math.random().toString(36).slice(2, 7)}`;
    const published = await seller.post('/api/listings', {
      multipart: {
        gameId: String(games.find((g) => g.slug === 'valorant')?.id),
        kind: 'items',
        title,
        description: 'Skin entregue por troca no jogo. Entrega imediata após a confirmação.',
        price: '100,00',
        quantity: '1',
        whatsapp: '(11) 98765-4321',
        photos: {
          name: 'skin.png',
          mimeType: 'image/png',
          buffer: await makeImage({ width: 800, height: 600 }),
        },
      },
    });
    expect(published.status(), await published.text()).toBe(201);
    const { id: listingId } = (await published.json()) as { id: number };
    const started = await buyer.post('/api/trades', { data: { listingId } });
    expect(started.status()).toBe(201);
    const { id } = (await started.json()) as { id: number };
    const step = async (api: typeof seller, path: string, data: object = {}) => {
      const res = await api.post(`/api/trades/${id}/${path}`, { data });
      expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
    };
    await step(seller, 'value', { amount: '100,00' });
    await step(admin, 'payment');
    await step(seller, 'delivery', { note: 'Skin enviada por troca' });
    await step(buyer, 'delivery/confirm');
    return { id, title, pixKey };
  } finally {
    await Promise.all([seller.dispose(), buyer.dispose(), admin.dispose()]);
  }
}

test('an admin pays a due payout from the Repasses tab, to the key shown there', async ({
  page,
  playwright,
  member: buyer,
  otherMember: seller,
  staff,
}) => {
  test.slow(); // a sale driven to the payout through the API, then four scans across three screens
  const trade = await payoutDue(playwright.request, { seller, buyer, admin: staff });
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInAs(page.context(), staff);
  // Visão Geral alerts on the payouts due; its button opens Repasses.
  await page.goto('/admin');
  const alerts = page.getByRole('region', { name: /Alertas/ });
  await expect(alerts.getByText('Repasses aos vendedores pendentes')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'admin-overview-alerts-1440');
  await alerts.getByRole('link', { name: 'Abrir repasses' }).click();
  await expect(page).toHaveURL(/\/admin\/repasses$/);
  await expect(page.getByRole('heading', { name: 'Repasses aos vendedores' })).toBeVisible();

  // Oldest first: a payout due just now is on the last page.
  const card = panel(page)
    .getByRole('listitem')
    .filter({
      has: page.getByRole('heading', { name: `#${trade.id} · ${trade.title}` }),
    });
  const next = panel(page).getByRole('link', { name: 'Próxima página' });
  while (!(await card.isVisible()) && (await next.isVisible()) && (await next.isEnabled())) {
    await next.click();
  }
  await expect(card).toBeVisible();
  // R$ 100,00 less the 5 % fee, to the seller's key fixed when the payout became due.
  await expect(card.getByText('R$ 95,00', { exact: true })).toBeVisible();
  await expect(card.getByText(trade.pixKey, { exact: true })).toBeVisible();
  await expect(card.getByText('Email', { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await card.scrollIntoViewIfNeeded();
  await screenshot(page, 'admin-payouts-1440');
  await page.setViewportSize({ width: 390, height: 844 });
  await card.scrollIntoViewIfNeeded();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'admin-payouts-390');
  await page.setViewportSize({ width: 1440, height: 900 });

  // The key and the amount are copied as a bank's app takes them.
  await card.getByRole('button', { name: 'Copiar chave' }).click();
  await expect(card.getByText('Copiado!')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(trade.pixKey);
  await card.getByRole('button', { name: 'Copiar valor' }).click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe('95,00');

  // The payout panel the room shows too.
  const field = card.getByLabel('Identificador da transferência (E2E)');
  const submit = card.getByRole('button', { name: `Pagar repasse da intermediação #${trade.id}` });
  await field.fill('E2E-do-banco');
  await submit.click();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  const endToEndId = nextEndToEndId();
  await field.fill(endToEndId);
  await submit.click();
  const dialog = page.getByRole('dialog', { name: 'Registrar o repasse?' });
  await expect(dialog.getByText(`Intermediação #${trade.id} · R$ 95,00 · ${trade.title}`)).toBeVisible();
  await expect(dialog.getByText(endToEndId)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Confirmar repasse' }).click();
  await expect(page.getByText(`Repasse da negociação #${trade.id} registrado.`)).toBeVisible();
  await expect(card).toHaveCount(0);

  // The trade completed, paid to that key with that transfer.
  const sellerApi = await apiAs(playwright.request, seller);
  const view = (await (await sellerApi.get(`/api/trades/${trade.id}`)).json()) as {
    state: string;
    payout: { endToEndId: string | null; paidAt: string | null } | null;
  };
  await sellerApi.dispose();
  expect(view.state).toBe('completed');
  expect(view.payout).toMatchObject({ endToEndId, paidAt: expect.any(String) });
});

test('staff search the Suporte queue and export the filtered tickets as CSV', async ({
  page,
  playwright,
  member,
  otherMember,
  staff,
}) => {
  const stamp = Date.now();
  const subject = `Código de verificação não chega ${stamp}`;
  const other = `Dúvida sobre taxas ${stamp}`;
  for (const [who, text] of [
    [member, subject],
    [otherMember, other],
  ] as const) {
    const api = await apiAs(playwright.request, who);
    const opened = await api.post('/api/support/tickets', {
      data: { category: 'conta', subject: text, description: 'Preciso de ajuda com a minha conta.' },
    });
    expect(opened.status()).toBe(201);
    await api.dispose();
  }

  await signInAs(page.context(), staff);
  await page.goto('/admin/suporte');
  const rows = panel(page).getByRole('row');
  await expect(rows.filter({ hasText: other })).toBeVisible();
  // Without accents or case, by the member's e-mail too: the list keeps only that ticket.
  const search = panel(page).getByLabel('Buscar chamados');
  await search.fill(`codigo de verificacao nao chega ${stamp}`);
  await expect(rows.filter({ hasText: subject })).toBeVisible();
  await expect(rows.filter({ hasText: other })).toHaveCount(0);
  await expect(panel(page).getByText('1 ticket encontrado')).toBeVisible();
  await expect(page).toHaveURL(/[?&]q=codigo/);
  await expect(panel(page).getByRole('columnheader', { name: 'Data (Brasília)' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'admin-support-search-1440');

  const download = page.waitForEvent('download');
  await panel(page).getByRole('link', { name: 'Exportar CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^chamados-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = (await readFile((await file.path()) as string)).toString('utf8');
  expect(text.startsWith('\uFEFFNº;Assunto;')).toBe(true);
  expect(text).toContain(subject);
  expect(text).not.toContain(other);

  // The search by the other member's e-mail, after a reload, shows their ticket.
  await search.fill(otherMember.email);
  await expect(rows.filter({ hasText: other })).toBeVisible();
  await expect(rows.filter({ hasText: subject })).toHaveCount(0);
  await page.reload();
  await expect(panel(page).getByLabel('Buscar chamados')).toHaveValue(otherMember.email);
  await expect(panel(page).getByRole('row').filter({ hasText: other })).toBeVisible();
});
