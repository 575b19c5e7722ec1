import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** Every .ts file under `dir`, recursively. */
const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? sources(full) : entry.name.endsWith('.ts') ? [full] : [];
  });

describe('rate-limit presets', () => {
  it('are written in http/rate-limits.ts only: no route spells out a counter of its own', () => {
    const presets = path.join('src', 'server', 'http', 'rate-limits.ts');
    const rules = path.join('src', 'server', 'auth', 'rate-limit.ts');
    const spelled = sources(path.join('src', 'server'))
      .filter((file) => file !== presets && file !== rules)
      .filter((file) => /\bper: '(member|address|account)'/.test(readFileSync(file, 'utf8')));
    expect(spelled).toEqual([]);
  });
});
