import { pageMeta } from '@shared/page-meta';
import { paths } from '@shared/paths';
import { searchPath } from '@shared/search';
import { ButtonLink } from '@web/components/ui/button';
import { SearchField } from '@web/components/ui/search-field';
import { Skeleton } from '@web/components/ui/skeleton';
import { useMe } from '@web/features/accounts/api';
import { useGames } from '@web/features/games/api';
import { gameIcon } from '@web/features/games/icons';
import { ArrowRight, ShieldCheck, Store, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';

/** The three game categories with a quick link on the welcome page. */
const featuredSlugs = ['cs2', 'free-fire', 'valorant'] as const;

/** '/' and '/inicio' (part 1 §2 'Welcome page'). */
export default function WelcomePage() {
  const me = useMe();
  const navigate = useNavigate();
  const name = me.data?.nickname ?? 'Jogador';

  return (
    <div className="relative isolate flex flex-1 flex-col overflow-hidden">
      <title>{pageMeta['/'].title}</title>
      <div
        aria-hidden
        className="bg-grid absolute inset-0 -z-10 [mask-image:radial-gradient(ellipse_at_top,black_20%,transparent_70%)]"
      />
      <div
        aria-hidden
        className="absolute top-[-12rem] left-1/2 -z-10 size-[36rem] -translate-x-1/2 rounded-full bg-accent/10 blur-[120px]"
      />

      <section className="mx-auto flex w-full max-w-3xl flex-col items-center px-4 pt-12 pb-10 text-center sm:px-6 sm:pt-20">
        <p className="mb-5 inline-flex items-center gap-2 rounded-full border border-accent/30 bg-accent-soft px-3.5 py-1 text-xs font-medium text-accent">
          <ShieldCheck aria-hidden className="size-3.5 shrink-0" />
          <span>
            Intermediação garantida
            <span className="hidden sm:inline"> · Pagamento via PIX · Suporte 24h</span>
          </span>
        </p>
        {me.isPending ? (
          <div className="flex h-10 items-center sm:h-[3.75rem]">
            <Skeleton className="h-9 w-64 rounded-lg sm:h-12 sm:w-96" />
          </div>
        ) : (
          <h1 className="font-display text-3xl leading-10 font-bold tracking-wide text-fg sm:text-5xl sm:leading-[3.75rem]">
            Olá, <span className="text-accent text-glow">{name}</span>
          </h1>
        )}
        <p className="mt-4 max-w-xl text-base text-muted sm:text-lg">
          O marketplace gamer seguro para comprar e vender itens, contas e moedas.
        </p>
        <SearchField
          label="Pesquisa rápida"
          inputLabel="O que você procura?"
          placeholder="O que você procura? Skins, contas, moedas..."
          submitLabel="Pesquisar"
          submitIcon={ArrowRight}
          onSearch={(text) => {
            const path = searchPath(text);
            if (path) navigate(path);
          }}
          look="hero"
          className="mt-9"
        />
        <div className="mt-7 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
          <ButtonLink to={paths.marketplace} size="lg">
            <Store aria-hidden />
            Explorar Marketplace
          </ButtonLink>
          <ButtonLink to={paths.intermediation} size="lg" variant="outline">
            <ShieldCheck aria-hidden />
            Iniciar Intermediação
          </ButtonLink>
        </div>
        {me.isPending ? (
          <Skeleton className="mt-6 h-8 w-56 rounded-md" />
        ) : (
          !me.data && (
            <p className="mt-6 flex flex-wrap items-center justify-center gap-x-3 gap-y-2 text-sm text-muted">
              <span>Já faz parte?</span>
              <ButtonLink to={paths.login} variant="secondary" size="sm">
                Entrar
              </ButtonLink>
              <span>ou</span>
              <ButtonLink to={paths.register} variant="secondary" size="sm">
                Registrar
              </ButtonLink>
            </p>
          )
        )}
      </section>

      <section aria-labelledby="atalhos" className="mx-auto w-full max-w-4xl px-4 pb-16 sm:px-6">
        <h2
          id="atalhos"
          className="mb-4 text-center text-xs font-semibold uppercase tracking-[0.18em] text-subtle"
        >
          Acesso rápido
        </h2>
        <QuickLinks />
      </section>
    </div>
  );
}

const quickLinkItem = 'w-[calc(50%-0.375rem)] sm:w-44';

function QuickLinks() {
  const games = useGames();
  const featured = featuredSlugs.flatMap((slug) => {
    const index = games.data?.findIndex((game) => game.slug === slug) ?? -1;
    const game = games.data?.[index];
    return game ? [{ ...game, index }] : [];
  });

  return (
    <ul className="flex flex-wrap justify-center gap-3">
      {games.isPending
        ? featuredSlugs.map((slug) => (
            <li key={slug} className={quickLinkItem}>
              <Skeleton className="h-[5.5rem] rounded-xl" />
            </li>
          ))
        : featured.map((game) => {
            const Icon = gameIcon(game.index);
            return (
              <li key={game.id} className={quickLinkItem}>
                <QuickLink
                  to={paths.category(game.slug)}
                  label={game.name}
                  hint="Ver anúncios"
                  icon={<Icon aria-hidden className="size-5" />}
                />
              </li>
            );
          })}
      <li className={quickLinkItem}>
        <QuickLink
          to={paths.community}
          label="Comunidade"
          hint="Converse com jogadores"
          icon={<Users aria-hidden className="size-5" />}
        />
      </li>
    </ul>
  );
}

function QuickLink({ to, label, hint, icon }: { to: string; label: string; hint: string; icon: ReactNode }) {
  return (
    <Link
      to={to}
      className="group flex h-full min-h-[5.5rem] flex-col justify-between gap-3 rounded-xl border border-line bg-surface/80 p-4 transition-[border-color,background-color,transform] duration-150 hover:-translate-y-0.5 hover:border-accent/60 hover:bg-surface-2"
    >
      <span className="flex size-9 items-center justify-center rounded-lg bg-accent-soft text-accent transition-shadow group-hover:shadow-glow">
        {icon}
      </span>
      <span>
        <span className="block text-sm font-semibold text-fg">{label}</span>
        <span className="block text-xs text-subtle">{hint}</span>
      </span>
    </Link>
  );
}
