import { tradeMessages as m } from '@shared/trade-messages';
import { useQueryClient } from '@tanstack/react-query';
import { listingKeys, listingQuery } from '@web/features/listings/api';
import { toast } from '@web/lib/toast';

/**
 * After a release (part 2 §4: stock reduced by one; sold at 0): 'Produto Vendido' when the listing has no unit
 * left, 'Estoque Atualizado' otherwise. The trade's answer does not say which, so the listing is read again.
 */
export function useAnnounceStock() {
  const queryClient = useQueryClient();
  return async (listingId: number | null): Promise<void> => {
    void queryClient.invalidateQueries({ queryKey: listingKeys.all });
    if (listingId === null) return;
    const listing = await queryClient
      .fetchQuery({ ...listingQuery(listingId), staleTime: 0 })
      .catch(() => null); // a listing no longer shown is a sold one
    const soldOut = listing?.status !== 'active' || listing.quantity <= 0;
    toast.success(soldOut ? m.sold : m.stockUpdated);
  };
}
