import type { Page } from '@playwright/test';
import { groupMessages } from '@shared/group-directory';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { expect, screenshot, test } from './support/fixtures';

const grid = (page: Page) => page.getByRole('list', { name: 'Grupos', exact: true });
const cards = (page: Page) => grid(page).getByRole('listitem');
const cardTitles = (page: Page) => grid(page).getByRole('heading', { level: 3 });
const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Pesquisar grupos' });
const gameChips = (page: Page) => page.getByRole('group', { name: 'Jogo' });
const clearButton = (page: Page) => page.getByRole('button', { name: groupMessages.clearFilters }).first();

/**
 * The seeded directory as a visitor sees it (no test adds groups): official first, then by members.
 * Written out by hand so the filters are checked against what they should show, not against themselves.
 */
const allGroups = [
  'CS2 Brasil Oficial',
  'Free Fire Elite',
  'Roblox Brasil',
  'LoL Brasil — Elo & Duo',
  'Valorant Ranked BR',
  'CS2 Skins VIP',
  'Diablo 2 Resurrected BR',
  'Mobile Games BR',
  'Free Fire Diamantes & Contas',
  'Fortnite Criativo BR',
  'PUBG Mobile Squad BR',
  'Mobile Legends Brasil',
  'FIFA 24 Ultimate Team',
  'Warframe Tenno BR',
  'Valorant Contas Premium',
  'Stardew Valley Fazendeiros',
  'Brawlhalla Arena BR',
  'Left 4 Dead 2 Sobreviventes',
];

async function expectShowing(page: Page, titles: string[]) {
  await expect(page.getByText(`Mostrando ${titles.length} de ${allGroups.length} grupos`)).toBeVisible();
  await expect(cardTitles(page)).toHaveText(titles);
}

