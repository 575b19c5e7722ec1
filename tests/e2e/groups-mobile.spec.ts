import type { Page } from '@playwright/test';
import { filterGroups, groupMessages, noGroupFilters } from '@shared/group-directory';
import type { GroupDirectory } from '@shared/groups';
import { expect, test } from './support/fixtures';

const cards = (page: Page) => page.getByRole('list', { name: 'Grupos', exact: true }).getByRole('listitem');

async function expectNoSideScroll(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

test('at 390px the groups page fits, its chips scroll and the dialog fits the screen', async ({ page }) => {
  const dir: GroupDirectory = await (await page.request.get('/api/groups')).json();
  await page.goto('/community-groups');
  await expect(page.getByRole('heading', { level: 1, name: groupMessages.heading })).toBeVisible();
  await expect(cards(page)).toHaveCount(dir.groups.length);
  await expectNoSideScroll(page);

  // The last game chip sits off-screen in the scrolling strip: it can still be reached and tapped.
  const game = dir.categories.at(-1);
  if (!game) throw new Error('no categories');
  const chip = page.getByRole('group', { name: 'Jogo' }).getByRole('button', { name: game, exact: true });
  await chip.tap();
  await expect(chip).toHaveAttribute('aria-pressed', 'true');
  await expect(chip).toBeInViewport();
  const expected = filterGroups(dir.groups, { ...noGroupFilters, category: game });
  await expect(page.getByText(`Mostrando ${expected.length} de ${dir.groups.length} grupos`)).toBeVisible();
  await expect(cards(page)).toHaveCount(expected.length);
  await expectNoSideScroll(page);

  const vip = page.getByRole('button', { name: groupMessages.onlyVip });
  await vip.tap();
  await expect(vip).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: groupMessages.clearFilters }).first().tap();
  await expect(cards(page)).toHaveCount(dir.groups.length);

  // The dialog stays inside the screen; its button is reachable by scrolling the dialog.
  const group = dir.groups[0];
  if (!group) throw new Error('no groups');
  await cards(page).first().getByRole('button', { name: group.title }).tap();
  const dialog = page.getByRole('dialog', { name: group.title });
  await expect(dialog).toBeVisible();
  const box = await dialog.boundingBox();
  const viewport = page.viewportSize();
  if (!box || !viewport) throw new Error('no box');
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
  const join = dialog.getByRole('link', { name: groupMessages.join });
  await join.scrollIntoViewIfNeeded();
  await expect(join).toBeInViewport();
  await expect(join).toHaveAttribute('target', '_blank');
  await expectNoSideScroll(page);
});

test('at 390px the Discord page fits and its button is in reach', async ({ page }) => {
  await page.goto('/discord');
  const join = page.getByRole('link', { name: 'Entrar no Discord' });
  await expect(join).toBeInViewport();
  await expect(join).toHaveAttribute('href', 'https://discord.gg/mercadogamer');
  await expectNoSideScroll(page);
});
