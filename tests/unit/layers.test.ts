import { cruise, type IViolation } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { expect, test } from 'vitest';

const describe = (violation: IViolation) =>
  `${violation.rule.name}: ${[violation.from, ...(violation.cycle ?? []).map((step) => step.name)].join(' → ')}${
    violation.cycle ? '' : ` → ${violation.to}`
  }`;

// `npm run lint:deps` in the test run, so that CI (`npm test`) fails on an import across the layers (README, Layers).
test('every import keeps to the layers of .dependency-cruiser.cjs', { timeout: 60_000 }, async () => {
  const options = await extractDepcruiseOptions('./.dependency-cruiser.cjs');
  const { output } = await cruise(['src'], options, {}, { tsConfig: extractTSConfig('tsconfig.json') });
  if (typeof output === 'string') throw new Error(output);
  expect(output.summary.violations.map(describe)).toEqual([]);
  // The rules see the whole tree: an alias the cruiser could not follow would hide imports from them.
  expect(output.summary.totalCruised).toBeGreaterThan(500);
});
