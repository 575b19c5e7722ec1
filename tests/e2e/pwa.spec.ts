import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { expect, screenshot, test } from './support/fixtures';

// The app on the phone (issue 38): the manifest, the service worker, the offline page, the install hint. Service
// workers are blocked for every other spec (playwright.config.ts); this one lets the app register its own.
test.use({ serviceWorkers: 'allow' });

/** A PNG's width and height, from its IHDR chunk (bytes 16–23). */
function pngSize(bytes: Buffer) {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

/** Opens `path` and waits until the service worker controls the page (it registers once the page has loaded). */
async function underServiceWorker(page: Page, path = '/inicio') {
  await page.goto(path);
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', null, {
    timeout: 60_000,
  });
}

/** Every URL in the page's Cache Storage, cache by cache. */
const cachedUrls = (page: Page) =>
  page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys())
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    return urls;
  });

test('the web app manifest is served, in pt-BR, with icons of the sizes it names', async ({
  page,
  request,
}) => {
  await page.goto('/home');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');

  const response = await request.get(href as string);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  expect(response.headers()['cache-control']).toBe('no-cache');
  const manifest = (await response.json()) as Record<string, unknown> & {
    icons: { src: string; sizes: string; type: string; purpose?: string }[];
  };
  expect(manifest).toMatchObject({
    id: '/',
    name: 'Mercado Gamer',
    short_name: 'Mercado Gamer',
    lang: 'pt-BR',
    start_url: '/inicio',
    scope: '/',
    display: 'standalone',
    theme_color: '#07090d',
    background_color: '#07090d',
  });
  expect(String(manifest.description)).toContain('intermediação garantida');

  for (const icon of manifest.icons) {
    const file = await request.get(icon.src);
    expect(file.status(), icon.src).toBe(200);
    expect(file.headers()['content-type']).toBe('image/png');
    expect(pngSize(await file.body()), icon.src).toBe(icon.sizes);
  }
  const sizes = (purpose: string) =>
    manifest.icons.filter((icon) => (icon.purpose ?? 'any') === purpose).map((icon) => icon.sizes);
  expect(sizes('any')).toEqual(expect.arrayContaining(['192x192', '512x512']));
  expect(sizes('maskable')).toContain('512x512');

  // The worker itself: revalidated on every check, so a new build reaches installed apps at once.
  const worker = await request.get('/sw.js');
  expect(worker.status()).toBe(200);
  expect(worker.headers()['content-type']).toMatch(/javascript/);
  expect(worker.headers()['cache-control']).toBe('no-cache');
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute(
    'href',
    '/icons/apple-touch-icon.png',
  );
});

test('the service worker controls the page and precaches the app shell, not the photos', async ({ page }) => {
  await underServiceWorker(page);
  const urls = await cachedUrls(page);
  expect(urls.filter((url) => /^\/assets\/.+\.js$/.test(url)).length).toBeGreaterThan(5);
  expect(urls.some((url) => /^\/assets\/.+\.css$/.test(url))).toBe(true);
  expect(urls).toContain('/offline.html');
  expect(urls.filter((url) => /\.(webp|jpe?g|avif)$|^\/media\/|og-image/.test(url))).toEqual([]);
});

test('the server first screens still come from the network under the worker, and none is kept', async ({
  page,
}) => {
  await underServiceWorker(page, '/home');
  const listing = await page.locator('a[href^="/listing/"]').first().getAttribute('href');
  for (const path of ['/home', '/marketplace', listing as string, '/comunidade']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    // The worker passed the server's answer through (a page of its own would have no first screen).
    expect(await response?.text(), path).toContain('data-first-screen');
    await expect(page.locator('main')).toBeVisible();
  }
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  // No page is cached, so no page can be served stale: only the offline page is HTML in Cache Storage.
  expect((await cachedUrls(page)).filter((url) => !/\.\w+$/.test(url) || url.endsWith('.html'))).toEqual([
    '/offline.html',
  ]);
});

