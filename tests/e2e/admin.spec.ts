import type { Page } from '@playwright/test';
import { adminMessages as m } from '@shared/admin-messages';
import { bannerMessages as bm } from '@shared/banners';
import sharp from 'sharp';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { apiAs, expect, screenshot, signInAs, test } from './support/fixtures';
import { sellThroughTrade } from './support/sales';

const panelTab = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Seções do painel' }).getByRole('link', { name });

test('an admin signs in at /admin/login and lands back on the tab they asked for', async ({
  page,
  staff,
}) => {
  await page.goto('/admin/usuarios');
  // A guest is turned away to the admin login, which remembers the tab.
  await expect(page.getByRole('heading', { name: m.denied })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/login\?de=%2Fadmin%2Fusuarios$/);
  await expect(page.getByRole('button', { name: 'Acessar Painel' })).toBeVisible();
  await expect(page.getByText('Acesso restrito a administradores do sistema.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByLabel('Email').fill(staff.email);
  await page.getByLabel('Senha', { exact: true }).fill(staff.password);
  await page.getByRole('button', { name: 'Mostrar senha' }).click();
  await expect(page.getByLabel('Senha', { exact: true })).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Acessar Painel' }).click();

  await expect(page.getByText(m.loginSuccess)).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/usuarios$/);
  await expect(page.getByRole('heading', { name: 'Painel de Administração' })).toBeVisible();
  await expect(panelTab(page, 'Usuários')).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText(/Sistema Online/)).toBeVisible();

  // Signed in already: the login page goes straight to the panel.
  await page.goto('/admin/login');
  await expect(page.getByRole('heading', { name: 'Painel de Administração' })).toBeVisible();
});

test('a member without a role is signed out at /admin/login and told why', async ({ page, member }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin/login');
  // Signed in as a member, the admin login still shows its form.
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Senha', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Acessar Painel' }).click();
  await expect(page.getByRole('alert').filter({ hasText: m.loginNoRole })).toBeVisible();
  await expect(page.getByText(m.loginFailedTitle)).toBeVisible();
  const me = await page.request.get('/api/accounts/me');
  expect((await me.json()).user).toBeNull();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'admin-login-390');
});

test('a member is turned away at /admin: Acesso Negado, then the admin login', async ({ page, member }) => {
  expect(member.email).toBeTruthy();
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: m.denied })).toBeVisible();
  await expect(page.getByText(m.redirecting)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await expect(page).toHaveURL(/\/admin\/login$/);
});

