import {
  compactMembers,
  filterGroups,
  type GroupFilters,
  hasGroupFilters,
  noGroupFilters,
} from '@shared/group-directory';
import { readGroupFilters, writeGroupFilters } from '@web/features/groups/url-filters';
import { describe, expect, it } from 'vitest';

const groups = [
  {
    id: 1,
    title: 'CS2 Brasil Oficial',
    description: 'Trocas de skins com intermediação.',
    gameCategory: 'Counter-Strike 2',
    isOfficial: true,
    isVip: false,
  },
  {
    id: 2,
    title: 'CS2 Skins VIP',
    description: 'Skins raras e facas.',
    gameCategory: 'Counter-Strike 2',
    isOfficial: true,
    isVip: true,
  },
  {
    id: 3,
    title: 'Free Fire Élite',
    description: 'Squads e campeonatos grátis toda semana.',
    gameCategory: 'Free Fire',
    isOfficial: false,
    isVip: false,
  },
  {
    id: 4,
    title: 'Valorant Contas Premium',
    description: 'Contas com ranques altos.',
    gameCategory: 'Valorant',
    isOfficial: false,
    isVip: true,
  },
  {
    id: 5,
    title: 'Fazendeiros',
    description: 'Coop e mods para a fazenda.',
    gameCategory: 'Stardew Valley',
    isOfficial: false,
    isVip: false,
  },
];

const ids = (filters: Partial<GroupFilters>) =>
  filterGroups(groups, { ...noGroupFilters, ...filters }).map((g) => g.id);

describe('hasGroupFilters', () => {
  it('is false for no filters and for a blank search', () => {
    expect(hasGroupFilters(noGroupFilters)).toBe(false);
    expect(hasGroupFilters({ ...noGroupFilters, search: '   ' })).toBe(false);
  });

  it.each<Partial<GroupFilters>>([
    { search: 'cs2' },
    { category: 'Free Fire' },
    { onlyOfficial: true },
    { onlyVip: true },
  ])('is true with %o', (filters) => {
    expect(hasGroupFilters({ ...noGroupFilters, ...filters })).toBe(true);
  });
});

describe('filterGroups', () => {
  it('keeps every group, in order, without filters', () => {
    expect(ids({})).toEqual([1, 2, 3, 4, 5]);
    expect(ids({ search: '  ' })).toEqual([1, 2, 3, 4, 5]);
  });

  it('searches the title, the description and the category', () => {
    expect(ids({ search: 'premium' })).toEqual([4]);
    expect(ids({ search: 'facas' })).toEqual([2]);
    expect(ids({ search: 'stardew' })).toEqual([5]);
  });

  it('ignores case and accents on both sides', () => {
    expect(ids({ search: 'ELITE' })).toEqual([3]);
    expect(ids({ search: 'gratis' })).toEqual([3]);
    expect(ids({ search: 'intermediacao' })).toEqual([1]);
    expect(ids({ search: 'Intermediação' })).toEqual([1]);
  });

  it('needs every word, in any field and any order', () => {
    expect(ids({ search: 'skins cs2' })).toEqual([1, 2]);
    expect(ids({ search: 'vip counter' })).toEqual([2]);
    expect(ids({ search: 'skins valorant' })).toEqual([]);
  });

  it('narrows to one game', () => {
    expect(ids({ category: 'Counter-Strike 2' })).toEqual([1, 2]);
    expect(ids({ category: 'Minecraft' })).toEqual([]);
  });

  it('keeps only official or only VIP groups, and both when both are on', () => {
    expect(ids({ onlyOfficial: true })).toEqual([1, 2]);
    expect(ids({ onlyVip: true })).toEqual([2, 4]);
    expect(ids({ onlyOfficial: true, onlyVip: true })).toEqual([2]);
  });

  it('combines every active filter', () => {
    expect(ids({ search: 'skins', category: 'Counter-Strike 2', onlyVip: true })).toEqual([2]);
    expect(ids({ search: 'contas', onlyOfficial: true })).toEqual([]);
  });

  it('returns the callers own objects', () => {
    const [first] = filterGroups(groups, { ...noGroupFilters, search: 'premium' });
    expect(first).toBe(groups[3]);
  });
});

describe('compactMembers', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1k+'],
    [1099, '1k+'],
    [1100, '1,1k+'],
    [8500, '8,5k+'],
    [8599, '8,5k+'],
    [9999, '9,9k+'],
    [12_010, '12k+'],
    [45_678, '45,6k+'],
    [999_999, '999,9k+'],
    [1_000_000, '1M+'],
    [1_250_000, '1,2M+'],
  ])('%i → %s', (members, text) => {
    expect(compactMembers(members)).toBe(text);
  });
});

describe('the filters in the query string', () => {
  it('reads what it writes, and drops the defaults', () => {
    const filters: GroupFilters = {
      search: 'cs2 skins',
      category: 'Free Fire',
      onlyOfficial: true,
      onlyVip: true,
    };
    const params = writeGroupFilters(new URLSearchParams(), filters);
    expect(params.toString()).toBe('busca=cs2+skins&jogo=Free+Fire&oficiais=1&vip=1');
    expect(readGroupFilters(params)).toEqual(filters);
    expect(writeGroupFilters(params, noGroupFilters).toString()).toBe('');
    expect(readGroupFilters(new URLSearchParams())).toEqual(noGroupFilters);
  });

  it('keeps parameters that are not filters', () => {
    const params = writeGroupFilters(new URLSearchParams('utm=x&vip=1'), {
      ...noGroupFilters,
      onlyOfficial: true,
    });
    expect(params.toString()).toBe('utm=x&oficiais=1');
  });
});
