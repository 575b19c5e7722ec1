import type { Created } from '@shared/api';
import type { FeedbackInput } from '@shared/feedback';
import type { PartnershipInput } from '@shared/partnerships';
import { useMutation } from '@tanstack/react-query';
import { api } from '@web/lib/api';

export function useRequestPartnership() {
  return useMutation({
    mutationFn: (input: PartnershipInput) =>
      api<Created>('/api/partnerships', { method: 'POST', body: input }),
  });
}

export function useSendFeedback() {
  return useMutation({
    mutationFn: (input: FeedbackInput) => api<Created>('/api/feedback', { method: 'POST', body: input }),
  });
}