test('each admin tab opens by its address, the staff list and the audit log work', async ({
  page,
  context,
  staff,
  otherMember,
}) => {
  test.slow(); // every tab, four scans and two screenshots: 25 s alone on a busy 2-core machine
  await signInAs(context, staff);
  await page.setViewportSize({ width: 1440, height: 900 });

  await page.goto('/admin');
  await expect(panelTab(page, 'Visão Geral')).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText('Receita de taxas no mês')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Atividade recente' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /Alertas/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'admin-visao-geral-1440');
  await panelTab(page, 'Usuários').click();
  await expect(page).toHaveURL(/\/admin\/usuarios$/);

  await expect(panelTab(page, 'Usuários')).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('table', { name: 'Administradores e moderadores' })).toBeVisible();
  // Nothing picked: 'Selecione um usuário'.
  await page.getByRole('button', { name: 'Adicionar', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: m.staffUserRequired })).toBeVisible();
  await page.getByLabel('Buscar usuário').fill(otherMember.nickname);
  await page.getByRole('radio', { name: otherMember.nickname }).check();
  await page.getByRole('button', { name: 'Adicionar', exact: true }).click();
  await expect(page.getByText(m.staffAdded)).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: otherMember.nickname });
  await expect(row.getByRole('combobox')).toHaveValue('moderator');
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'admin-usuarios-1440');

  await row.getByRole('button', { name: /Remover/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(m.staffRemoveConfirm)).toBeVisible();
  await dialog.getByRole('button', { name: 'Remover' }).click();
  await expect(page.getByText(m.staffRemoved)).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: otherMember.nickname })).toHaveCount(0);

  await panelTab(page, 'Auditoria').click();
  await expect(page).toHaveURL(/\/admin\/auditoria$/);
  await page.getByRole('combobox', { name: 'Ação' }).selectOption('staff.remove');
  await expect(page).toHaveURL(/acao=staff.remove/);
  // Only the removal stays (the addition is filtered out on the server): one row, once the filtered answer is in
  // (until then the unfiltered list shows both).
  const member = page.getByRole('row').filter({ hasText: otherMember.nickname });
  await expect(member).toHaveCount(1);
  // The entry reads as a sentence, the member named (not 'staff.remove' and an id).
  await expect(member).toContainText(`removeu ${otherMember.nickname} da equipe`);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'admin-auditoria-1440');

  await panelTab(page, 'Sistema').click();
  await expect(page).toHaveURL(/\/admin\/sistema$/);
  await expect(page.getByText('Versão da plataforma')).toBeVisible();
  await expect(page.getByText(/^v\d+\.\d+\.\d+$/)).toBeVisible();
  await expect(page.getByText('PGlite (embutido)')).toBeVisible();
  // The disk's figures reach admins only (the public status says ok or low).
  await expect(
    page.getByText(/^De .+ na pasta de dados; abaixo de .+ os envios de arquivos são recusados$/),
  ).toBeVisible();
  // The jobs (decision 021) ran when the server started: each row says when and how.
  await expect(page.getByRole('row').filter({ hasText: 'Prazos das negociações' })).toContainText(
    'Concluída',
  );
  // The payload jobs' dead letters (decision 021): none on a fresh server.
  await expect(page.getByRole('heading', { name: /Tarefas que falharam de vez/ })).toBeVisible();
  await expect(page.getByText('Nenhuma tarefa falhou de vez.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'admin-sistema-1440');
  await page.goto('/admin/auditoria?acao=staff.remove');

  // Reload-safe: the address alone brings the tab and its filter back.
  await page.reload();
  await expect(panelTab(page, 'Auditoria')).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('combobox', { name: 'Ação' })).toHaveValue('staff.remove');

  // Leaving the panel asks first, with the e-mail and when the session started.
  await page.getByRole('button', { name: 'Sair do Admin' }).click();
  const leave = page.getByRole('dialog');
  await expect(leave.getByText(staff.email)).toBeVisible();
  await expect(leave.getByText(/\d{2}\/\d{2}\/\d{4}/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await leave.getByRole('button', { name: 'Confirmar Logout' }).click();
  await expect(page.getByText(m.logoutSuccess)).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/login$/);
});

