import type { APIRequestContext, Page } from '@playwright/test';
import {
  compactMembers,
  filterGroups,
  type GroupFilters,
  groupMessages,
  noGroupFilters,
} from '@shared/group-directory';
import type { GroupDirectory } from '@shared/groups';
import { expect, test } from './support/fixtures';

const grid = (page: Page) => page.getByRole('list', { name: 'Grupos', exact: true });
const cards = (page: Page) => grid(page).getByRole('listitem');
const cardTitles = (page: Page) => grid(page).getByRole('heading', { level: 3 });
const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Pesquisar grupos' });
const gameChips = (page: Page) => page.getByRole('group', { name: 'Jogo' });
const clearButton = (page: Page) => page.getByRole('button', { name: groupMessages.clearFilters }).first();

async function directory(request: APIRequestContext): Promise<GroupDirectory> {
  const response = await request.get('/api/groups');
  expect(response.ok()).toBe(true);
  return response.json();
}

const titlesFor = (dir: GroupDirectory, filters: Partial<GroupFilters>) =>
  filterGroups(dir.groups, { ...noGroupFilters, ...filters }).map((group) => group.title);

async function expectShowing(page: Page, dir: GroupDirectory, titles: string[]) {
  await expect(page.getByText(`Mostrando ${titles.length} de ${dir.groups.length} grupos`)).toBeVisible();
  await expect(cardTitles(page)).toHaveText(titles);
}

test('the directory shows every stored group and its figures', async ({ page }) => {
  const dir = await directory(page.request);
  expect(dir.groups.length).toBeGreaterThan(1);

  await page.goto('/community-groups');
  await expect(page.getByRole('heading', { level: 1, name: groupMessages.heading })).toBeVisible();
  await expectShowing(
    page,
    dir,
    dir.groups.map((group) => group.title),
  );
  const stats = page.getByRole('list', { name: 'Números da comunidade' });
  await expect(stats.getByRole('listitem').filter({ hasText: 'Membros' })).toContainText(
    compactMembers(dir.stats.members),
  );
  await expect(stats.getByRole('listitem').filter({ hasText: /Grupos/ })).toContainText(
    String(dir.stats.groups),
  );
  await expect(page.getByRole('button', { name: groupMessages.clearFilters })).toHaveCount(0);
  await expect(gameChips(page).getByRole('button', { name: groupMessages.allGames })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // The member count, formatted the Brazilian way, and the game of a card.
  const first = dir.groups[0];
  if (!first) throw new Error('no groups');
  const card = cards(page).filter({ hasText: first.title });
  await expect(card).toContainText(first.gameCategory);
  await expect(card).toContainText(first.memberCount.toLocaleString('pt-BR'));

  // The alias shows the same page.
  await page.goto('/grupos');
  await expect(page.getByRole('heading', { level: 1, name: groupMessages.heading })).toBeVisible();
  await expect(cards(page)).toHaveCount(dir.groups.length);
});

test('search and game chips narrow the list at once, survive a reload and clear', async ({ page }) => {
  const dir = await directory(page.request);
  await page.goto('/community-groups');
  await expect(cards(page)).toHaveCount(dir.groups.length);

  // A word of one title, typed in capitals and without accents: case and accents do not matter.
  const word = (dir.groups[0]?.title.split(/\s+/).find((w) => w.length >= 4) ?? 'Brasil')
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '');
  const bySearch = titlesFor(dir, { search: word });
  expect(bySearch.length).toBeGreaterThan(0);
  expect(bySearch.length).toBeLessThan(dir.groups.length);

  await searchBox(page).fill(word.toUpperCase());
  await expectShowing(page, dir, bySearch);
  await expect(clearButton(page)).toBeVisible();
  await expect(page).toHaveURL(/busca=/);

  await page.reload();
  await expect(searchBox(page)).toHaveValue(word.toUpperCase());
  await expectShowing(page, dir, bySearch);

  await searchBox(page).fill('');
  await expectShowing(
    page,
    dir,
    dir.groups.map((group) => group.title),
  );
  await expect(page.getByRole('button', { name: groupMessages.clearFilters })).toHaveCount(0);

  // A game with some groups but not all of them.
  const game = dir.categories.find((category) => {
    const count = titlesFor(dir, { category }).length;
    return count > 1 && count < dir.groups.length;
  });
  if (!game) throw new Error('no game with several groups');
  const chip = gameChips(page).getByRole('button', { name: game, exact: true });
  await chip.click();
  await expect(chip).toHaveAttribute('aria-pressed', 'true');
  await expectShowing(page, dir, titlesFor(dir, { category: game }));
  for (const text of await cards(page).allTextContents()) expect(text).toContain(game);

  await clearButton(page).click();
  await expectShowing(
    page,
    dir,
    dir.groups.map((group) => group.title),
  );
  await expect(page.getByRole('button', { name: groupMessages.clearFilters })).toHaveCount(0);
  await expect(chip).toHaveAttribute('aria-pressed', 'false');
  await expect(page).not.toHaveURL(/jogo=/);
});

