import type { ListingComment, ListingContact, ListingDetail } from '@shared/listings';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';

export const listingDetailKeys = {
  detail: (id: number) => ['listings', 'detail', id] as const,
  comments: (id: number) => ['listings', 'comments', id] as const,
};

/** One active listing. The server counts the view (once per visitor per day). */
export const listingQuery = (id: number | null) =>
  queryOptions({
    queryKey: listingDetailKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api<ListingDetail>(`/api/listings/${id}`, { signal }),
    enabled: id !== null,
    staleTime: 30_000,
  });

export function useListing(id: number | null) {
  return useQuery(listingQuery(id));
}

/** The seller's WhatsApp, fetched on demand: only signed-in users may see it. */
export function useListingContact(id: number) {
  return useMutation({
    mutationFn: () => api<ListingContact>(`/api/listings/${id}/contact`),
  });
}

/** Public questions and comments, oldest first. */
export function useComments(id: number) {
  return useQuery({
    queryKey: listingDetailKeys.comments(id),
    queryFn: ({ signal }) =>
      api<{ comments: ListingComment[] }>(`/api/listings/${id}/comments`, { signal }).then(
        (body) => body.comments,
      ),
    staleTime: 30_000,
  });
}

export function usePostComment(id: number) {
  const queryClient = useQueryClient();
  const key = listingDetailKeys.comments(id);
  return useMutation({
    mutationFn: (body: string) =>
      api<ListingComment>(`/api/listings/${id}/comments`, { method: 'POST', body: { body } }),
    onSuccess: (comment) => {
      // Show it at once, then reread the list for comments others wrote meanwhile.
      queryClient.setQueryData<ListingComment[]>(key, (list) =>
        list?.some((c) => c.id === comment.id) ? list : [...(list ?? []), comment],
      );
      void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
