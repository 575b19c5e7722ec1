import { expect, test } from './support/fixtures';
import { expectRealPage, internalLinks } from './support/links';

test('on a phone, every link of the bottom bar and the drawer opens a real page that fits the screen', async ({
  page,
  member: _signedIn,
}) => {
  test.setTimeout(120_000);
  await page.goto('/home');
  const bottomBar = page.getByRole('navigation', { name: 'Navegação inferior' });
  // Signed in, the bar's 'Perfil' leads to the profile rather than to /login.
  await expect(bottomBar.getByRole('link', { name: 'Perfil' })).toHaveAttribute('href', '/perfil');
  const links = new Set(await internalLinks(bottomBar));
  await page.getByRole('button', { name: 'Abrir menu' }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByRole('link', { name: 'Meus Dados' })).toBeVisible();
  for (const href of await internalLinks(drawer)) links.add(href);
  await page.keyboard.press('Escape');
  expect([...links]).toEqual(expect.arrayContaining(['/search', '/perfil', '/meus-dados', '/intermediacao']));

  for (const href of links) {
    await expectRealPage(page, href);
    const overflow = await page.evaluate(
      () => (document.scrollingElement?.scrollWidth ?? 0) - window.innerWidth,
    );
    expect(overflow, `${href} scrolls sideways`).toBeLessThanOrEqual(0);
  }
});
