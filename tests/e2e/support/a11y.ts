import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

const wcagAA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Runs axe over the page as it is now (wait first for what the user sees) with the WCAG 2.x A/AA rules,
 * and fails on any serious or critical violation, naming each rule and the elements it found.
 */
export async function expectNoSeriousA11yViolations(page: Page, options: { include?: string } = {}) {
  // Colours are judged as they settle: a toast fading in would be measured half transparent. Endless
  // animations (spinners, pulses) are left running. Two frames first: a toast mounted just now starts its
  // transition on the next frame, and until then it has no animation to wait for.
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
