import type { SupportContact } from '@shared/contact';
import { useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';

export const contactKeys = { support: ['support-contact'] as const };

/** SUPPORT_EMAIL, SUPPORT_WHATSAPP and COMPANY_* as the server has them (null each when not configured). */
export function useSupportContact(enabled = true) {
  return useQuery({
    enabled,
    queryKey: contactKeys.support,
    queryFn: ({ signal }) => api<SupportContact>('/api/contact', { signal }),
    // Configuration: it only changes with a restart of the server.
    staleTime: 10 * 60_000,
  });
}
