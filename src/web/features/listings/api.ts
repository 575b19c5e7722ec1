import type {
  ListingComment,
  ListingContact,
  ListingDetail,
  ListingPage,
  ListingSearchQuery,
  MyListings,
  OwnListing,
  SavedListing,
} from '@shared/listings';
import {
  infiniteQueryOptions,
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api, isApiError } from '@web/lib/api';
import { uploadForm } from '@web/lib/upload';

/** Every listing query sits under 'listings', so a publish, edit or delete refreshes them all. */
export const listingKeys = {
  all: ['listings'] as const,
  search: (params: ListingSearchQuery) => ['listings', 'search', params] as const,
  detail: (id: number) => ['listings', 'detail', id] as const,
  comments: (id: number) => ['listings', 'comments', id] as const,
  mine: (limit?: number) => ['listings', 'mine', limit ?? 'all'] as const,
  own: (id: number) => ['listings', 'edit', id] as const,
};

/** After a publish, edit or delete: listings everywhere and the games' active-listing counts change. */
function invalidateListingData(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: listingKeys.all });
  void queryClient.invalidateQueries({ queryKey: ['games'] });
}

// Browse

function fetchListings(params: ListingSearchQuery, signal: AbortSignal): Promise<ListingPage> {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    if (value !== undefined && value !== '') query.set(key, String(value));
  return api<ListingPage>(`/api/listings?${query}`, { signal });
}

/** One page of active listings (home highlights, a category, the search page). */
export const listingsQuery = (params: ListingSearchQuery) =>
  queryOptions({
    queryKey: listingKeys.search(params),
    queryFn: ({ signal }) => fetchListings(params, signal),
  });

export function useListings(params: ListingSearchQuery) {
  return useQuery(listingsQuery(params));
}

/** The marketplace's page of results (the page number in the URL): the previous page stays while the next loads. */
export function useListingResults(params: ListingSearchQuery) {
  return useQuery({ ...listingsQuery(params), placeholderData: keepPreviousData });
}

/**
 * Pages of listings, each next one appended below (the trade form's product picker).
 * The previous results stay on screen while a new filter loads.
 */
export const listingPagesQuery = (params: Omit<ListingSearchQuery, 'page'>, firstPage: number) =>
  infiniteQueryOptions({
    queryKey: [...listingKeys.search({ ...params, page: firstPage }), 'pages'] as const,
    initialPageParam: firstPage,
    queryFn: ({ pageParam, signal }) => fetchListings({ ...params, page: pageParam }, signal),
    getNextPageParam: (last: ListingPage) =>
      last.page * last.pageSize < last.total ? last.page + 1 : undefined,
  });

export function useListingPages(params: Omit<ListingSearchQuery, 'page'>, firstPage: number) {
  return useInfiniteQuery({ ...listingPagesQuery(params, firstPage), placeholderData: keepPreviousData });
}

// Detail

/** One active listing. The server counts the view (once per visitor per day). */
export const listingQuery = (id: number | null) =>
  queryOptions({
    queryKey: listingKeys.detail(id ?? 0),
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
    queryKey: listingKeys.comments(id),
    queryFn: ({ signal }) =>
      api<{ comments: ListingComment[] }>(`/api/listings/${id}/comments`, { signal }).then(
        (body) => body.comments,
      ),
    staleTime: 30_000,
  });
}

export function usePostComment(id: number) {
  const queryClient = useQueryClient();
  const key = listingKeys.comments(id);
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

// Publish and edit

export interface ListingSubmission {
  body: FormData;
  onProgress: (fraction: number) => void;
}

export function usePublishListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, onProgress }: ListingSubmission) =>
      uploadForm<SavedListing>('/api/listings', { method: 'POST', body, onProgress }),
    onSuccess: () => invalidateListingData(queryClient),
  });
}

export function useUpdateListing(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, onProgress }: ListingSubmission) =>
      uploadForm<SavedListing>(`/api/listings/${id}`, { method: 'PUT', body, onProgress }),
    onSuccess: () => invalidateListingData(queryClient),
  });
}

/** The owner's listing for the edit form; 403 and 404 are final, so they are not retried. */
export function useOwnListing(id: number, signedIn: boolean) {
  return useQuery({
    queryKey: listingKeys.own(id),
    queryFn: ({ signal }) => api<OwnListing>(`/api/listings/${id}/edit`, { signal }),
    enabled: signedIn && Number.isInteger(id) && id > 0,
    retry: (failures, error) => !(isApiError(error) && error.isClientError) && failures < 3,
  });
}

// Mine

/** The signed-in user's active listings, newest first; `limit` for the user menu's latest few. */
export function useMyListings(limit?: number) {
  return useQuery({
    queryKey: listingKeys.mine(limit),
    queryFn: ({ signal }) =>
      api<MyListings>(limit ? `/api/listings/mine?limit=${limit}` : '/api/listings/mine', { signal }),
  });
}

/** Deletes one listing. Each caller gets its own pending flag, so every row shows its own progress. */
export function useDeleteListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (listingId: number) => api<void>(`/api/listings/${listingId}`, { method: 'DELETE' }),
    onSuccess: () => invalidateListingData(queryClient),
  });
}
