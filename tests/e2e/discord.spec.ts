import { accountMessages } from '@shared/account-messages';
import { expect, test } from './support/fixtures';

const notConfigured = 'O convite do servidor ainda não foi configurado.';

test('Entrar no Discord opens the configured invite in a new tab', async ({ page }) => {
  await page.goto('/discord');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const join = page.getByRole('link', { name: 'Entrar no Discord' });
  await expect(join).toHaveAttribute('href', 'https://discord.gg/mercadogamer');
  await expect(join).toHaveAttribute('target', '_blank');
  await expect(join).toHaveAttribute('rel', /noopener/);
  await expect(join).toHaveAttribute('rel', /noreferrer/);
  await expect(page.getByText(notConfigured)).toHaveCount(0);
});

test('without an invite the button says the server invite is not configured', async ({ page }) => {
  await page.route('**/api/discord', (route) => route.fulfill({ json: { inviteUrl: null } }));
  await page.goto('/discord');
  await expect(page.getByRole('link', { name: 'Entrar no Discord' })).toHaveCount(0);
  const button = page.getByRole('button', { name: 'Entrar no Discord' });
  await expect(button).toBeVisible();
  await expect(button).toHaveAttribute('title', notConfigured);
  await expect(page.getByText(notConfigured)).toHaveCount(0);
  await button.click();
  await expect(page.getByRole('status').filter({ hasText: notConfigured })).toBeVisible();
});

test('a Discord sign-in refused for a suspension says so, and never shows the text the link carries', async ({
  page,
}) => {
  // Where better-auth sends a refused callback: its code, and a description anyone could write into a link.
  await page.goto('/login?erro=discord&error=ACCOUNT_SUSPENDED&error_description=Ligue+para+0800+000');
  await expect(page.getByText(accountMessages.discordSuspended)).toBeVisible();
  await expect(page.getByText(/0800/)).toHaveCount(0);
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/login?erro=discord&error=access_denied');
  await expect(page.getByText(accountMessages.discordFailed)).toBeVisible();
});