test('an admin creates a banner with an uploaded picture and /home shows it, following its link', async ({
  page,
  context,
  staff,
}) => {
  test.slow(); // an upload, /home and back, a deletion and a phone check in one journey
  await signInAs(context, staff);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/admin/banners');
  await expect(panelTab(page, 'Banners')).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('table', { name: 'Banners da home' })).toBeVisible();

  await page.getByRole('button', { name: 'Novo banner' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo banner' });
  // Without a picture: the spec's message, nothing sent.
  await dialog.getByLabel('Título').fill(`Ofertas da semana ${staff.nickname}`);
  await dialog.getByRole('button', { name: 'Criar banner' }).click();
  await expect(dialog.getByRole('alert').filter({ hasText: bm.imageRequired })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const picture = await sharp({ create: { width: 1600, height: 500, channels: 3, background: '#1fe383' } })
    .png()
    .toBuffer();
  await dialog.getByLabel('Enviar arquivo (até 10MB)').setInputFiles({
    name: 'banner.png',
    mimeType: 'image/png',
    buffer: picture,
  });
  await dialog.getByLabel('Link (opcional)').fill('/marketplace');
  await dialog.getByRole('button', { name: 'Criar banner' }).click();
  await expect(page.getByText(bm.created)).toBeVisible();
  const title = `Ofertas da semana ${staff.nickname}`;
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row.getByText('Ativo')).toBeVisible();
  await screenshot(page, 'admin-banners-1440');

  await page.goto('/home');
  const carousel = page.getByRole('region', { name: 'Destaques' });
  const slide = carousel.getByRole('link', { name: title });
  await expect(slide).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'home-banner-1440');
  await slide.click();
  await expect(page).toHaveURL(/\/marketplace$/);

  // Switched off with the eye button, it leaves /home; then deleted after the confirmation.
  await page.goto('/admin/banners');
  await page.getByRole('button', { name: `Desativar ${title}` }).click();
  await expect(page.getByText(bm.deactivated)).toBeVisible();
  await page.getByRole('button', { name: `Excluir ${title}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Excluir banner' });
  await expect(confirm.getByText(bm.deleteConfirm)).toBeVisible();
  await confirm.getByRole('button', { name: 'Excluir' }).click();
  await expect(page.getByText(bm.deleted)).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: title })).toHaveCount(0);

  // On a phone the tab bar scrolls sideways and every tab stays reachable.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin/auditoria');
  await panelTab(page, 'Auditoria').scrollIntoViewIfNeeded();
  await expect(panelTab(page, 'Auditoria')).toBeInViewport();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'admin-auditoria-390');
});

test('at 1440 the tab strip shows every tab with the active one in view; quick actions and an alert open the filtered queue', async ({
  page,
  context,
  playwright,
  staff,
  member,
  otherMember,
}) => {
  test.slow(); // a trade taken to a dispute through the API, then four tabs
  // A dispute of our own, so the 'Disputas abertas' alert is there whatever other tests decided.
  const sale = await sellThroughTrade(
    playwright.request,
    { seller: member, buyer: otherMember, staff },
    { price: '35,00', stage: 'paid' },
  );
  const seller = await apiAs(playwright.request, member);
  const buyer = await apiAs(playwright.request, otherMember);
  expect((await seller.post(`/api/trades/${sale.id}/delivery`, { data: { note: 'Enviada' } })).status()).toBe(
    200,
  );
  expect(
    (
      await buyer.post(`/api/trades/${sale.id}/dispute`, {
        data: { reason: 'A skin não chegou ao inventário.' },
      })
    ).status(),
  ).toBe(200);
  await Promise.all([seller.dispose(), buyer.dispose()]);

  await signInAs(context, staff);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/admin/auditoria');
  const strip = page.getByRole('navigation', { name: 'Seções do painel' });
  await expect(panelTab(page, 'Auditoria')).toHaveAttribute('aria-current', 'page');
  // Every tab is whole on screen, the last one included: nothing cut, nothing to scroll to.
  for (const link of await strip.getByRole('link').all()) await expect(link).toBeInViewport({ ratio: 1 });
  const { scrollWidth, clientWidth } = await strip
    .getByRole('list')
    .evaluate((list) => ({ scrollWidth: list.scrollWidth, clientWidth: list.clientWidth }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
  // Times are labelled as Brasília's.
  await expect(page.getByText(/^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2} \(horário de Brasília\)$/)).toBeVisible();

  await panelTab(page, 'Visão Geral').click();
  const quick = page.getByRole('navigation', { name: 'Ações rápidas' });
  await expect(quick.getByRole('link', { name: /Gerenciar usuários/ })).toHaveAttribute(
    'href',
    '/admin/membros',
  );
  // Each card: a percentage (or 'novo' / 'sem variação') and the two figures it compares.
  const cards = page.getByRole('definition').filter({ hasText: /→/ });
  await expect(cards).toHaveCount(4);
  for (const card of await cards.all())
    await expect(card).toHaveText(
      /(em alta|em queda|estável): ([+-][\d.,]+\s%|novo|sem variação)\s*\(.+\s→\s.+\)/,
    );
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'admin-visao-geral-quick-1440');

  await quick.getByRole('link', { name: /Ver transações/ }).click();
  await expect(page).toHaveURL(/\/admin\/intermediacoes$/);
  await expect(panelTab(page, 'Intermediações')).toHaveAttribute('aria-current', 'page');

  await panelTab(page, 'Visão Geral').click();
  await quick.getByRole('link', { name: /Suporte pendente \(\d+\)/ }).click();
  await expect(page).toHaveURL(/\/admin\/suporte\?status=open$/);
  await expect(panelTab(page, 'Suporte')).toHaveAttribute('aria-current', 'page');

  await panelTab(page, 'Visão Geral').click();
  const alert = page.getByRole('listitem').filter({ hasText: 'Disputas abertas:' });
  await expect(alert).toContainText('Prioridade Alta');
  await alert.getByRole('link', { name: 'Ver disputas' }).click();
  await expect(page).toHaveURL(/\/admin\/intermediacoes\?status=dispute$/);
  await expect(page.getByRole('row').filter({ hasText: `#${sale.id}` })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: `#${sale.id}` })).toContainText('Disputa');
});
