import { expectNoSeriousA11yViolations } from './support/a11y';
import { expect, test } from './support/fixtures';

/** The same check at 390px, where the tab bar, the drawer and the filter panel replace the sidebar. */
test('at 390px the main pages have no serious accessibility violation', async ({ page, member: _member }) => {
  test.slow(); // one scan per page, eight pages

  await page.goto('/home');
  await expect(page.getByRole('list', { name: 'Produtos em Destaque' }).getByRole('listitem')).toHaveCount(
    12,
  );
  await expectNoSeriousA11yViolations(page);

  await page.goto('/marketplace');
  await expect(
    page.getByRole('list', { name: 'Produtos', exact: true }).getByRole('listitem').first(),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Filtros' }).click();
  await expect(page.getByRole('combobox', { name: 'Jogo' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('list', { name: 'Produtos', exact: true }).getByRole('link').first().click();
  await expect(page.getByRole('region', { name: 'Compra', exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.goto('/categoria/cs2');
  await expect(page.getByRole('heading', { level: 1, name: 'Counter-Strike 2' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.goto('/publish');
  await expect(page.getByLabel('Título', { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.goto('/comunidade');
  await expect(
    page.getByRole('list', { name: 'Lista de posts' }).getByRole('listitem').first(),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.goto('/community-groups');
  await expect(page.getByRole('list', { name: 'Grupos', exact: true }).getByRole('listitem')).toHaveCount(18);
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Abrir menu' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('at 390px login and register have no serious accessibility violation', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Entrar', exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.goto('/register');
  await expect(page.getByRole('button', { name: 'Criar conta' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
