import { categoryTabs } from '@shared/listing-kinds';
import type { ListingKind, ListingSearchQuery, SortOrder } from '@shared/listings';
import { MAX_PRICE_CENTS } from '@shared/money';

/** The marketplace state, all of it in the URL so reload and back restore it. */
export interface MarketplaceFilters {
  q: string;
  kind: ListingKind | null;
  /** Game slug. */
  game: string | null;
  /** Prices in reais. */
  min: number | null;
  max: number | null;
  sort: SortOrder;
  page: number;
}

/** The URL query names (pt-BR, as users see them in the address bar). */
export const param = {
  q: 'q',
  kind: 'categoria',
  game: 'jogo',
  min: 'min',
  max: 'max',
  sort: 'ordem',
  page: 'pagina',
} as const;

export const sortOptions: { value: SortOrder; label: string }[] = [
  { value: 'relevance', label: 'Mais relevantes' },
  { value: 'recent', label: 'Mais recentes' },
  { value: 'price_asc', label: 'Menor preço' },
  { value: 'price_desc', label: 'Maior preço' },
  { value: 'rating', label: 'Melhor avaliados' },
  { value: 'popular', label: 'Mais populares' },
];

/** Relevance only means something for a text search. */
export function sortChoices(hasQuery: boolean) {
  return hasQuery ? sortOptions : sortOptions.filter((option) => option.value !== 'relevance');
}

export function readKind(params: URLSearchParams): ListingKind | null {
  const value = params.get(param.kind);
  const tab = categoryTabs.find((t) => t.value === value);
  return tab && tab.value !== 'all' ? tab.value : null;
}

function readPrice(value: string | null): number | null {
  if (value === null || value.trim() === '') return null;
  const price = Number(value);
  return Number.isFinite(price) && price >= 0 ? price : null;
}

export function readFilters(params: URLSearchParams): MarketplaceFilters {
  const q = params.get(param.q)?.trim() ?? '';
  const sortParam = params.get(param.sort);
  const choices = sortChoices(q !== '');
  const sort = choices.find((option) => option.value === sortParam)?.value ?? (q ? 'relevance' : 'recent');
  const page = Number(params.get(param.page));
  return {
    q,
    kind: readKind(params),
    game: params.get(param.game)?.trim() || null,
    min: readPrice(params.get(param.min)),
    max: readPrice(params.get(param.max)),
    sort,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** A filter typed in reais as the API's cents, within what a listing may cost. */
function toCents(reais: number | null): number | undefined {
  return reais === null ? undefined : Math.min(Math.round(reais * 100), MAX_PRICE_CENTS);
}

/** The API query for these filters (without the page). */
export function toSearchQuery(filters: MarketplaceFilters): Omit<ListingSearchQuery, 'page'> {
  return {
    q: filters.q || undefined,
    kind: filters.kind ?? undefined,
    game: filters.game ?? undefined,
    minPriceCents: toCents(filters.min),
    maxPriceCents: toCents(filters.max),
    sort: filters.sort,
  };
}

/**
 * The query string after changing some params (null removes one). Any change but the page's own goes
 * back to page 1.
 */
export function withParams(
  current: URLSearchParams,
  changes: Partial<Record<keyof typeof param, string | null>>,
) {
  const next = new URLSearchParams(current);
  if (!('page' in changes)) next.delete(param.page);
  for (const [key, value] of Object.entries(changes)) {
    const name = param[key as keyof typeof param];
    if (value === null || value === '') next.delete(name);
    else next.set(name, value);
  }
  return next;
}

/** 19.9 → '19,90', 20 → '20' (how a price filter shows in its input). */
export function priceInputText(reais: number | null): string {
  if (reais === null) return '';
  return Number.isInteger(reais) ? String(reais) : reais.toFixed(2).replace('.', ',');
}
