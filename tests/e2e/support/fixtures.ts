import { test as base, expect, type Page } from '@playwright/test';

export const demo = {
  seller: { email: 'vendedor@mercadogamer.local', password: 'Vendedor@123', nickname: 'LojaDoPro' },
  buyer: { email: 'comprador@mercadogamer.local', password: 'Comprador@123', nickname: 'PlayerUm' },
  admin: { email: 'admin@mercadogamer.local', password: 'Admin@12345', nickname: 'Equipe Mercado Gamer' },
};

// The browser logs a failed request as a console error; expected 4xx answers (wrong password…) are not bugs.
const expectedNoise = /Failed to load resource: the server responded with a status of 4\d\d/;

/** Every test fails on a console error or an uncaught page error, as a user would hit a broken page. */
export const test = base.extend<{
  /** Console errors a test provokes on purpose (a failing request, a broken chunk). */
  allowedConsoleErrors: { patterns: RegExp[] };
  signIn: (account: { email: string; password: string }) => Promise<void>;
}>({
  allowedConsoleErrors: [{ patterns: [] }, { option: true }],
  page: async ({ page, allowedConsoleErrors }, use) => {
    const errors: string[] = [];
    const allowed = [expectedNoise, ...allowedConsoleErrors.patterns];
    page.on('console', (message) => {
      if (message.type() === 'error' && !allowed.some((re) => re.test(message.text())))
        errors.push(message.text());
    });
    page.on('pageerror', (error) => {
      if (!allowed.some((re) => re.test(error.message))) errors.push(error.message);
    });
    await use(page);
    expect(errors, 'console errors').toEqual([]);
  },
  // Creates the session through the API, for journeys that are not about logging in.
  signIn: async ({ page }, use) => {
    await use(async (account) => {
      const response = await page.request.post('/api/accounts/login', { data: account });
      expect(response.ok()).toBe(true);
    });
  },
});

export { expect };

export async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: `.tmp/screenshots/${name}.png`, fullPage: false });
}
