import { forumSearch, readForumFilters } from '@web/features/community/filters';
import { describe, expect, it } from 'vitest';

describe('forum filters in the URL', () => {
  it('reads category, search and page', () => {
    expect(readForumFilters(new URLSearchParams('categoria=ddtank&busca=%20pet%20&pagina=3'))).toEqual({
      category: 'ddtank',
      q: 'pet',
      page: 3,
    });
  });

  it('ignores values it does not know', () => {
    expect(readForumFilters(new URLSearchParams('categoria=xyz&pagina=-2'))).toEqual({
      category: null,
      q: '',
      page: 1,
    });
    expect(readForumFilters(new URLSearchParams('pagina=1.5')).page).toBe(1);
  });

  it('writes only what differs from the plain list', () => {
    expect(forumSearch({ category: null, q: '', page: 1 })).toBe('');
    expect(forumSearch({ category: 'dicas', q: 'mira cs2', page: 2 })).toBe(
      '?categoria=dicas&busca=mira+cs2&pagina=2',
    );
  });

  it('round-trips', () => {
    const filters = { category: 'suporte' as const, q: 'pix & conta', page: 4 };
    expect(readForumFilters(new URLSearchParams(forumSearch(filters).slice(1)))).toEqual(filters);
  });
});
