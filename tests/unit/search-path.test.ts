import { gameSlug } from '@shared/games';
import { searchPath } from '@shared/search';
import { describe, expect, it } from 'vitest';

describe('game slug (part 1 §2)', () => {
  it.each([
    ['League of Legends', 'league-of-legends'],
    ['Counter-Strike 2', 'counter-strike-2'],
    ['Pokémon GO!', 'pokemon-go'],
    ['  Free   Fire ', 'free-fire'],
  ])('%s → %s', (name, slug) => {
    expect(gameSlug(name)).toBe(slug);
  });
});

describe('search path', () => {
  it('ignores blank text', () => {
    expect(searchPath('   ')).toBeNull();
  });

  it('trims and encodes the query', () => {
    expect(searchPath('  skin ak & m4 ')).toBe('/marketplace?q=skin%20ak%20%26%20m4');
    expect(searchPath('valorant', '/home')).toBe('/home?q=valorant');
  });
});
