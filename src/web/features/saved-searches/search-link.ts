import { paths, withQuery } from '@shared/paths';
import type { SavedSearchFilters } from '@shared/saved-searches';
import { type MarketplaceFilters, param, toSearchQuery } from '@web/features/listings/browse/filters';

const reais = (cents: number | undefined) => (cents === undefined ? undefined : String(cents / 100));

/** The marketplace with a saved search's filters, as its address bar would show them. */
export function searchLink(filters: SavedSearchFilters): string {
  return withQuery(paths.marketplace, {
    [param.q]: filters.q,
    [param.kind]: filters.kind,
    [param.game]: filters.game,
    [param.min]: reais(filters.minPriceCents),
    [param.max]: reais(filters.maxPriceCents),
    [param.sort]: filters.sort,
  });
}

/** The marketplace's filters on screen as a saved search keeps them (no page). */
export function savedFiltersOf(filters: MarketplaceFilters): SavedSearchFilters {
  const query = toSearchQuery(filters);
  return {
    q: query.q,
    game: query.game,
    kind: query.kind,
    minPriceCents: query.minPriceCents as number | undefined,
    maxPriceCents: query.maxPriceCents as number | undefined,
    sort: query.sort,
  };
}
