import { readFileSync } from 'node:fs';
import { tradeProcessTable } from '@shared/trade-process-table';
import { expect, it } from 'vitest';

it('decision 020 shows the trade process as src/shared/trade-process.ts describes it (npm run docs:trade-process)', () => {
  const doc = readFileSync(new URL('../../docs/decisions/020-trade-process.md', import.meta.url), 'utf8');
  expect(doc).toContain(`-->\n${tradeProcessTable()}\n<!-- process:end -->`);
});
