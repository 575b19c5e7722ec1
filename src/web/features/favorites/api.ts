import { listingMessages } from '@shared/listing-messages';
import type { FavoriteIds } from '@shared/listings';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '@web/lib/api';
import { toast } from '@web/lib/toast';

export const favoriteKeys = { all: ['favorites'] as const };

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
