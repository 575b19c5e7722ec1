import { listingMessages } from '@shared/listing-messages';
import { pageMeta } from '@shared/page-meta';
import { paths } from '@shared/paths';
import { resultCount } from '@shared/result-count';
import { Button, ButtonLink } from '@web/components/ui/button';
import { LoadError } from '@web/components/ui/load-error';
import { Pagination } from '@web/components/ui/pagination';
import { SearchField } from '@web/components/ui/search-field';
import { useErrorToast } from '@web/components/useErrorToast';
import { useListingResults } from '@web/features/listings/api';
import { CategoryTabs } from '@web/features/listings/browse/CategoryTabs';
import { EmptyResults } from '@web/features/listings/browse/EmptyResults';
import { FiltersPanel } from '@web/features/listings/browse/FiltersPanel';
import { readFilters, toSearchQuery, withParams } from '@web/features/listings/browse/filters';
import { ListingGrid, ListingGridSkeleton } from '@web/features/listings/browse/ListingGrid';
import { SearchSuggestions } from '@web/features/listings/browse/SearchSuggestions';
import { SortSelect } from '@web/features/listings/browse/SortSelect';
import { ViewControls } from '@web/features/listings/browse/ViewControls';
import { useViewPreference } from '@web/features/listings/browse/view-preference';
import { SaveSearchButton } from '@web/features/saved-searches/SaveSearchButton';
import { savedFiltersOf } from '@web/features/saved-searches/search-link';
import { cn } from '@web/lib/cn';
import { SlidersHorizontal, Sparkles, X } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';

/** '/marketplace': search, kind tabs, filters, sort and page numbers, all kept in the URL (a page can be shared). */
export default function MarketplacePage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const filters = readFilters(params);
  const results = useListingResults({ ...toSearchQuery(filters), page: filters.page });
  const view = useViewPreference();
  const [filtersOpen, setFiltersOpen] = useState(false);
  useErrorToast(results.error);

  const update = (changes: Parameters<typeof withParams>[1]) => setParams(withParams(params, changes));
  const hrefFor = (page: number) => `?${withParams(params, { page: page > 1 ? String(page) : null })}`;

  const first = results.data;
  const listings = first?.items ?? [];
  const totalPages = first ? Math.ceil(first.total / first.pageSize) : 0;
  const activeFilters = [filters.game, filters.min, filters.max].filter((value) => value !== null).length;
  const searching = Boolean(filters.q || filters.kind || activeFilters);

  // A new search keeps the kind, game and prices; the order goes back to the default (relevance).
  const onSearch = (text: string) => {
    if (text) navigate(`${paths.marketplace}?${withParams(params, { q: text, sort: null })}`);
  };

  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-5 px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
      <title>
        {filters.q ? `${filters.q} | Marketplace | Mercado Gamer` : pageMeta['/marketplace'].title}
      </title>

      <header className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <div className="min-w-0">
          <h1 className="font-display text-2xl font-bold tracking-wide break-words text-fg sm:text-3xl">
            {filters.q ? `Resultados para “${filters.q}”` : 'Marketplace'}
          </h1>
          <p aria-live="polite" className="mt-1.5 min-h-5 text-sm text-muted">
            {first && resultCount(first.total, first.totalCapped)}
          </p>
        </div>
        <SearchField
          value={filters.q}
          label="Buscar no marketplace"
          inputLabel="Buscar no marketplace"
          placeholder="Buscar itens, contas, skins..."
          submitLabel="Buscar"
          onSearch={onSearch}
          className="hidden lg:block lg:max-w-md"
        />
      </header>

      {first?.correctedQuery && first.total > 0 && (
        <p className="flex items-center gap-2 rounded-lg border border-accent/30 bg-accent-soft px-3.5 py-2.5 text-sm text-fg">
          <Sparkles aria-hidden className="size-4 shrink-0 text-accent" />
          <span>
            Mostrando resultados para <strong className="font-semibold">“{first.correctedQuery}”</strong>
          </span>
        </p>
      )}

      <CategoryTabs />

      <div className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <Button
            variant="secondary"
            className="lg:hidden"
            aria-expanded={filtersOpen}
            aria-controls="filtros"
            onClick={() => setFiltersOpen((open) => !open)}
          >
            <SlidersHorizontal aria-hidden />
            Filtros
            {activeFilters > 0 && (
              <span className="rounded-full bg-accent px-1.5 text-xs font-bold text-accent-fg">
                {activeFilters}
              </span>
            )}
          </Button>
          {searching && (
            <Link
              to={paths.marketplace}
              className="hidden items-center gap-1 text-sm text-muted hover:text-fg sm:inline-flex lg:order-first"
            >
              <X aria-hidden className="size-4" />
              Limpar filtros
            </Link>
          )}
          <div className="flex min-w-0 flex-1 items-center justify-end gap-2">
            {/* Saved searches that alert (issue 38 part 3): these filters, saved with a name. */}
            <SaveSearchButton filters={savedFiltersOf(filters)} />
            <SortSelect
              value={filters.sort}
              hasQuery={filters.q !== ''}
              onChange={(sort) => update({ sort })}
            />
            <ViewControls
              layout={view.layout}
              columns={view.columns}
              onLayout={view.setLayout}
              onColumns={view.setColumns}
            />
          </div>
        </div>
        <div
          id="filtros"
          className={cn(
            'rounded-xl border border-line bg-surface p-4 lg:block',
            filtersOpen ? 'block' : 'hidden',
          )}
        >
          <FiltersPanel
            filters={filters}
            onGame={(game) => update({ game })}
            onPrices={(min, max) =>
              update({ min: min === null ? null : String(min), max: max === null ? null : String(max) })
            }
          />
        </div>
      </div>

      <section aria-label="Produtos" aria-busy={results.isFetching} className="flex flex-col gap-6">
        {results.isPending ? (
          <ListingGridSkeleton count={8} layout={view.layout} columns={view.columns} />
        ) : results.isError ? (
          <LoadError
            title={listingMessages.productsFailed}
            message={results.error.message}
            onRetry={() => results.refetch()}
            retrying={results.isRefetching}
          />
        ) : listings.length === 0 ? (
          first && first.total > 0 ? (
            <EmptyResults title="Esta página está vazia" message="Os resultados terminam antes dela.">
              <ButtonLink to={hrefFor(1)} variant="outline">
                Ir para a primeira página
              </ButtonLink>
            </EmptyResults>
          ) : filters.q ? (
            <EmptyResults
              title={`Nenhum resultado para “${filters.q}”`}
              message="Confira a grafia ou busque com outras palavras."
            >
              <SearchSuggestions similar={first?.suggestions ?? []} />
              <ButtonLink to={paths.marketplace} variant="outline">
                Ver todos os produtos
              </ButtonLink>
            </EmptyResults>
          ) : searching ? (
            <EmptyResults message="Nenhum produto com esses filtros.">
              <ButtonLink to={paths.marketplace} variant="outline">
                Ver todos os produtos
              </ButtonLink>
            </EmptyResults>
          ) : (
            <EmptyResults />
          )
        ) : (
          <>
            <ListingGrid
              listings={listings}
              layout={view.layout}
              columns={view.columns}
              label="Produtos"
              className={cn('transition-opacity', results.isPlaceholderData && 'opacity-60')}
            />
            {first && (
              <Pagination
                firstPage={first.page}
                lastPage={first.page}
                totalPages={totalPages}
                hrefFor={hrefFor}
              />
            )}
          </>
        )}
      </section>
    </div>
  );
}
