import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';

/** A server-paged list's query string: only the values that are set, page 1 left out. */
export function listQuery(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === '' || (key === 'page' && Number(value) <= 1)) continue;
    search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The CSV export of a list as filtered now: `<path>/export.csv` with the same filters, no page. */
export function exportHref(path: string, params: Record<string, string | number | undefined>): string {
  const { page: _page, ...filters } = params;
  return `${path}/export.csv${listQuery(filters)}`;
}

/** A page of a server-paged list; the previous page stays on screen while the next one loads. */
export function usePagedList<T>(
  key: readonly unknown[],
  path: string,
  params: Record<string, string | number | undefined>,
) {
  return useQuery({
    queryKey: [...key, params],
    queryFn: ({ signal }) => api<T>(`${path}${listQuery(params)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** A decision on a list's row: on success the list it came from is read again. */
export function useListDecision<V>(key: readonly unknown[], send: (vars: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
