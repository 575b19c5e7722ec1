import type { DiscordInvite } from '@shared/discord';
import { useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';

export const discordKeys = { invite: ['discord'] as const };

/** The official server's invite, shared by /discord and the groups page's footer card. */
export function useDiscordInvite() {
  return useQuery({
    queryKey: discordKeys.invite,
    queryFn: ({ signal }) => api<DiscordInvite>('/api/discord', { signal }),
    // Configuration: it only changes with a restart of the server.
    staleTime: 10 * 60_000,
  });
}
