import type { MeResponse } from '@shared/accounts';
import { FEATURED_COUNT, MAX_PAGE_SIZE, PAGE_SIZE } from '@shared/listing-constants';
import { paths, routePatterns } from '@shared/paths';
import type { QueryClient } from '@tanstack/react-query';
import { accountKeys } from '@web/features/accounts/api';
import { postsQuery } from '@web/features/community/api';
import { readForumFilters } from '@web/features/community/filters';
import { gameQuery, gamesQuery } from '@web/features/games/api';
import { listingPagesQuery, listingQuery, listingsQuery } from '@web/features/listings/api';
import { readFilters, readKind, toSearchQuery } from '@web/features/listings/browse/filters';
import { tradeKeys } from '@web/features/trades/keys';
import { matchPath } from 'react-router';
import { api } from './lib/api';

/**
 * The first data of each page, asked for as soon as its route matches: on the first load before the page's code
 * has arrived, on a click while the page's chunk downloads. Same query options (keys and fetchers) as the pages,
 * so the page finds the answer in the cache, or the request already under way. Answers the server put in the
 * HTML (lib/first-data.ts) are used instead of the network.
 */
const firstData: {
  path: string;
  /** A promise when the first render should wait for it (up to app.tsx's moment), as for the games. */
  // biome-ignore lint/suspicious/noConfusingVoidType: most prefetches only start their queries and return nothing.
  prefetch: (client: QueryClient, params: Params, search: URLSearchParams) => void | Promise<unknown>;
}[] = [
  {
    path: paths.home,
    prefetch: (client) => {
      void client.prefetchQuery(listingsQuery({ sort: 'recent', pageSize: FEATURED_COUNT }));
    },
  },
  {
    path: paths.marketplace,
    prefetch: (client, _params, search) => {
      const filters = readFilters(search);
      void client.prefetchQuery(listingsQuery({ ...toSearchQuery(filters), page: filters.page }));
    },
  },
  {
    path: routePatterns.category,
    prefetch: (client, params, search) => {
      const kind = readKind(search);
      // The page asks for the listings under the game's own slug ('freefire' is an alias of 'free-fire').
      void client
        .ensureQueryData(gameQuery(params.gameSlug ?? ''))
        .then((game) =>
          client.prefetchQuery(
            listingsQuery({ game: game.slug, kind: kind ?? undefined, sort: 'recent', pageSize: PAGE_SIZE }),
          ),
        )
        .catch(() => {}); // the page shows its own 'not found' or error
      void client.prefetchQuery(gamesQuery());
    },
  },
  {
    path: routePatterns.listing,
    prefetch: (client, params) => {
      const id = params.id && /^\d{1,9}$/.test(params.id) ? Number(params.id) : 0;
      if (id > 0) void client.prefetchQuery(listingQuery(id));
    },
  },
  {
    // Who is signed in (the page waits for it; the same key and request as useMe), and the picker's products
    // (the same query as ProductPicker's first page).
    path: paths.intermediation,
    prefetch: (client) => {
      void client.prefetchInfiniteQuery(listingPagesQuery({ sort: 'recent', pageSize: MAX_PAGE_SIZE }, 1));
      return Promise.all([
        client.prefetchQuery({
          queryKey: accountKeys.me,
          queryFn: ({ signal }) => api<MeResponse>('/api/accounts/me', { signal }).then((body) => body.user),
          staleTime: 60_000,
        }),
        // The member's own trades lead the page: had they arrived after its first render, the picker below them
        // would have moved down (the same key and request as useTradeList('mine'); a guest's 401 is left alone).
        client.prefetchQuery({
          queryKey: tradeKeys.list('mine'),
          queryFn: ({ signal }) => api('/api/trades?scope=mine', { signal }),
        }),
      ]);
    },
  },
  {
    // The plain forum's first page is in the HTML (drawn and as first data): the first render waits for it, so
    // the app's list replaces the HTML's posts instead of a skeleton.
    path: paths.community,
    prefetch: (client, _params, search) => client.prefetchQuery(postsQuery(readForumFilters(search))),
  },
  {
    path: routePatterns.trade,
    prefetch: (client, params) => {
      const id = params.id && /^\d{1,9}$/.test(params.id) ? Number(params.id) : 0;
      // Imported on demand: the trades module brings the shared schemas (zod), kept out of the entry.
      if (id > 0)
        void import('@web/features/trades/api').then(({ tradeQuery }) =>
          client.prefetchQuery(tradeQuery(id)),
        );
    },
  },
  // Saved searches that alert (issue 38 part 3): the member's alerts (a guest's 401 is left to the page).
  {
    path: paths.alerts,
    prefetch: (client) => {
      void import('@web/features/saved-searches/api').then(({ savedSearchesQuery }) =>
        client.prefetchQuery(savedSearchesQuery()),
      );
    },
  },
];

type Params = Record<string, string | undefined>;

/**
 * Starts the first queries of the page at this address (nothing for pages without any). Settles when they have
 * (prefetches never fail: the page shows its own errors).
 */
export async function prefetchRoute(client: QueryClient, pathname: string, search: string): Promise<void> {
  for (const route of firstData) {
    const match = matchPath(route.path, pathname);
    if (match) {
      await Promise.all([
        route.prefetch(client, match.params, new URLSearchParams(search)),
        client.prefetchQuery(gamesQuery()), // the sidebar lists the games on every page
      ]);
      return;
    }
  }
}
