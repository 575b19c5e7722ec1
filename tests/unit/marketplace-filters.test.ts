import { describe, expect, it } from 'vitest';
import { readFilters, toSearchQuery } from '../../src/web/features/listings/browse/filters';

describe('marketplace price filters', () => {
  it('send the reais typed in the address bar to the API as cents', () => {
    const query = toSearchQuery(readFilters(new URLSearchParams('min=19.9&max=250')));
    expect(query).toMatchObject({ minPriceCents: 1990, maxPriceCents: 25000 });
  });

  it('cap a maximum above what any listing may cost instead of failing the search', () => {
    const query = toSearchQuery(readFilters(new URLSearchParams('max=30000000')));
    expect(query.maxPriceCents).toBe(100_000_000);
  });

  it('leave out an empty or invalid filter', () => {
    const query = toSearchQuery(readFilters(new URLSearchParams('min=&max=abc')));
    expect(query.minPriceCents).toBeUndefined();
    expect(query.maxPriceCents).toBeUndefined();
  });
});
