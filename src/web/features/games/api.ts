import type { Game, GameRef } from '@shared/games';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';

export const gameKeys = {
  all: ['games'] as const,
  bySlug: (slug: string) => ['games', 'slug', slug] as const,
};

/** The games in their display order (part 1 §7: cached 5 min, kept 10 min, no refetch on focus, retry 2). */
export const gamesQuery = () =>
  queryOptions({
    queryKey: gameKeys.all,
    queryFn: ({ signal }) => api<{ games: Game[] }>('/api/games', { signal }).then((body) => body.games),
    staleTime: 5 * 60_000,
    gcTime: 10 * 60_000,
    refetchOnWindowFocus: false,
    retry: 2,
  });

export function useGames() {
  return useQuery(gamesQuery());
}

/** The game of a category URL, by its slug or an alias ('freefire' → Free Fire); a 404 when none matches. */
export const gameQuery = (slug: string) =>
  queryOptions({
    queryKey: gameKeys.bySlug(slug),
    queryFn: ({ signal }) =>
      api<{ game: GameRef }>(`/api/games/${encodeURIComponent(slug)}`, { signal }).then((body) => body.game),
    staleTime: 5 * 60_000,
  });

export function useGame(slug: string) {
  return useQuery(gameQuery(slug));
}
