import type { Created } from '@shared/api';
import type { AcceptedOffer, ListingOffers, MakeOfferInput, MyOffers, OfferBox } from '@shared/offers';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';

/** Every offer query sits under 'offers', so any answer refreshes the listing block and both boxes. */
export const offerKeys = {
  all: ['offers'] as const,
  listing: (listingId: number) => ['offers', 'listing', listingId] as const,
  mine: (box: OfferBox) => ['offers', 'mine', box] as const,
};

/** The latest offers on a listing; only its seller may ask (`enabled`). */
export function useListingOffers(listingId: number, enabled: boolean) {
  return useQuery({
    queryKey: offerKeys.listing(listingId),
    queryFn: ({ signal }) => api<ListingOffers>(`/api/listings/${listingId}/offers`, { signal }),
    select: (data) => data.offers,
    enabled,
  });
}

/** /minhas-ofertas: the newest offers received or sent. */
export function useMyOffers(box: OfferBox) {
  return useQuery({
    queryKey: offerKeys.mine(box),
    queryFn: ({ signal }) => api<MyOffers>(`/api/offers?box=${box}`, { signal }),
    select: (data) => data.offers,
  });
}

export function useMakeOffer(listingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MakeOfferInput) =>
      api<Created>(`/api/listings/${listingId}/offers`, { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: offerKeys.all }),
  });
}

/** Accept, reject or withdraw: whatever the answer, the lists are read again (another tab may have answered). */
function useAnswerOffer<T>(answer: (id: number) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answer,
    onSettled: () => queryClient.invalidateQueries({ queryKey: offerKeys.all }),
  });
}

export const useAcceptOffer = () =>
  useAnswerOffer((id) => api<AcceptedOffer>(`/api/offers/${id}/accept`, { method: 'POST' }));
export const useRejectOffer = () =>
  useAnswerOffer((id) => api<undefined>(`/api/offers/${id}/reject`, { method: 'POST' }));
export const useWithdrawOffer = () =>
  useAnswerOffer((id) => api<undefined>(`/api/offers/${id}/withdraw`, { method: 'POST' }));
