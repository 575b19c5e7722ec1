import type { MyListings } from '@shared/listings';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';

export const myListingKeys = {
  /** Under 'listings', so every publish, edit or delete refreshes it. */
  mine: (limit?: number) => ['listings', 'mine', limit ?? 'all'] as const,
};

/** After a publish, edit or delete: listings everywhere and the games' active-listing counts change. */
export function invalidateListingData(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: ['listings'] });
  void queryClient.invalidateQueries({ queryKey: ['games'] });
}

/** The signed-in user's active listings, newest first; `limit` for the user menu's latest few. */
export function useMyListings(limit?: number) {
  return useQuery({
    queryKey: myListingKeys.mine(limit),
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
