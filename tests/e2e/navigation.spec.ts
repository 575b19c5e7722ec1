import { expect, test } from './support/fixtures';
import { expectRealPage, internalLinks } from './support/links';

test('every link in the sidebar, the menus and the footer, and every link on the pages they open, leads to a real page', async ({
  page,
  member,
}) => {
  test.setTimeout(180_000);
  await page.goto('/home');
  await expect(page.getByRole('button', { name: member.nickname })).toBeVisible();

  const shellLinks = new Set<string>();
  const add = (hrefs: string[]) => {
    for (const href of hrefs) shellLinks.add(href);
  };
  add(await internalLinks(page.getByRole('navigation', { name: 'Navegação principal' })));
  add(await internalLinks(page.getByRole('navigation', { name: 'Institucional' })));
  await page.getByRole('banner').getByRole('button', { name: member.nickname }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  add(await internalLinks(page.getByRole('menu')));
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Serviços' }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  add(await internalLinks(page.getByRole('menu')));
  await page.keyboard.press('Escape');
  // The member's menu and the sidebar between them name the account pages, the footer the static ones.
  for (const expected of ['/meus-dados', '/configuracoes', '/pagamentos', '/ajuda', '/publicar-produto'])
    expect([...shellLinks]).toContain(expected);

  // One level further: what the pages reached from the menus link to in their content. One address per route
  // (every game's category page, every listing's page is the same page with other data).
  const visited = new Set<string>();
  const route = (href: string) => href.split(/[?#]/)[0]?.replace(/^(\/[^/]+)\/.+$/, '$1/*') ?? href;
  const pageLinks: string[] = [];
  for (const href of shellLinks) {
    if (visited.has(route(href))) continue;
    visited.add(route(href));
    await expectRealPage(page, href);
    // The content's links come with the app and its data (cards, posts): a page's static first screen shows its
    // heading before either, so wait for the app's header (the member's menu), then for the data.
    await expect(page.getByRole('banner').getByRole('button', { name: member.nickname })).toBeVisible();
    await page.waitForLoadState('networkidle');
    pageLinks.push(...(await internalLinks(page.locator('main'))));
  }
  for (const href of pageLinks) {
    if (visited.has(route(href))) continue;
    visited.add(route(href));
    await expectRealPage(page, href);
  }
  // The second level really ran: pages only reached through other pages' content were opened.
  expect([...visited]).toEqual(
    expect.arrayContaining(['/marketplace', '/listing/*', '/u/*', '/community/*']),
  );
});