test('Apenas Oficiais and Apenas VIP together keep the groups that are both', async ({ page }) => {
  const dir = await directory(page.request);
  const both = titlesFor(dir, { onlyOfficial: true, onlyVip: true });
  expect(both.length).toBeGreaterThan(0);
  await page.goto('/community-groups');
  await expect(cards(page)).toHaveCount(dir.groups.length);

  const official = page.getByRole('button', { name: groupMessages.onlyOfficial });
  const vip = page.getByRole('button', { name: groupMessages.onlyVip });
  await official.click();
  await expect(official).toHaveAttribute('aria-pressed', 'true');
  await expectShowing(page, dir, titlesFor(dir, { onlyOfficial: true }));

  await vip.click();
  await expect(vip).toHaveAttribute('aria-pressed', 'true');
  await expectShowing(page, dir, both);
  for (const card of await cards(page).all()) {
    await expect(card.getByText('Oficial', { exact: true })).toBeVisible();
    await expect(card.getByText('VIP', { exact: true })).toBeVisible();
  }
  await expect(page).toHaveURL(/oficiais=1/);
  await expect(page).toHaveURL(/vip=1/);

  await clearButton(page).click();
  await expect(official).toHaveAttribute('aria-pressed', 'false');
  await expect(vip).toHaveAttribute('aria-pressed', 'false');
  await expect(cards(page)).toHaveCount(dir.groups.length);
  await expect(page.getByRole('button', { name: groupMessages.clearFilters })).toHaveCount(0);
});

test('a search with no match shows the empty state, which clears the filters', async ({ page }) => {
  const dir = await directory(page.request);
  await page.goto('/community-groups');
  await searchBox(page).fill(`zzqx${Date.now()}`);
  await expect(page.getByRole('heading', { name: groupMessages.empty })).toBeVisible();
  await expect(page.getByText(`Mostrando 0 de ${dir.groups.length} grupos`)).toBeVisible();
  await expect(grid(page)).toHaveCount(0);

  // Both the button by the count and the one in the empty state clear everything.
  await page.getByRole('button', { name: groupMessages.clearFilters }).last().click();
  await expect(searchBox(page)).toHaveValue('');
  await expect(cards(page)).toHaveCount(dir.groups.length);
});

test('a card opens the group dialog with the WhatsApp invite in a new tab', async ({ page }) => {
  const dir = await directory(page.request);
  const group = dir.groups.find((g) => g.isOfficial && g.isVip) ?? dir.groups[0];
  if (!group) throw new Error('no groups');
  await page.goto('/community-groups');

  const card = grid(page).getByRole('button', { name: group.title, exact: true });
  await card.click();
  const dialog = page.getByRole('dialog', { name: group.title });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(group.description)).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Sobre o grupo' })).toBeVisible();
  await expect(dialog.getByText(group.memberCount.toLocaleString('pt-BR'), { exact: true })).toBeVisible();
  if (group.isOfficial) await expect(dialog.getByText('Oficial', { exact: true })).toBeVisible();
  if (group.isVip) await expect(dialog.getByText('VIP', { exact: true })).toBeVisible();

  const join = dialog.getByRole('link', { name: groupMessages.join });
  await expect(join).toHaveAttribute('href', group.whatsappLink);
  expect(await join.getAttribute('href')).toMatch(/^https:\/\/chat\.whatsapp\.com\//);
  await expect(join).toHaveAttribute('target', '_blank');
  await expect(join).toHaveAttribute('rel', /noopener/);

  await dialog.getByRole('button', { name: 'Fechar' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(card).toBeFocused();
});

test('a picture that fails to load gives way to the placeholder', async ({ page }) => {
  await page.route('**/media/groups/**', (route) => route.fulfill({ status: 404, body: '' }));
  const dir = await directory(page.request);
  await page.goto('/community-groups');
  await expect(cards(page)).toHaveCount(dir.groups.length);
  const first = cards(page).first();
  await expect(first.getByTestId('group-image-placeholder')).toBeVisible();
  await expect(first.locator('img')).toHaveCount(0);
});

test('the footer card links to the official Discord and to the suggestions page', async ({ page }) => {
  await page.goto('/community-groups');
  const discord = page.getByRole('link', { name: 'Discord Oficial' });
  await expect(discord).toHaveAttribute('href', 'https://discord.gg/mercadogamer');
  await expect(discord).toHaveAttribute('target', '_blank');
  await expect(discord).toHaveAttribute('rel', /noopener/);
  await expect(page.getByRole('link', { name: 'Enviar Sugestão' })).toHaveAttribute(
    'href',
    '/enviar-feedback',
  );
});

test('without a configured invite the Discord button explains why', async ({ page }) => {
  await page.route('**/api/discord', (route) => route.fulfill({ json: { inviteUrl: null } }));
  await page.goto('/community-groups');
  await expect(page.getByRole('link', { name: 'Discord Oficial' })).toHaveCount(0);
  const button = page.getByRole('button', { name: 'Discord Oficial' });
  await expect(button).toHaveAttribute('title', 'O convite do servidor ainda não foi configurado.');
  await button.click();
  await expect(
    page.getByRole('status').filter({ hasText: 'O convite do servidor ainda não foi configurado.' }),
  ).toBeVisible();
});

test('a failed load says so and retries', async ({ page }) => {
  let fail = true;
  await page.route('**/api/groups', (route) =>
    fail
      ? route.fulfill({
          status: 429,
          json: { error: { code: 'RATE_LIMITED', message: 'Muitas tentativas. Aguarde um pouco.' } },
        })
      : route.fallback(),
  );
  await page.goto('/community-groups');
  const alert = page.getByRole('alert').filter({ hasText: groupMessages.loadFailed });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText('Muitas tentativas. Aguarde um pouco.');

  fail = false;
  await alert.getByRole('button', { name: 'Tentar Novamente' }).click();
  await expect(alert).toHaveCount(0);
  await expect(cards(page).first()).toBeVisible();
});
