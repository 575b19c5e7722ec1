import { searchPath } from '@shared/search';
import { describe, expect, it } from 'vitest';

describe('search path', () => {
  it('ignores blank text', () => {
    expect(searchPath('   ')).toBeNull();
  });

  it('trims and encodes the query', () => {
    expect(searchPath('  skin ak & m4 ')).toBe('/marketplace?q=skin%20ak%20%26%20m4');
    expect(searchPath('valorant')).toBe('/marketplace?q=valorant');
  });
});
