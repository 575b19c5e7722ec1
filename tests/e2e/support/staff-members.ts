import type { Page } from '@playwright/test';
import { paths } from '@shared/paths';
import { expect, type Member } from './fixtures';

/** Staff find the member by e-mail on /admin/membros and open their page. */
export async function openMemberByEmail(page: Page, target: Member) {
  await page.goto(paths.adminMembers);
  await expect(page.getByRole('heading', { name: 'Membros', exact: true })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Buscar membros' }).fill(target.email);
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
  // A table at 1440, a list of cards on a phone: the one result either way.
  await expect(page.getByText('1 membro encontrado')).toBeVisible();
  await expect(page.getByText(target.email, { exact: true })).toBeVisible();
  await expect(page.getByText('Ativo', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: target.nickname, exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: target.nickname })).toBeVisible();
}
