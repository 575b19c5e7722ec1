import { useCallback } from 'react';
import { useLocation, useSearchParams } from 'react-router';

/** `raw` when it is one of `values`, else undefined: a filter read from the address. */
export function oneOf<V extends string>(values: readonly V[], raw: string | null): V | undefined {
  return values.find((value) => value === raw);
}

/**
 * A list's filters, search and page live in the address (`?status=…&q=…&pagina=…`), so a filtered view can be linked and
 * reloaded. Changing a filter goes back to the first page; `pageHref` is the address of another page.
 */
export function useListParams<K extends string>() {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const pageParam = Number(params.get('pagina'));
  const page = Number.isInteger(pageParam) && pageParam > 1 ? pageParam : 1;
  // The search box calls this from an effect: one function for the page's life, so it does not re-run the effect.
  const setSearch = useCallback(
    (value: string) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        if (value) next.set('q', value);
        else next.delete('q');
        next.delete('pagina');
        return next;
      }),
    [setParams],
  );
  return {
    page,
    /** The list's text search (`?q=`), '' when none. */
    search: params.get('q') ?? '',
    setSearch,
    get: (key: K) => params.get(key),
    set: (key: K, value: string | undefined) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        next.delete('pagina');
        return next;
      }),
    pageHref: (to: number) => {
      const next = new URLSearchParams(params);
      if (to > 1) next.set('pagina', String(to));
      else next.delete('pagina');
      const query = next.toString();
      return query ? `${pathname}?${query}` : pathname;
    },
  };
}
