import type { Game } from '@shared/games';
import { useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';

export const gameKeys = { all: ['games'] as const };

/** The games in their display order (part 1 §7: cached 5 min, kept 10 min, no refetch on focus, retry 2). */
export function useGames() {
  return useQuery({
    queryKey: gameKeys.all,
    queryFn: ({ signal }) => api<{ games: Game[] }>('/api/games', { signal }).then((body) => body.games),
    staleTime: 5 * 60_000,
    gcTime: 10 * 60_000,
    refetchOnWindowFocus: false,
    retry: 2,
  });
}
