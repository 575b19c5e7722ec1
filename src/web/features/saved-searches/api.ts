import type {
  SavedSearch,
  SavedSearchChange,
  SavedSearchCreate,
  SavedSearchList,
} from '@shared/saved-searches';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';

export const savedSearchKeys = { all: ['saved-searches'] as const };

/** The member's alerts ('/alertas'). */
export const savedSearchesQuery = () => ({
  queryKey: savedSearchKeys.all,
  queryFn: ({ signal }: { signal: AbortSignal }) => api<SavedSearchList>('/api/alerts', { signal }),
});

export function useSavedSearches(enabled = true) {
  return useQuery({ ...savedSearchesQuery(), enabled });
}

export function useCreateSavedSearch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SavedSearchCreate) => api<SavedSearch>('/api/alerts', { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: savedSearchKeys.all }),
  });
}

/** Rename, pause or resume, e-mail on or off: the list shows the answer at once. */
export function useChangeSavedSearch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: number; change: SavedSearchChange }) =>
      api<SavedSearch>(`/api/alerts/${id}`, { method: 'PATCH', body: change }),
    onSuccess: (changed) =>
      client.setQueryData<SavedSearchList>(savedSearchKeys.all, (list) =>
        list ? { ...list, items: list.items.map((s) => (s.id === changed.id ? changed : s)) } : list,
      ),
  });
}

export function useDeleteSavedSearch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<null>(`/api/alerts/${id}`, { method: 'DELETE' }),
    onSuccess: (_answer, id) =>
      client.setQueryData<SavedSearchList>(savedSearchKeys.all, (list) =>
        list ? { ...list, items: list.items.filter((s) => s.id !== id) } : list,
      ),
  });
}
