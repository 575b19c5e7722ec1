import { expect, test } from './support/fixtures';

test('at 390px the bottom tab bar replaces the sidebar', async ({ page }) => {
  await page.goto('/home');
  const tabs = page.getByRole('navigation', { name: 'Navegação inferior' });
  await expect(tabs).toBeVisible();
  for (const name of ['Home', 'Pesquisar', 'Comunidade', 'Perfil'])
    await expect(tabs.getByRole('link', { name })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Barra lateral' })).toBeHidden();
  await expect(tabs.getByRole('link', { name: 'Perfil' })).toHaveAttribute('href', '/login');
});

test('the Serviços button sends guests to log in', async ({ page }) => {
  await page.goto('/home');
  await page
    .getByRole('navigation', { name: 'Navegação inferior' })
    .getByRole('button', { name: 'Serviços' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Serviços' });
  await dialog.getByRole('link', { name: 'Fazer login' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('signed-in users choose publish or secure trade, and the drawer signs out to /inicio', async ({
  page,
  member: _member,
}) => {
  await page.goto('/home');
  const services = page
    .getByRole('navigation', { name: 'Navegação inferior' })
    .getByRole('button', { name: 'Serviços' });
  await services.click();
  const dialog = page.getByRole('dialog', { name: 'Serviços' });
  await expect(dialog.getByRole('link', { name: 'Publicar Produto' })).toHaveAttribute('href', '/publish');
  await expect(dialog.getByRole('link', { name: 'Intermediação Segura' })).toHaveAttribute(
    'href',
    '/intermediacao',
  );
  await page.keyboard.press('Escape');
  await expect(services).toBeFocused();

  // Escape once the drawer is open (pressed earlier, it would reach the page and the drawer would open after).
  const menu = page.getByRole('button', { name: 'Abrir menu' });
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await menu.click();
  await expect(drawer).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(menu).toBeFocused();
  await menu.click();
  await drawer.getByRole('button', { name: 'Sair' }).click();
  await expect(page.getByText('Logout realizado')).toBeVisible();
  await expect(page).toHaveURL(/\/inicio$/);
});

test('the mobile search ignores blank text and searches the marketplace', async ({ page }) => {
  await page.goto('/home');
  const search = page.getByRole('searchbox', { name: 'Buscar' });
  await search.fill('diamantes free fire');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/marketplace\?q=diamantes/);
});
