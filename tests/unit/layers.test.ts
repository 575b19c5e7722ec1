import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cruise, type IViolation } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

const describeViolation = (violation: IViolation) =>
  `${violation.rule.name}: ${[violation.from, ...(violation.cycle ?? []).map((step) => step.name)].join(' → ')}${
    violation.cycle ? '' : ` → ${violation.to}`
  }`;

// `npm run lint:deps` in the test run, so that CI (`npm test`) fails on an import across the layers (README, Layers).
test('every import keeps to the layers of .dependency-cruiser.cjs', { timeout: 60_000 }, async () => {
  const options = await extractDepcruiseOptions('./.dependency-cruiser.cjs');
  const { output } = await cruise(['src'], options, {}, { tsConfig: extractTSConfig('tsconfig.json') });
  if (typeof output === 'string') throw new Error(output);
  expect(output.summary.violations.map(describeViolation)).toEqual([]);
  // The rules see the whole tree: an alias the cruiser could not follow would hide imports from them.
  expect(output.summary.totalCruised).toBeGreaterThan(500);
});

/**
 * One planted import per rule, in a throwaway tree laid out like src/: each must be reported under its rule, so a
 * rule dropped from (or loosened in) .dependency-cruiser.cjs fails here, not silently. `from` is the planted file
 * the violation starts at (for a cycle, one of the files in it).
 */