test('signed in, browsing leaves no API answer and no upload in Cache Storage', async ({ page, member }) => {
  await underServiceWorker(page);
  await expect(page.getByRole('heading', { name: `Olá, ${member.nickname}` })).toBeVisible();
  for (const path of ['/marketplace', '/perfil', '/minhas-ofertas', '/configuracoes']) {
    const apiCalled = page.waitForResponse((response) =>
      new URL(response.url()).pathname.startsWith('/api/'),
    );
    await page.goto(path);
    await apiCalled;
  }
  const urls = await cachedUrls(page);
  expect(urls.length).toBeGreaterThan(0);
  expect(urls.filter((url) => url.startsWith('/api/') || url.startsWith('/media/'))).toEqual([]);
});

test('with the network cut, a navigation shows the offline page in pt-BR, and it retries', async ({
  page,
  context,
}) => {
  await underServiceWorker(page);
  await context.setOffline(true);
  await page.goto('/marketplace');
  await expect(page.getByRole('heading', { name: 'Você está sem conexão' })).toBeVisible();
  await expect(page).toHaveURL(/\/marketplace$/);
  await expect(page).toHaveTitle('Sem conexão — Mercado Gamer');
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'pwa-offline-1440');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'pwa-offline-390');

  // Back online, 'Tentar de novo' asks the network for the same address again.
  await context.setOffline(false);
  await page.getByRole('button', { name: 'Tentar de novo' }).click();
  await expect(page.getByRole('heading', { name: 'Você está sem conexão' })).toBeHidden();
  await expect(page.getByRole('main')).toBeVisible();
});

/** Raises Chromium's install offer as the browser would (a headless browser never qualifies by itself). */
const offerInstall = (page: Page) =>
  page.evaluate(() => {
    const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: async () => {
        (window as unknown as { prompted: boolean }).prompted = true;
      },
      userChoice: Promise.resolve({ outcome: 'accepted' as const }),
    });
    dispatchEvent(offer);
  });

const installHint = (page: Page) => page.getByRole('complementary', { name: 'Instalar o app' });

test('Chromium: the install offer becomes a discreet Instalar app, which opens the browser dialog', async ({
  page,
}) => {
  await page.goto('/inicio');
  await expect(page.getByRole('link', { name: 'Explorar Marketplace' })).toBeVisible();
  // Not offered (a desktop browser that has not qualified, no iOS): no hint.
  await expect(installHint(page)).toHaveCount(0);

  await offerInstall(page);
  const hint = installHint(page);
  await expect(hint.getByRole('button', { name: 'Instalar app' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'pwa-install-1440');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(hint.getByRole('button', { name: 'Instalar app' })).toBeInViewport();
  await screenshot(page, 'pwa-install-390');

  await hint.getByRole('button', { name: 'Instalar app' }).click();
  expect(await page.evaluate(() => (window as unknown as { prompted?: boolean }).prompted)).toBe(true);
  await expect(installHint(page)).toHaveCount(0);
});

test('Agora não hides the hint on this browser, across visits', async ({ page }) => {
  await page.goto('/inicio');
  await expect(page.getByRole('link', { name: 'Explorar Marketplace' })).toBeVisible();
  await offerInstall(page);
  await installHint(page).getByRole('button', { name: 'Agora não' }).click();
  await expect(installHint(page)).toHaveCount(0);

  await page.reload();
  await expect(page.getByRole('link', { name: 'Explorar Marketplace' })).toBeVisible();
  await offerInstall(page);
  await page.getByRole('link', { name: 'Explorar Marketplace' }).click();
  await expect(page).toHaveURL(/\/marketplace/);
  await expect(installHint(page)).toHaveCount(0);
});

test.describe('Safari on an iPhone', () => {
  test.use({
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });

  test('gets the Home Screen guide (the only way to push notifications on iOS)', async ({ page }) => {
    await page.goto('/inicio');
    const hint = installHint(page);
    await expect(hint).toContainText('Toque em Compartilhar → Adicionar à Tela de Início');
    await expect(hint).toContainText('notificações chegam só pelo app da Tela de Início');
    await expect(hint.getByRole('button', { name: 'Instalar app' })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'pwa-install-ios-390');
  });
});
