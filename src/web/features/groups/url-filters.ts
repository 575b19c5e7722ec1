import type { GroupFilters } from '@shared/group-directory';

/** The filters in the query string, so a reload or a shared link keeps them: ?busca=&jogo=&oficiais=1&vip=1 */
export function readGroupFilters(params: URLSearchParams): GroupFilters {
  return {
    search: params.get('busca') ?? '',
    category: params.get('jogo') || null,
    onlyOfficial: params.get('oficiais') === '1',
    onlyVip: params.get('vip') === '1',
  };
}

/** The query string for these filters, keeping any other parameter of `params`. */
export function writeGroupFilters(params: URLSearchParams, filters: GroupFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (key: string, value: string | null) => (value ? next.set(key, value) : next.delete(key));
  set('busca', filters.search);
  set('jogo', filters.category);
  set('oficiais', filters.onlyOfficial ? '1' : null);
  set('vip', filters.onlyVip ? '1' : null);
  return next;
}
