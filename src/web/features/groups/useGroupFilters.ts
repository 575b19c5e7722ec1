import type { GroupFilters } from '@shared/group-directory';
import { useEffect, useState } from 'react';
import { useLocation, useNavigationType, useSearchParams } from 'react-router';
import { readGroupFilters, writeGroupFilters } from './url-filters';

/**
 * The page's filters, kept in the query string so a reload or a shared link keeps them. The state lives
 * here — the search box filters on every keystroke, which a router update (a transition) would lag — and
 * is mirrored into the URL with `replace`, so typing leaves no trail in the history. A link or back/forward
 * that changes the query (a push or pop) is read back.
 */
export function useGroupFilters() {
  const [params, setParams] = useSearchParams();
  const [filters, setFilters] = useState<GroupFilters>(() => readGroupFilters(params));
  const { search } = useLocation();
  const navigationType = useNavigationType();

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new query string from outside matters.
  useEffect(() => {
    if (navigationType !== 'REPLACE') setFilters(readGroupFilters(new URLSearchParams(search)));
  }, [search]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: mirrors the filters; the params follow them.
  useEffect(() => {
    const next = writeGroupFilters(params, filters);
    if (next.toString() !== params.toString()) setParams(next, { replace: true, preventScrollReset: true });
  }, [filters]);

  const update = (changes: Partial<GroupFilters>) => setFilters((current) => ({ ...current, ...changes }));
  return { filters, update, setFilters };
}
