import { expect, test } from './support/fixtures';

test.describe('when things fail', () => {
  test.use({
    allowedConsoleErrors: {
      patterns: [/status of 500/, /net::ERR_FAILED/, /dynamically imported module|Failed to fetch/i],
    },
  });

  test('the sidebar says the games could not be loaded', async ({ page }) => {
    test.slow(); // the error shows after the query layer's retries (1 s, 2 s, 4 s)
    await page.route('**/api/games', (route) =>
      route.fulfill({ status: 500, json: { error: { code: 'INTERNAL', message: 'x' } } }),
    );
    // Not /home: its HTML already carries the games (first data), so the browser does not ask for them there.
    await page.goto('/comunidade');
    await expect(
      page.getByRole('complementary', { name: 'Barra lateral' }).getByText('Erro ao carregar jogos'),
    ).toBeVisible({
      timeout: 15_000,
    });
  });

  test('a page that cannot load shows the error fallback, which leads home', async ({ page }) => {
    await page.route('**/assets/LoginPage-*.js', (route) => route.abort());
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Ops! Algo deu errado' })).toBeVisible();
    await expect(
      page.getByText(
        'Ocorreu um erro inesperado. Nossa equipe foi notificada e está trabalhando para resolver.',
      ),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Recarregar página' })).toBeVisible();
    await page.getByRole('link', { name: 'Voltar ao início' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Olá, Jogador' })).toBeVisible();
  });
});
