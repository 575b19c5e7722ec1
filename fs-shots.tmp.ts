import { chromium } from '@playwright/test';
import { chromiumPath } from './tests/e2e/support/chromium';
const browser = await chromium.launch({ executablePath: await chromiumPath(), args: ['--no-sandbox', '--disable-gpu'] });
const out = '/work/shots/firstscreen';
for (const [label, base] of [['before', 'http://localhost:3421'], ['after', 'http://localhost:3423']]) {
  for (const [w, h] of [[1440, 900], [390, 844]]) {
    for (const js of [true, false]) {
      const ctx = await browser.newContext({ viewport: { width: w, height: h }, javaScriptEnabled: js, locale: 'pt-BR' });
      const page = await ctx.newPage();
      await page.goto(`${base}/home`);
      if (js) await page.getByRole('list', { name: 'Produtos em Destaque' }).getByRole('listitem').first().waitFor();
      if (js) await page.locator('[data-first-screen]').waitFor({ state: 'detached' });
      await page.screenshot({ path: `${out}/home-${w}-${js ? 'app' : 'html-only'}-${label}.png` });
      if (js) {
        // Every tile's name whole: no overflow.
        const cut = await page.getByRole('list', { name: 'Jogos' }).locator('a > span > span:first-child').evaluateAll((els) =>
          els.filter((e) => e.scrollWidth > e.clientWidth || e.scrollHeight > e.clientHeight).map((e) => e.textContent));
        console.log(label, w, 'cut names:', cut);
      }
      await ctx.close();
    }
  }
}
for (const [w, h] of [[1440, 900], [390, 844]]) {
  const ctx = await browser.newContext({ viewport: { width: w, height: h }, locale: 'pt-BR' });
  const page = await ctx.newPage();
  await page.goto('http://localhost:3423/seguranca#incidentes');
  await page.getByRole('heading', { name: /Incidentes de segurança/ }).waitFor();
  await page.getByRole('heading', { name: /Incidentes de segurança/ }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${out}/seguranca-${w}-after.png` });
  await ctx.close();
}
await browser.close();
