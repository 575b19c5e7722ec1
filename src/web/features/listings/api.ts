import { listingMessages } from '@shared/listing-messages';
import type { ListingPage, ListingSearchQuery } from '@shared/listings';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api, isApiError } from '@web/lib/api';
import { toast } from '@web/lib/toast';

export const listingKeys = {
  all: ['listings'] as const,
  search: (params: ListingSearchQuery) => ['listings', 'search', params] as const,
};

export const favoriteKeys = { all: ['favorites'] as const };

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

/**
 * The marketplace results: the page in the URL, then each 'Carregar Mais' appends the next one below.
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

interface FavoriteIds {
  listingIds: number[];
}

const toIdSet = (data: FavoriteIds) => new Set(data.listingIds);

/** The signed-in user's favourite listing ids (nothing is fetched for guests). */
export function useFavoriteIds(signedIn: boolean) {
  return useQuery({
    queryKey: favoriteKeys.all,
    queryFn: ({ signal }) => api<FavoriteIds>('/api/favorites', { signal }),
    enabled: signedIn,
    staleTime: 60_000,
    select: toIdSet,
  });
}

const toggleKey = ['favorites', 'toggle'] as const;

/** Shows the login-required toast with a way to sign in. */
export function askToSignIn(goToLogin: () => void) {
  toast.error(listingMessages.loginRequiredTitle, {
    description: listingMessages.favoriteLoginRequired,
    action: { label: 'Entrar', onClick: goToLogin },
  });
}

/** Adds or removes a favourite, showing the change at once and undoing it if the server refuses. */
export function useToggleFavorite(goToLogin: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: toggleKey,
    mutationFn: ({ listingId, favorite }: { listingId: number; favorite: boolean }) =>
      api<void>(`/api/favorites/${listingId}`, { method: favorite ? 'PUT' : 'DELETE' }),
    onMutate: async ({ listingId, favorite }) => {
      await queryClient.cancelQueries({ queryKey: favoriteKeys.all });
      const previous = queryClient.getQueryData<FavoriteIds>(favoriteKeys.all);
      queryClient.setQueryData<FavoriteIds>(favoriteKeys.all, (current) => {
        const others = (current?.listingIds ?? []).filter((id) => id !== listingId);
        return { listingIds: favorite ? [...others, listingId] : others };
      });
      return { previous };
    },
    onError: (error, _variables, context) => {
      queryClient.setQueryData(favoriteKeys.all, context?.previous);
      if (isApiError(error) && error.status === 401) askToSignIn(goToLogin);
      else toast.error(error.message);
    },
    onSettled: () => {
      // Refetching while another toggle is in flight would briefly undo that toggle's optimistic state.
      if (queryClient.isMutating({ mutationKey: toggleKey }) === 1)
        void queryClient.invalidateQueries({ queryKey: favoriteKeys.all });
    },
  });
}
