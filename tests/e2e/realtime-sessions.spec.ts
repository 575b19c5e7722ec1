import { expect, test } from './support/fixtures';

test('a session ended from another device signs the open tab out at once, without a reload', async ({
  page,
  member,
  playwright,
}) => {
  const sockets: string[] = [];
  // The tab's live socket is set up once the server said 'hello' (its first frame).
  const hello = new Promise<void>((resolve) =>
    page.on('websocket', (ws) => {
      sockets.push(ws.url());
      ws.on('framereceived', () => resolve());
    }),
  );
  await page.goto('/');
  await expect(page.getByRole('banner').getByRole('button', { name: member.nickname })).toBeVisible();
  await hello;
  await page.evaluate(() => {
    (window as unknown as { sameDocument: boolean }).sameDocument = true;
  });

  // The member, at another computer, ends every other session ('Encerrar outras sessões').
  const other = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  try {
    const login = await other.post('/api/accounts/login', {
      data: { email: member.email, password: member.password },
    });
    expect(login.status()).toBe(200);
    expect((await other.post('/api/accounts/me/sessions/end-others')).status()).toBeLessThan(300);
  } finally {
    await other.dispose();
  }

  // This tab hears it on its socket and shows it is signed out, in the same document.
  await expect(page.getByRole('banner').getByRole('link', { name: 'Entrar' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
    true,
  );
  // One reconnect to learn who the cookie is now (refused), and no retry loop: signed out, the tab lets go.
  expect(sockets.length).toBeLessThanOrEqual(2);
});
