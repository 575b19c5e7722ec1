import { pageMeta } from '@shared/page-meta';
import { paths } from '@shared/paths';
import { searchPath } from '@shared/search';
import { SearchField } from '@web/components/ui/search-field';
import { Skeleton } from '@web/components/ui/skeleton';
import { useGames } from '@web/features/games/api';
import { gameIcon } from '@web/features/games/icons';
import { useListings } from '@web/features/listings/api';
import { ListingGrid, ListingGridSkeleton } from '@web/features/listings/browse/ListingGrid';
import { SeeAllLink } from '@web/features/listings/browse/SeeAllLink';
import { formatCount } from '@web/lib/format';
import { TrendingUp } from 'lucide-react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';

/** The popular searches of part 1 §2, with the words users type for them. */
const popularSearches = [
  { label: 'CS2', q: 'cs2' },
  { label: 'LoL', q: 'lol' },
  { label: 'Valorant', q: 'valorant' },
  { label: 'Free Fire', q: 'free fire' },
];

const RECENT_COUNT = 4;

/** '/search': a search box, popular searches, every game category and the newest listings. */
export default function SearchPage() {
  const navigate = useNavigate();
  // '/search?q=' is a search: its results are the marketplace's.
  const [params] = useSearchParams();
  const results = searchPath(params.get('q') ?? '');
  if (results) return <Navigate to={results} replace />;
  const onSearch = (text: string) => {
    const path = searchPath(text);
    if (path) navigate(path);
  };

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-10 px-4 py-6 sm:px-6 lg:px-8 lg:py-10">
      <title>{pageMeta['/search'].title}</title>

      <section aria-labelledby="pesquisar-titulo" className="flex flex-col gap-5">
        <div>
          <h1
            id="pesquisar-titulo"
            className="font-display text-2xl font-bold tracking-wide text-fg sm:text-3xl"
          >
            Pesquisar
          </h1>
          <p className="mt-1.5 text-sm text-muted">
            Encontre itens, contas, moedas e skins dos seus jogos favoritos.
          </p>
        </div>
        <SearchField
          label="O que você procura?"
          inputLabel="O que você procura?"
          placeholder="Ex.: conta Valorant, skin AK-47..."
          submitLabel="Buscar"
          onSearch={onSearch}
          look="lg"
        />
        <div className="flex flex-wrap items-center gap-2">
          <h2
            id="populares-titulo"
            className="mr-1 inline-flex items-center gap-1.5 text-xs font-semibold tracking-wider text-subtle uppercase"
          >
            <TrendingUp aria-hidden className="size-4 text-accent" />
            Buscas populares
          </h2>
          <ul aria-labelledby="populares-titulo" className="flex flex-wrap gap-2">
            {popularSearches.map((search) => (
              <li key={search.q}>
                <Link
                  to={searchPath(search.q) ?? '/marketplace'}
                  className="inline-flex rounded-full border border-line bg-surface-2 px-3.5 py-1.5 text-sm font-medium text-fg transition-colors hover:border-accent/60 hover:text-accent"
                >
                  {search.label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="categorias-titulo" className="flex flex-col gap-4">
        <h2 id="categorias-titulo" className="font-display text-lg font-bold tracking-wide text-fg">
          Categorias
        </h2>
        <GameCategories />
      </section>

      <RecentListings />
    </div>
  );
}

function GameCategories() {
  const games = useGames();

  if (games.isPending) {
    return (
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
        {Array.from({ length: 8 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders.
          <Skeleton key={index} className="h-20 rounded-xl" />
        ))}
      </div>
    );
  }
  if (games.isError) return <p className="text-sm text-danger">Erro ao carregar jogos</p>;

  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
      {games.data.map((game, index) => {
        const Icon = gameIcon(index);
        return (
          <li key={game.id}>
            <Link
              to={paths.category(game.slug)}
              className="group flex h-full items-center gap-3 rounded-xl border border-line bg-surface p-3.5 transition-[border-color,background-color] hover:border-accent/60 hover:bg-surface-2"
            >
              <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent-soft text-accent transition-shadow group-hover:shadow-glow">
                <Icon aria-hidden className="size-5" />
              </span>
              <span className="min-w-0">
                <span className="block truncate text-sm font-semibold text-fg">{game.name}</span>
                <span className="block text-xs text-subtle">
                  {game.activeListings === 0
                    ? 'Nenhum anúncio ainda'
                    : `${formatCount(game.activeListings)} ${game.activeListings === 1 ? 'anúncio' : 'anúncios'}`}
                </span>
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

function RecentListings() {
  const listings = useListings({ sort: 'recent', pageSize: RECENT_COUNT });
  if (listings.isError || listings.data?.items.length === 0) return null;

  return (
    <section aria-labelledby="recentes-titulo" className="flex flex-col gap-4">
      <div className="flex items-center justify-between gap-4">
        <h2 id="recentes-titulo" className="font-display text-lg font-bold tracking-wide text-fg">
          Anúncios recentes
        </h2>
        <SeeAllLink to={paths.marketplace} />
      </div>
      {listings.isPending ? (
        <ListingGridSkeleton count={RECENT_COUNT} />
      ) : (
        <ListingGrid listings={listings.data.items} label="Anúncios recentes" />
      )}
    </section>
  );
}
