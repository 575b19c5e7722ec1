import { readFileSync } from 'node:fs';
import { payoutIdFor } from '@shared/payout-process';
import { payoutProcessTable } from '@shared/payout-process-table';
import { expect, it } from 'vitest';

it('decision 028 shows the payout process as src/shared/payout-process.ts describes it (npm run docs:payout-process)', () => {
  const doc = readFileSync(new URL('../../docs/decisions/028-payouts.md', import.meta.url), 'utf8');
  expect(doc).toContain(`-->\n${payoutProcessTable()}\n<!-- process:end -->`);
});

it("derives the PSP's id of a payout from its trade, a new one per refused attempt, always an Efí idEnvio", () => {
  expect(payoutIdFor(42)).toBe('MGPAYOUT000000000042');
  expect(payoutIdFor(42, 3)).toBe('MGPAYOUT000000000042A3');
  expect(payoutIdFor(999_999_999_999, 999_999)).toMatch(/^[a-zA-Z0-9]{1,35}$/);
  expect(() => payoutIdFor(0)).toThrow(RangeError);
  expect(() => payoutIdFor(1, -1)).toThrow(RangeError);
});