test('the directory shows every stored group and its figures', async ({ page }) => {
  await page.goto('/community-groups');
  await expect(page.getByRole('heading', { level: 1, name: groupMessages.heading })).toBeVisible();
  await expectShowing(page, allGroups);
  const stats = page.getByRole('list', { name: 'Números da comunidade' });
  // 12.010 members in all.
  await expect(stats.getByRole('listitem').filter({ hasText: 'Membros' })).toContainText('12k+');
  await expect(stats.getByRole('listitem').filter({ hasText: /Grupos/ })).toContainText('18');
  await expect(page.getByRole('button', { name: groupMessages.clearFilters })).toHaveCount(0);
  await expect(gameChips(page).getByRole('button', { name: groupMessages.allGames })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // The member count, formatted the Brazilian way, and the game of a card.
  const card = cards(page).filter({ hasText: 'CS2 Brasil Oficial' });
  await expect(card).toContainText('Counter-Strike 2');
  await expect(card).toContainText('1.850');

  // The alias shows the same page.
  await page.goto('/grupos');
  await expect(page.getByRole('heading', { level: 1, name: groupMessages.heading })).toBeVisible();
  await expect(cards(page)).toHaveCount(allGroups.length);
});

test('search and game chips narrow the list at once, survive a reload and clear', async ({ page }) => {
  await page.goto('/community-groups');
  await expect(cards(page)).toHaveCount(allGroups.length);

  // 'intermediação' in three descriptions, typed in capitals and without accents.
  const viaEscrow = ['CS2 Brasil Oficial', 'Valorant Ranked BR', 'Free Fire Diamantes & Contas'];
  await searchBox(page).fill('INTERMEDIACAO');
  await expectShowing(page, viaEscrow);
  await expect(clearButton(page)).toBeVisible();
  await expect(page).toHaveURL(/busca=/);

  await page.reload();
  await expect(searchBox(page)).toHaveValue('INTERMEDIACAO');
  await expectShowing(page, viaEscrow);

  // Two words: both must match, anywhere in title, description or game.
  await searchBox(page).fill('skins valorant');
  await expectShowing(page, ['Valorant Ranked BR', 'Valorant Contas Premium']);

  await searchBox(page).fill('');
  await expectShowing(page, allGroups);
  await expect(page.getByRole('button', { name: groupMessages.clearFilters })).toHaveCount(0);

  const chip = gameChips(page).getByRole('button', { name: 'Free Fire', exact: true });
  await chip.click();
  await expect(chip).toHaveAttribute('aria-pressed', 'true');
  await expectShowing(page, ['Free Fire Elite', 'Free Fire Diamantes & Contas']);
  await expect(page).toHaveURL(/jogo=/);

  await clearButton(page).click();
  await expectShowing(page, allGroups);
  await expect(page.getByRole('button', { name: groupMessages.clearFilters })).toHaveCount(0);
  await expect(chip).toHaveAttribute('aria-pressed', 'false');
  await expect(page).not.toHaveURL(/jogo=/);
});

test('Apenas Oficiais and Apenas VIP together keep the groups that are both', async ({ page }) => {
  await page.goto('/community-groups');
  await expect(cards(page)).toHaveCount(allGroups.length);

  const official = page.getByRole('button', { name: groupMessages.onlyOfficial });
  const vip = page.getByRole('button', { name: groupMessages.onlyVip });
  await official.click();
  await expect(official).toHaveAttribute('aria-pressed', 'true');
  await expectShowing(page, allGroups.slice(0, 7));

  await vip.click();
  await expect(vip).toHaveAttribute('aria-pressed', 'true');
  await expectShowing(page, ['CS2 Skins VIP', 'Diablo 2 Resurrected BR']);
  for (const card of await cards(page).all()) {
    await expect(card.getByText('Oficial', { exact: true })).toBeVisible();
    await expect(card.getByText('VIP', { exact: true })).toBeVisible();
  }
  await expect(page).toHaveURL(/oficiais=1/);
  await expect(page).toHaveURL(/vip=1/);

  await clearButton(page).click();
  await expect(official).toHaveAttribute('aria-pressed', 'false');
  await expect(vip).toHaveAttribute('aria-pressed', 'false');
  await expect(cards(page)).toHaveCount(allGroups.length);
  await expect(page.getByRole('button', { name: groupMessages.clearFilters })).toHaveCount(0);
});

test('a search with no match shows the empty state, which clears the filters', async ({ page }) => {
  await page.goto('/community-groups');
  await searchBox(page).fill(`zzqx${Date.now()}`);
  await expect(page.getByRole('heading', { name: groupMessages.empty })).toBeVisible();
  await expect(page.getByText(`Mostrando 0 de ${allGroups.length} grupos`)).toBeVisible();
  await expect(grid(page)).toHaveCount(0);

  // Both the button by the count and the one in the empty state clear everything.
  await page.getByRole('button', { name: groupMessages.clearFilters }).last().click();
  await expect(searchBox(page)).toHaveValue('');
  await expect(cards(page)).toHaveCount(allGroups.length);
});

test('a card opens the group dialog with the WhatsApp invite in a new tab', async ({ page }) => {
  const group = {
    title: 'CS2 Skins VIP',
    description:
      'Negociações de skins raras (facas, luvas, StatTrak) entre vendedores verificados. Entrada para membros com selo Ouro.',
  };
  await page.goto('/community-groups');

  const card = grid(page).getByRole('button', { name: group.title, exact: true });
  await card.click();
  const dialog = page.getByRole('dialog', { name: group.title });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(group.description)).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Sobre o grupo' })).toBeVisible();
  await expect(dialog.getByText('420', { exact: true })).toBeVisible();
  await expect(dialog.getByText('Oficial', { exact: true })).toBeVisible();
  await expect(dialog.getByText('VIP', { exact: true })).toBeVisible();

  const join = dialog.getByRole('link', { name: groupMessages.join });
  await expect(join).toHaveAttribute('href', 'https://chat.whatsapp.com/Cs2SkinsVipMg02');
  await expect(join).toHaveAttribute('target', '_blank');
  await expect(join).toHaveAttribute('rel', /noopener/);

  await dialog.getByRole('button', { name: 'Fechar' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(card).toBeFocused();
});

test('a picture that fails to load gives way to the placeholder', async ({ page }) => {
  await page.route('**/media/groups/**', (route) => route.fulfill({ status: 404, body: '' }));
  await page.goto('/community-groups');
  await expect(cards(page)).toHaveCount(allGroups.length);
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
  // Unavailable but readable: no serious accessibility violation (its text was faded to 3.58:1).
  // Not faded: axe cannot judge text under opacity and a filter (it leaves it 'to review'), so say it here.
  expect(await button.evaluate((el) => [getComputedStyle(el).opacity, getComputedStyle(el).filter])).toEqual([
    '1',
    'none',
  ]);
  await expectNoSeriousA11yViolations(page);
  await button.scrollIntoViewIfNeeded();
  await screenshot(page, 'grupos-discord-indisponivel-1440');
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
