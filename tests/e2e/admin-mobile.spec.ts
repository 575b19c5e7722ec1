import type { Page } from '@playwright/test';
import { adminMessages as m } from '@shared/admin-messages';
import { paths } from '@shared/paths';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { expect, screenshot, signInAs, test } from './support/fixtures';

const strip = (page: Page) => page.getByRole('navigation', { name: 'Seções do painel' });

/** Nothing wider than the screen: the page never scrolls sideways. */
async function expectNoSideScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

/** Every tab of the panel an admin sees. */
const tabs = [
  ['', 'Visão Geral'],
  ['banners', 'Banners'],
  ['usuarios', 'Usuários'],
  ['membros', 'Membros'],
  ['suporte', 'Suporte'],
  ['parcerias', 'Parcerias'],
  ['feedback', 'Feedback'],
  ['denuncias', 'Denúncias'],
  ['intermediacoes', 'Intermediações'],
  ['repasses', 'Repasses'],
  ['sistema', 'Sistema'],
  ['auditoria', 'Auditoria'],
] as const;

for (const [path, label] of tabs) {
  test(`at 390px the tab '${label}' fits the screen, its tab scrolled into view`, async ({
    page,
    context,
    staff,
  }) => {
    await signInAs(context, staff);
    await page.goto(paths.admin(path));
    const tab = strip(page).getByRole('link', { name: label, exact: true });
    await expect(strip(page).getByRole('link').first()).toBeVisible();
    await expect(tab).toHaveAttribute('aria-current', 'page');
    // The tab has drawn its content (no 'Carregando…' left), then: in view, no sideways page, no axe finding.
    const content = page.getByRole('region', { name: label, exact: true });
    await expect(content).toBeVisible();
    await expect(content.getByText(/^Carregando/)).toHaveCount(0);
    await expect(tab).toBeInViewport({ ratio: 1 });
    await expectNoSideScroll(page);
    await expectNoSeriousA11yViolations(page);
  });
}

test('at 390px a table is a list of cards: each row its labelled fields, its actions at hand', async ({
  page,
  context,
  staff,
  moderator,
}) => {
  await signInAs(context, staff);
  await page.goto('/admin/usuarios');
  const list = page.getByRole('region', { name: 'Administradores e moderadores' });
  await expect(list.getByRole('table')).toHaveCount(0);
  const card = list.getByRole('listitem').filter({ hasText: moderator.nickname });
  await expect(card).toBeVisible();
  // The column headers label each field of the card.
  await expect(card.getByRole('term').filter({ hasText: 'Função' })).toBeVisible();
  await expect(card.getByRole('combobox', { name: `Função de ${moderator.nickname}` })).toHaveValue(
    'moderator',
  );
  await expect(card.getByRole('term').filter({ hasText: 'Desde (horário de Brasília)' })).toBeVisible();
  const remove = card.getByRole('button', { name: `Remover ${moderator.nickname}` });
  await remove.scrollIntoViewIfNeeded();
  await expect(remove).toBeInViewport({ ratio: 1 });
  await expectNoSideScroll(page);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'admin-usuarios-cards-390');
  await remove.tap();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(m.staffRemoveConfirm)).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancelar' }).tap();
  await expect(dialog).toHaveCount(0);

  // Wider than md the same list is a table again.
  await page.setViewportSize({ width: 1024, height: 800 });
  await expect(page.getByRole('table', { name: 'Administradores e moderadores' })).toBeVisible();
});

test('at 390px the banners tab and the staff tab do not scroll sideways (537 and 641 px wide before)', async ({
  page,
  context,
  staff,
}) => {
  await signInAs(context, staff);
  for (const [path, tab, list] of [
    ['/admin/banners', 'Banners', 'Banners da home'],
    ['/admin/usuarios', 'Usuários', 'Administradores e moderadores'],
  ] as const) {
    await page.goto(path);
    await expect(strip(page).getByRole('link', { name: tab })).toHaveAttribute('aria-current', 'page');
    // The list has drawn (its rows or its empty text) before the page is measured.
    await expect(page.getByRole('region', { name: list, exact: true }).last()).toBeVisible();
    await expectNoSideScroll(page);
    await screenshot(page, `admin-${tab === 'Banners' ? 'banners' : 'usuarios'}-390`);
  }
});