const plants: { rule: string; from: string; files: Record<string, string> }[] = [
  {
    rule: 'no-cycle',
    from: 'src/web/features/plant-cycle/a.ts',
    files: {
      'src/web/features/plant-cycle/a.ts': "import { b } from './b';\nexport const a = () => b;",
      'src/web/features/plant-cycle/b.ts': "import { a } from './a';\nexport const b = () => a;",
    },
  },
  {
    // Type imports only: no runtime cycle, but one that leaves its folder.
    rule: 'no-cycle-across-folders',
    from: 'src/shared/plant-x/a.ts',
    files: {
      'src/shared/plant-x/a.ts': "import type { B } from '../plant-y/b';\nexport type A = { b?: B };",
      'src/shared/plant-y/b.ts': "import type { A } from '../plant-x/a';\nexport type B = { a?: A };",
    },
  },
  {
    // Folders in a loop through different files: no module is in a cycle.
    rule: 'no-module-cycle',
    from: 'src/server/modules/plant-a',
    files: {
      'src/server/modules/plant-a/one.ts': "import { two } from '../plant-b/two';\nexport const one = two;",
      'src/server/modules/plant-b/three.ts':
        "import { four } from '../plant-a/four';\nexport const three = four;",
      'src/server/modules/plant-a/four.ts': 'export const four = 4;',
      'src/server/modules/plant-b/two.ts': 'export const two = 2;',
    },
  },
  {
    // The same for the web's feature folders, one side a type import (settings ↔ notifications was one).
    rule: 'no-feature-cycle',
    from: 'src/web/features/plant-settings',
    files: {
      'src/web/features/plant-settings/Switches.tsx':
        "import type { Alert } from '../plant-notifications/alerts';\nexport const s: Alert | null = null;",
      'src/web/features/plant-notifications/live.ts':
        "import { settingsQuery } from '../plant-settings/api';\nexport const live = settingsQuery;",
      'src/web/features/plant-notifications/alerts.ts': 'export type Alert = { id: number };',
      'src/web/features/plant-settings/api.ts': 'export const settingsQuery = 1;',
    },
  },
  {
    rule: 'shared-stays-shared',
    from: 'src/shared/plant-shared.ts',
    files: {
      'src/shared/plant-shared.ts': "import { w } from '../web/lib/plant-w';\nexport const s = w;",
      'src/web/lib/plant-w.ts': 'export const w = 1;',
    },
  },
  {
    rule: 'shared-without-node',
    from: 'src/shared/plant-node.ts',
    files: {
      'src/shared/plant-node.ts': "import { readFileSync } from 'node:fs';\nexport const r = readFileSync;",
    },
  },
  {
    rule: 'web-not-server',
    from: 'src/web/plant-web.ts',
    files: {
      'src/web/plant-web.ts': "import { config } from '../server/plant-config';\nexport const c = config;",
      'src/server/plant-config.ts': 'export const config = 1;',
    },
  },
  {
    rule: 'server-not-web',
    from: 'src/server/plant-server.ts',
    files: {
      'src/server/plant-server.ts': "import { ui } from '../web/plant-ui';\nexport const s = ui;",
      'src/web/plant-ui.ts': 'export const ui = 1;',
    },
  },
  {
    rule: 'core-not-modules',
    from: 'src/server/db/plant-core.ts',
    files: {
      'src/server/db/plant-core.ts': "import { m } from '../modules/plant-m/m';\nexport const c = m;",
      'src/server/modules/plant-m/m.ts': 'export const m = 1;',
    },
  },
  {
    rule: 'only-main-starts',
    from: 'src/server/modules/plant-m/start.ts',
    files: {
      'src/server/modules/plant-m/start.ts':
        "import { buildApp } from '../../app';\nexport const s = buildApp;",
      'src/server/app.ts': 'export const buildApp = 1;',
    },
  },
  {
    rule: 'module-routes-from-app',
    from: 'src/server/modules/plant-m/routed.ts',
    files: {
      'src/server/modules/plant-m/routed.ts':
        "import { routes } from '../plant-r/routes';\nexport const r = routes;",
      'src/server/modules/plant-r/routes.ts': 'export const routes = 1;',
    },
  },
  {
    rule: 'modules-not-jobs',
    from: 'src/server/modules/plant-m/jobbed.ts',
    files: {
      'src/server/modules/plant-m/jobbed.ts':
        "import { job } from '../../jobs/plant-job';\nexport const j = job;",
      'src/server/jobs/plant-job.ts': 'export const job = 1;',
    },
  },
  {
    rule: 'admin-composes',
    from: 'src/server/modules/plant-m/staff.ts',
    files: {
      'src/server/modules/plant-m/staff.ts':
        "import { overview } from '../admin/plant-o';\nexport const s = overview;",
      'src/server/modules/admin/plant-o.ts': 'export const overview = 1;',
    },
  },
  {
    rule: 'pages-from-routes',
    from: 'src/web/features/plant-f/uses-page.ts',
    files: {
      'src/web/features/plant-f/uses-page.ts':
        "import { page } from '../../pages/PlantPage';\nexport const p = page;",
      'src/web/pages/PlantPage.ts': 'export const page = 1;',
    },
  },
  {
    rule: 'features-not-shell',
    from: 'src/web/features/plant-f/uses-shell.ts',
    files: {
      'src/web/features/plant-f/uses-shell.ts':
        "import { bar } from '../../shell/plant-bar';\nexport const s = bar;",
      'src/web/shell/plant-bar.ts': 'export const bar = 1;',
    },
  },
  {
    rule: 'ui-primitives-stay-low',
    from: 'src/web/components/plant-primitive.ts',
    files: {
      'src/web/components/plant-primitive.ts':
        "import { feature } from '../features/plant-f/feature';\nexport const p = feature;",
      'src/web/features/plant-f/feature.ts': 'export const feature = 1;',
    },
  },
  {
    // What the route prefetch did: a lib/ file reading a feature's queries.
    rule: 'lib-is-ground',
    from: 'src/web/lib/plant-prefetch.ts',
    files: {
      'src/web/lib/plant-prefetch.ts':
        "import { query } from '../features/plant-g/api';\nexport const p = query;",
      'src/web/features/plant-g/api.ts': 'export const query = 1;',
    },
  },
  {
    rule: 'resolvable',
    from: 'src/shared/plant-unresolved.ts',
    files: {
      'src/shared/plant-unresolved.ts': "import { gone } from './plant-gone';\nexport const g = gone;",
    },
  },
];

describe('each rule of .dependency-cruiser.cjs reports its planted import', () => {
  let root = '';
  let violations: IViolation[] = [];
  let ruleNames: string[] = [];

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'mg-layers-'));
    for (const plant of plants)
      for (const [file, text] of Object.entries(plant.files)) {
        mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
        writeFileSync(path.join(root, file), `${text}\n`);
      }
    const options = await extractDepcruiseOptions('./.dependency-cruiser.cjs');
    ruleNames = (options.ruleSet?.forbidden ?? []).map((rule) => rule.name ?? '');
    const { output } = await cruise(['src'], { ...options, baseDir: root });
    if (typeof output === 'string') throw new Error(output);
    violations = output.summary.violations;
  }, 60_000);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  test.each(plants)('$rule', ({ rule, from }) => {
    const found = violations
      .filter((v) => v.rule.name === rule)
      .map((v) => [v.from, ...(v.cycle ?? []).map((s) => s.name)]);
    expect(
      found.some((files) => files.includes(from)),
      `${rule} did not report ${from}`,
    ).toBe(true);
  });

  test('every rule has its planted import here', () => {
    expect(ruleNames.filter((name) => !plants.some((plant) => plant.rule === name))).toEqual([]);
  });
});
