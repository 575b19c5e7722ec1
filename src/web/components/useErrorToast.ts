import { listingMessages } from '@shared/listing-messages';
import { toast } from '@web/lib/toast';
import { useEffect } from 'react';

/** 'Erro ao carregar produtos' with the server's message, once per failure (part 1 §8). */
export function useErrorToast(error: Error | null) {
  useEffect(() => {
    if (error) toast.error(listingMessages.productsFailed, { description: error.message });
  }, [error]);
}
