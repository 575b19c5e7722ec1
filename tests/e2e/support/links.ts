import { expect, type Locator, type Page } from '@playwright/test';

/** The site's own addresses a part of the page links to (no mail, WhatsApp or Discord links). */
export async function internalLinks(scope: Locator): Promise<string[]> {
  const hrefs = await scope
    .locator('a[href^="/"]')
    .evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href') ?? ''));
  // Media files (photos, recordings) are not pages.
  return hrefs.filter((href) => href && !href.startsWith('/media/') && !href.startsWith('/api/'));
}

/** Opens `href` and checks it is a real page: a level-one heading that is not the 404's. */
export async function expectRealPage(page: Page, href: string) {
  await page.goto(href);
  const heading = page.getByRole('heading', { level: 1 }).first();
  await expect(heading, `${href} shows a page`).toBeVisible();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Oops! Page not found' }),
    `${href} is not the 404`,
  ).toHaveCount(0);
}
