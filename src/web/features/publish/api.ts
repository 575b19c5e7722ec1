import type { OwnListing } from '@shared/listings';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { invalidateListingData } from '@web/features/my-listings/api';
import { api, isApiError } from '@web/lib/api';
import { uploadForm } from './upload';

/** What POST and PUT /api/listings answer. */
export interface SavedListing {
  id: number;
  gameSlug: string;
}

export interface ListingSubmission {
  body: FormData;
  onProgress: (fraction: number) => void;
}

export const ownListingKey = (id: number) => ['listings', 'edit', id] as const;

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
    queryKey: ownListingKey(id),
    queryFn: ({ signal }) => api<OwnListing>(`/api/listings/${id}/edit`, { signal }),
    enabled: signedIn && Number.isInteger(id) && id > 0,
    retry: (failures, error) => !(isApiError(error) && error.isClientError) && failures < 3,
  });
}
