import type { GameRef } from '@shared/games';
import { listingMessages } from '@shared/listing-messages';
import { PAGE_SIZE } from '@shared/listings';
import { paths, withQuery } from '@shared/paths';
import { ButtonLink } from '@web/components/ui/button';
import { LoadError } from '@web/components/ui/load-error';
import { Skeleton } from '@web/components/ui/skeleton';
import { useErrorToast } from '@web/components/useErrorToast';
import { useGame, useGames } from '@web/features/games/api';
import { gameIcon } from '@web/features/games/icons';
import { useListings } from '@web/features/listings/api';
import { CategoryTabs } from '@web/features/listings/browse/CategoryTabs';
import { categoryCopy } from '@web/features/listings/browse/category-copy';
import { readKind } from '@web/features/listings/browse/filters';
import { IntermediationBadge } from '@web/features/listings/browse/IntermediationBadge';
import { ListingGrid, ListingGridSkeleton } from '@web/features/listings/browse/ListingGrid';
import { SeeAllLink } from '@web/features/listings/browse/SeeAllLink';
import { isApiError } from '@web/lib/api';
import { formatCount } from '@web/lib/format';
import { ChevronRight, Plus, SearchX } from 'lucide-react';
import { Link, useParams, useSearchParams } from 'react-router';

/** '/categoria/{gameSlug}': a game's banner and its newest listings, padded with 'Em breve' cards. */
export default function CategoryPage() {
  const { gameSlug = '' } = useParams();
  const game = useGame(gameSlug);

  if (game.isPending) return <CategorySkeleton />;
  if (game.isError) {
    if (isApiError(game.error) && game.error.status === 404) return <CategoryNotFound slug={gameSlug} />;
    return (
      <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 lg:px-8">
        <LoadError
          title={listingMessages.productsFailed}
          message={game.error.message}
          onRetry={() => game.refetch()}
          retrying={game.isRefetching}
        />
      </div>
    );
  }
  return <Category game={game.data} />;
}

function Category({ game }: { game: GameRef }) {
  const [params] = useSearchParams();
  const kind = readKind(params);
  const listings = useListings({
    game: game.slug,
    kind: kind ?? undefined,
    sort: 'recent',
    pageSize: PAGE_SIZE,
  });
  const games = useGames();
  useErrorToast(listings.error);

  const copy = categoryCopy(game.slug, game.name);
  const Icon = gameIcon(Math.max(0, games.data?.findIndex((g) => g.id === game.id) ?? 0));
  const total = listings.data?.total ?? 0;
  const seeAll = withQuery(paths.marketplace, { jogo: game.slug, categoria: kind });

  return (
    <div className="relative mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
      <title>{`${game.name} | Mercado Gamer`}</title>

      <section
        aria-labelledby="categoria-titulo"
        className="relative isolate overflow-hidden rounded-3xl border border-line bg-surface px-6 py-8 sm:px-10 sm:py-12"
      >
        <div
          aria-hidden
          className="bg-grid absolute inset-0 -z-10 [mask-image:linear-gradient(to_right,black,transparent_80%)]"
        />
        <div
          aria-hidden
          className="absolute -top-20 -right-16 -z-10 size-80 rounded-full bg-accent/15 blur-[90px]"
        />
        <Icon
          aria-hidden
          strokeWidth={1}
          className="absolute top-1/2 right-10 -z-10 hidden size-48 -translate-y-1/2 text-accent/25 md:block"
        />

        <nav aria-label="Trilha" className="mb-4 text-xs text-subtle">
          <ol className="flex items-center gap-1.5">
            <li className="flex items-center gap-1.5">
              <Link to={paths.marketplace} className="hover:text-fg">
                Marketplace
              </Link>
              <ChevronRight aria-hidden className="size-3.5" />
            </li>
            <li aria-current="page" className="text-muted">
              {game.name}
            </li>
          </ol>
        </nav>
        <p className="text-sm font-medium text-accent">{copy.tagline}</p>
        <h1
          id="categoria-titulo"
          className="mt-2 font-display text-3xl leading-tight font-bold tracking-wide text-fg sm:text-4xl"
        >
          {game.name}
        </h1>
        <p className="mt-3 max-w-2xl text-sm text-muted sm:text-base">{copy.text}</p>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-center">
          <ButtonLink to={paths.publish}>
            <Plus aria-hidden />
            Anunciar em {game.name}
          </ButtonLink>
          {listings.data && (
            <p className="text-sm text-muted">
              <strong className="font-semibold text-fg">{formatCount(total)}</strong>{' '}
              {total === 1 ? 'anúncio ativo' : 'anúncios ativos'}
              {kind ? ' nesta categoria' : ''}
            </p>
          )}
        </div>
      </section>

      <CategoryTabs />

      <section aria-labelledby="anuncios-titulo" className="flex flex-col gap-4">
        <div className="flex items-center justify-between gap-4">
          <h2 id="anuncios-titulo" className="font-display text-lg font-bold tracking-wide text-fg">
            Anúncios recentes
          </h2>
          {total > PAGE_SIZE && <SeeAllLink to={seeAll} />}
        </div>
        {listings.isPending ? (
          <ListingGridSkeleton count={PAGE_SIZE} />
        ) : listings.isError ? (
          <LoadError
            title={listingMessages.productsFailed}
            message={listings.error.message}
            onRetry={() => listings.refetch()}
            retrying={listings.isRefetching}
          />
        ) : (
          <ListingGrid listings={listings.data.items} fillTo={PAGE_SIZE} label={`Anúncios de ${game.name}`} />
        )}
      </section>

      <IntermediationBadge />
    </div>
  );
}

function CategoryNotFound({ slug }: { slug: string }) {
  return (
    <div className="flex flex-1 flex-col items-center justify-center px-4 py-20 text-center">
      <title>{`${listingMessages.categoryNotFound} | Mercado Gamer`}</title>
      <span className="flex size-16 items-center justify-center rounded-2xl bg-accent-soft text-accent">
        <SearchX aria-hidden className="size-8" />
      </span>
      <h1 className="mt-6 font-display text-2xl font-bold text-fg sm:text-3xl">
        {listingMessages.categoryNotFound}
      </h1>
      <p className="mt-3 max-w-md text-sm text-muted">
        Não encontramos nenhum jogo em{' '}
        <code className="rounded bg-surface-3 px-1.5 py-0.5 text-fg">{slug}</code>. Veja as categorias
        disponíveis ou explore o marketplace.
      </p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <ButtonLink to={paths.search} size="lg">
          Ver categorias
        </ButtonLink>
        <ButtonLink to={paths.marketplace} size="lg" variant="secondary">
          Voltar ao Marketplace
        </ButtonLink>
      </div>
    </div>
  );
}

function CategorySkeleton() {
  return (
    <div
      role="status"
      aria-label="Carregando"
      className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-6 sm:px-6 lg:px-8 lg:py-8"
    >
      <Skeleton className="h-64 rounded-3xl" />
      <Skeleton className="h-12 w-full max-w-lg rounded-xl" />
      <ListingGridSkeleton count={8} />
    </div>
  );
}
