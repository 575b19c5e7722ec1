/**
 * Screenshots of pages at 1440px and 390px, for looking at what was built.
 *   npx tsx scripts/screenshots.ts [baseUrl] [path ...]
 * Defaults: http://localhost:3000 and the pages below; signs in as the demo buyer for "auth:" paths.
 * Output: .tmp/screenshots/<name>-<width>.png
 */
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { chromiumPath } from '../tests/e2e/support/chromium';

const [baseUrl = 'http://localhost:3000', ...requested] = process.argv.slice(2);
const paths = requested.length
  ? requested
  : ['/inicio', '/login', '/register', '/home', '/nao-existe', 'auth:/home'];
const widths = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
];

mkdirSync('.tmp/screenshots', { recursive: true });
const browser = await chromium.launch({
  executablePath: await chromiumPath(),
  args: ['--no-sandbox', '--disable-gpu'],
});
for (const viewport of widths) {
  const context = await browser.newContext({
    viewport,
    baseURL: baseUrl,
    locale: 'pt-BR',
    isMobile: viewport.width < 768,
  });
  const page = await context.newPage();
  for (const entry of paths) {
    const signedIn = entry.startsWith('auth:');
    const path = entry.replace(/^auth:/, '');
    if (signedIn) {
      await page.request.post('/api/accounts/login', {
        data: { email: 'comprador@mercadogamer.local', password: 'Comprador@123' },
      });
    }
    await page.goto(path, { waitUntil: 'networkidle' });
    const name = `${signedIn ? 'auth-' : ''}${path.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'root'}-${viewport.width}`;
    await page.screenshot({ path: `.tmp/screenshots/${name}.png` });
    console.log(`.tmp/screenshots/${name}.png`);
    if (signedIn) await page.request.post('/api/accounts/logout');
  }
  await context.close();
}
await browser.close();
