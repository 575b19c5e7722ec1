import type { PayoutIdentityAnswer, PayoutIdentityInput } from '@shared/payout-identity';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';

/** Issue 36: the member's payout identity ('Dados para recebimento'). */
export const payoutIdentityKey = ['payments', 'payout-identity'] as const;

export function usePayoutIdentity() {
  return useQuery({
    queryKey: payoutIdentityKey,
    queryFn: ({ signal }) => api<PayoutIdentityAnswer>('/api/payout-identity', { signal }),
  });
}

/** Records or changes it; the answer (the identity masked) replaces the cached one. */
export function useSetPayoutIdentity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PayoutIdentityInput) =>
      api<PayoutIdentityAnswer>('/api/payout-identity', { method: 'PUT', body }),
    onSuccess: (answer) => queryClient.setQueryData(payoutIdentityKey, answer),
  });
}
