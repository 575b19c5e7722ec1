import type { PaymentHistory } from '@shared/payments';
import type { AddPixKeyInput, PixKey, PixKeyConfirmation, PixKeyList } from '@shared/pix';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';

export const paymentKeys = {
  pixKeys: ['payments', 'pix-keys'] as const,
  history: ['payments', 'history'] as const,
};

/** Where the history's CSV is downloaded from (the session cookie goes with the link). */
export const historyCsvUrl = '/api/payments/history.csv';

export function usePixKeys() {
  return useQuery({
    queryKey: paymentKeys.pixKeys,
    queryFn: ({ signal }) => api<PixKeyList>('/api/pix-keys', { signal }),
  });
}

export function useAddPixKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddPixKeyInput) => api<PixKey>('/api/pix-keys', { method: 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentKeys.pixKeys }),
  });
}

/** Which key, and the password or code when the change moves the default (the server says when it does). */
export interface PixKeyChange {
  id: number;
  confirmation?: PixKeyConfirmation;
}

/** Make default and delete answer with the whole list: it replaces the cached one. */
function useChangePixKey(change: (input: PixKeyChange) => Promise<PixKeyList>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (list) => queryClient.setQueryData(paymentKeys.pixKeys, list),
    onError: () => queryClient.invalidateQueries({ queryKey: paymentKeys.pixKeys }),
  });
}

export const useMakeDefaultPixKey = () =>
  useChangePixKey(({ id, confirmation }) =>
    api<PixKeyList>(`/api/pix-keys/${id}/default`, { method: 'PUT', body: confirmation ?? {} }),
  );

export const useDeletePixKey = () =>
  useChangePixKey(({ id, confirmation }) =>
    api<PixKeyList>(`/api/pix-keys/${id}`, { method: 'DELETE', body: confirmation ?? {} }),
  );

export function usePaymentHistory() {
  return useQuery({
    queryKey: paymentKeys.history,
    queryFn: ({ signal }) => api<PaymentHistory>('/api/payments/history', { signal }),
  });
}
