import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

const wcagAA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Runs axe over the page as it is now (wait first for what the user sees) with the WCAG 2.x A/AA rules,
 * and fails on any serious or critical violation, naming each rule and the elements it found.
 */
export async function expectNoSeriousA11yViolations(page: Page, options: { include?: string } = {}) {
  // Colours are judged as they settle: a toast fading in or out would be measured half transparent. During the
  // scan no transition runs (each style jumps to where it is going: a leaving toast is already invisible, an
  // arriving one already opaque), and finite animations are waited for; endless ones (spinners, pulses) run on.
  // Two frames first: an element mounted just now starts its animation on the next frame.
  await page.evaluate(() => {
    const settled = new CSSStyleSheet();
    settled.replaceSync('*, *::before, *::after { transition: none !important; }');
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, settled];
  });
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  let builder = new AxeBuilder({ page }).withTags(wcagAA);
  if (options.include) builder = builder.include(options.include);
  const { violations } = await builder.analyze();
  await page.evaluate(() => {
    document.adoptedStyleSheets = document.adoptedStyleSheets.slice(0, -1);
  });
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = serious.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n${v.nodes
        .map(
          (n) =>
            `    ${n.target.join(' ')}  ${n.html.slice(0, 240)}\n      ${(n.failureSummary ?? '').split('\n').slice(1).join(' ').trim()}`,
        )
        .join('\n')}`,
  );
  expect(report, `accessibility violations on ${new URL(page.url()).pathname}`).toEqual([]);
}
