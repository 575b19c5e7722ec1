/**
 * Writes the trade process's table (states, who, timers, money) into docs/decisions/020-trade-process.md, between
 * its markers, from src/shared/trade-process.ts itself; `--check` fails when the document is out of date.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { tradeProcessTable } from '../src/shared/trade-process-table';

const path = new URL('../docs/decisions/020-trade-process.md', import.meta.url);
const start = '<!-- process:start (npm run docs:trade-process) -->';
const end = '<!-- process:end -->';
const doc = readFileSync(path, 'utf8');
const before = doc.slice(0, doc.indexOf(start) + start.length);
const after = doc.slice(doc.indexOf(end));
const next = `${before}\n${tradeProcessTable()}\n${after}`;
if (process.argv.includes('--check')) {
  if (next !== doc) {
    console.error('docs/decisions/020-trade-process.md is out of date: run npm run docs:trade-process');
    process.exit(1);
  }
} else {
  writeFileSync(path, next);
}
