import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * What `docker build` leaves out of the context (`COPY . .` sends the rest into the image): Docker matches each
 * .dockerignore line, anchored at the context's root, against a path and each of its parent folders; `*` and `?`
 * stay within one segment. The file uses neither `**` nor `!`, which this reading does not cover.
 */
const patterns = readFileSync('.dockerignore', 'utf8')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith('#'));

const matcherOf = (pattern: string) =>
  new RegExp(
    `^${pattern
      .replace(/^\/+|\/+$/g, '')
      .replace(/[.+^${}()|[\]\\]/g, '\\$&')
      .replaceAll('*', '[^/]*')
      .replaceAll('?', '[^/]')}$`,
  );
const matchers = patterns.map(matcherOf);

function isIgnored(file: string): boolean {
  const parts = file.split('/');
  return parts.some((_, i) => matchers.some((matcher) => matcher.test(parts.slice(0, i + 1).join('/'))));
}

describe('the image build context (.dockerignore)', () => {
  it('is read as Docker reads it', () => {
    expect(patterns.filter((pattern) => pattern.includes('**') || pattern.startsWith('!'))).toEqual([]);
  });

  it('leaves out the backups and every data folder, with their secrets', () => {
    for (const file of [
      'backups/mercadogamer-pglite-2026-11-27_083015.tar.gz',
      'backups/backup.log',
      'data/session-secret',
      'data-restaurada/delivery-secret',
      'data-restaurada/media/listings/1/a-640.webp',
      'data2/pglite/PG_VERSION',
      '.env',
    ]) {
      expect(isIgnored(file), file).toBe(true);
    }
  });

  it('keeps what the build needs', () => {
    for (const file of [
      'package.json',
      'package-lock.json',
      'src/server/data-lock.ts',
      'src/server/backup/create-backup.ts',
      'drizzle/meta/_journal.json',
      'scripts/build-server.mjs',
      'vite.config.ts',
    ]) {
      expect(isIgnored(file), file).toBe(false);
    }
  });
});
