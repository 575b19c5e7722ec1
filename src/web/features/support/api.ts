import type { Created } from '@shared/api';
import type { MemberTickets, TicketInput } from '@shared/support-tickets';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';

export const supportKeys = { tickets: ['support', 'tickets'] as const };

/** The member's own tickets, newest first; only asked for when someone is signed in. */
export function useMyTickets(enabled: boolean) {
  return useQuery({
    queryKey: supportKeys.tickets,
    queryFn: ({ signal }) => api<MemberTickets>('/api/support/tickets', { signal }).then((b) => b.tickets),
    enabled,
  });
}

export function useOpenTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TicketInput) => api<Created>('/api/support/tickets', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supportKeys.tickets }),
  });
}
