/**
 * Writes the payout process's table into docs/decisions/028-payouts.md, between its markers, from
 * src/shared/payout-process.ts itself; `--check` fails when the document is out of date.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { payoutProcessTable } from '../src/shared/payout-process-table';

const path = new URL('../docs/decisions/028-payouts.md', import.meta.url);
const start = '<!-- process:start (npm run docs:payout-process) -->';
const end = '<!-- process:end -->';
const doc = readFileSync(path, 'utf8');
const before = doc.slice(0, doc.indexOf(start) + start.length);
const after = doc.slice(doc.indexOf(end));
const next = `${before}\n${payoutProcessTable()}\n${after}`;
if (process.argv.includes('--check')) {
  if (next !== doc) {
    console.error('docs/decisions/028-payouts.md is out of date: run npm run docs:payout-process');
    process.exit(1);
  }
} else {
  writeFileSync(path, next);
}
