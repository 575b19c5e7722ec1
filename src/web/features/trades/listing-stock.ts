import { tradeMessages as m } from '@shared/trade-messages';
import type { TradeView } from '@shared/trades';
import { useQueryClient } from '@tanstack/react-query';
import { listingKeys } from '@web/features/listings/api';
import { toast } from '@web/lib/toast';

/**
 * After a release (part 2 §4: stock reduced by one; sold at 0): 'Produto Vendido' when the last unit went,
 * 'Estoque Atualizado' otherwise, as the trade's answer tells; listing pages then read the new stock.
 */
export function useAnnounceStock() {
  const queryClient = useQueryClient();
  return (after: TradeView) => {
    void queryClient.invalidateQueries({ queryKey: listingKeys.all });
    toast.success(after.listing.status === 'sold' ? m.sold : m.stockUpdated);
  };
}
