import { FEATURED_COUNT } from '@shared/listing-constants';
import { listingMessages } from '@shared/listing-messages';
import { pageMeta } from '@shared/page-meta';
import { paths } from '@shared/paths';
import { searchPath } from '@shared/search';
import { ButtonLink } from '@web/components/ui/button';
import { LoadError } from '@web/components/ui/load-error';
import { useErrorToast } from '@web/components/useErrorToast';
import { useMe } from '@web/features/accounts/api';
import { HomeBanners } from '@web/features/banners/HomeBanners';
import { GameTiles } from '@web/features/games/GameTiles';
import { useListings } from '@web/features/listings/api';
import { ListingGrid, ListingGridSkeleton } from '@web/features/listings/browse/ListingGrid';
import { SeeAllLink } from '@web/features/listings/browse/SeeAllLink';
import { Headphones, type LucideIcon, QrCode, ShieldCheck, ShoppingBag } from 'lucide-react';
import { Navigate, useSearchParams } from 'react-router';

/**
 * '/home': a compact hero, the games with their listing counts and the newest listings ('Produtos em Destaque'):
 * on a phone, products show on the first screen, as in a busy store.
 */
export default function HomePage() {
  const me = useMe();
  const [params] = useSearchParams();
  // A search here (an old link to /home?q=) is the marketplace's: its results, not the home page.
  const marketplaceSearch = searchPath(params.get('q') ?? '');
  if (marketplaceSearch) return <Navigate to={marketplaceSearch} replace />;

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-4 px-4 py-4 sm:gap-8 sm:px-6 sm:py-6 lg:px-8 lg:py-8">
      <title>{pageMeta['/home'].title}</title>
      <HomeBanners />

      <section
        aria-labelledby="home-titulo"
        className="relative isolate overflow-hidden rounded-2xl border border-line bg-surface px-5 py-4 sm:px-8 sm:py-8 lg:rounded-3xl lg:px-12 lg:py-10"
      >
        <div
          aria-hidden
          className="bg-grid absolute inset-0 -z-10 [mask-image:linear-gradient(to_right,black,transparent_75%)]"
        />
        <div
          aria-hidden
          className="absolute -top-24 -right-24 -z-10 size-96 rounded-full bg-accent/15 blur-[100px]"
        />
        <div aria-hidden className="absolute right-10 bottom-0 -z-10 hidden h-full w-56 lg:block">
          <HeroArt />
        </div>

        <p className="hidden text-sm font-medium text-accent sm:block">
          {me.data ? `Bem-vindo de volta, ${me.data.nickname}!` : 'Bem-vindo ao Mercado Gamer'}
        </p>
        <h1
          id="home-titulo"
          className="max-w-2xl font-display text-2xl leading-tight font-bold tracking-wide text-fg sm:mt-2 sm:text-3xl lg:text-4xl"
        >
          Itens, contas e skins com <span className="text-accent text-glow">segurança</span>
        </h1>
        <p className="mt-2 hidden max-w-xl text-base text-muted sm:block">
          Compre e venda no marketplace gamer com intermediação garantida, pagamento via PIX e suporte 24h.
        </p>
        <div className="mt-3 flex flex-col gap-2 sm:mt-6 sm:flex-row sm:gap-3">
          <ButtonLink to={paths.marketplace}>
            <ShoppingBag aria-hidden />
            Compre Agora
          </ButtonLink>
          <ButtonLink to={paths.intermediation} variant="secondary">
            <ShieldCheck aria-hidden />
            Intermediação Segura
          </ButtonLink>
        </div>
      </section>

      <section aria-labelledby="jogos-titulo" className="flex flex-col gap-2.5 sm:gap-3">
        <h2 id="jogos-titulo" className="font-display text-lg font-bold tracking-wide text-fg sm:text-2xl">
          Jogos
        </h2>
        <GameTiles labelledBy="jogos-titulo" />
      </section>

      <FeaturedListings />

      <ul aria-label="Por que negociar aqui" className="grid gap-4 sm:grid-cols-3">
        <Feature
          icon={ShieldCheck}
          title="Intermediação garantida"
          text="Nossa equipe acompanha a negociação do começo ao fim."
        />
        <Feature icon={QrCode} title="Pagamento via PIX" text="Pague na hora, sem boletos e sem espera." />
        <Feature icon={Headphones} title="Suporte 24h" text="Fale com a gente a qualquer hora do dia." />
      </ul>
    </div>
  );
}

/** The newest active listings, padded with 'Em breve' cards up to 12 (part 1 §2, §7). */
function FeaturedListings() {
  const listings = useListings({ sort: 'recent', pageSize: FEATURED_COUNT });
  useErrorToast(listings.error);

  return (
    <section aria-labelledby="destaques-titulo" className="flex flex-col gap-2.5 sm:gap-4">
      <div className="flex items-center justify-between gap-4">
        <h2
          id="destaques-titulo"
          className="font-display text-lg font-bold tracking-wide text-fg sm:text-2xl"
        >
          Produtos em Destaque
        </h2>
        <SeeAllLink to={paths.marketplace} />
      </div>
      {listings.isPending ? (
        <ListingGridSkeleton count={8} />
      ) : listings.isError ? (
        <LoadError
          title={listingMessages.productsFailed}
          message={listings.error.message}
          onRetry={() => listings.refetch()}
          retrying={listings.isRefetching}
        />
      ) : (
        <ListingGrid listings={listings.data.items} fillTo={FEATURED_COUNT} label="Produtos em Destaque" />
      )}
    </section>
  );
}

function Feature({ icon: Icon, title, text }: { icon: LucideIcon; title: string; text: string }) {
  return (
    <li className="flex gap-4 rounded-2xl border border-line bg-surface p-5 transition-colors hover:border-line-strong">
      <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-accent-soft text-accent">
        <Icon aria-hidden className="size-5" />
      </span>
      <div>
        <h2 className="font-semibold text-fg">{title}</h2>
        <p className="mt-1 text-sm text-muted">{text}</p>
      </div>
    </li>
  );
}

/** A decorative stack of hexagons for the hero. */
function HeroArt() {
  return (
    <svg viewBox="0 0 280 320" aria-hidden className="h-full w-full" fill="none">
      <g strokeWidth="1.5" className="stroke-accent">
        <path d="M140 40 220 86v92l-80 46-80-46V86l80-46Z" opacity="0.55" />
        <path d="M140 80 186 106.5v53L140 186l-46-26.5v-53L140 80Z" className="fill-accent/10" />
        <path d="M230 200 262 218.5v37L230 274l-32-18.5v-37L230 200Z" opacity="0.35" />
        <path d="M50 210 74 224v28l-24 14-24-14v-28l24-14Z" opacity="0.35" />
      </g>
      <path d="M130 116v40l32-20-32-20Z" className="fill-accent" />
    </svg>
  );
}
