import { expect, test } from './support/fixtures';

// The fixture fails a test on any console error, uncaught error or Content-Security-Policy violation (zod's eval
// probe was one, on every page). These are the pages most people open first, as a guest and signed in.
const mainPages = [
  '/',
  '/home',
  '/marketplace',
  '/intermediacao',
  '/comunidade',
  '/grupos',
  '/ajuda',
  '/status-sistemas',
  '/login',
  '/register',
];

test('the main pages open as a guest without a console error or CSP violation', async ({ page }) => {
  for (const path of mainPages) {
    await page.goto(path);
    await expect(page.locator('h1').first(), path).toBeVisible();
  }
  await page.goto('/marketplace');
  await page.locator('a[href^="/listing/"]').first().click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('signed-in pages open without a console error or CSP violation', async ({ page, member }) => {
  for (const path of [
    '/home',
    '/perfil',
    '/configuracoes',
    '/publicar-produto',
    '/minhas-ofertas',
    '/notificacoes',
    '/pagamentos',
  ]) {
    await page.goto(path);
    await expect(page.locator('h1').first(), path).toBeVisible();
  }
  expect(member.nickname).toBeTruthy();
});
