import { sellerTitle } from '@shared/page-meta';
import { paths } from '@shared/paths';
import { UserAvatar } from '@web/components/ui/avatar';
import { Button, ButtonLink } from '@web/components/ui/button';
import { LoadError } from '@web/components/ui/load-error';
import { Skeleton } from '@web/components/ui/skeleton';
import { ListingGrid } from '@web/features/listings/browse/ListingGrid';
import {
  useMemberActivity,
  useSellerPage,
  useUserListings,
  useUserReviews,
} from '@web/features/reputation/api';
import { MemberActivityList } from '@web/features/reputation/MemberActivityList';
import { ReviewList } from '@web/features/reputation/ReviewList';
import { formatRating, SealBadges } from '@web/features/reputation/SealBadges';
import { SellerFigures } from '@web/features/reputation/SellerFigures';
import { isApiError } from '@web/lib/api';
import { formatMonthYear } from '@web/lib/format';
import { Lock, UserX } from 'lucide-react';
import { useState } from 'react';
import { useParams } from 'react-router';

/**
 * '/u/:username': a member's public page — seals, level, real figures, active listings, reviews and, when the
 * member shows it (or to the member), their recent forum activity.
 */
export default function SellerPage() {
  const username = useParams().username ?? '';
  const seller = useSellerPage(username);

  if (isApiError(seller.error) && seller.error.status === 404) {
    return (
      <div className="mx-auto flex max-w-xl flex-col items-center gap-3 px-4 py-20 text-center">
        <title>Usuário não encontrado | Mercado Gamer</title>
        <UserX aria-hidden className="size-10 text-subtle" />
        <h1 className="font-display text-xl font-bold text-fg">Usuário não encontrado</h1>
        <ButtonLink to={paths.marketplace} variant="secondary">
          Ver o marketplace
        </ButtonLink>
      </div>
    );
  }
  if (seller.isError) {
    return (
      <div className="mx-auto max-w-xl px-4 py-12">
        <title>Vendedor | Mercado Gamer</title>
        <LoadError
          title="Não foi possível carregar o perfil"
          message={isApiError(seller.error) ? seller.error.message : 'Tente novamente.'}
          onRetry={() => seller.refetch()}
          retrying={seller.isFetching}
        />
      </div>
    );
  }
  if (!seller.data) {
    return (
      <div
        role="status"
        aria-label="Carregando perfil"
        className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-10"
      >
        <title>Vendedor | Mercado Gamer</title>
        <Skeleton className="h-40 rounded-2xl" />
        <Skeleton className="h-72 rounded-2xl" />
      </div>
    );
  }

  const page = seller.data;
  const since = page.stats ? formatMonthYear(page.stats.memberSince) : '';
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-6 sm:px-6 lg:px-8 lg:py-10">
      <title>{sellerTitle(page.username)}</title>
      <section
        aria-labelledby="perfil-titulo"
        className="flex flex-col gap-5 rounded-2xl border border-line bg-surface p-5 sm:flex-row sm:items-start sm:p-6"
      >
        <UserAvatar name={page.username} src={page.avatarUrl} size="xl" />
        <div className="min-w-0 flex-1">
          <h1 id="perfil-titulo" className="font-display text-2xl font-bold break-words text-fg">
            {page.username}
          </h1>
          <SealBadges badge={{ seals: page.seals, level: page.level?.level }} linked className="mt-2" />
          {since && <p className="mt-2 text-sm text-muted">Membro desde {since}</p>}
          {page.bio && <p className="mt-3 max-w-2xl text-sm whitespace-pre-line text-muted">{page.bio}</p>}
          {!page.isPublic && (
            <p className="mt-3 flex items-center gap-2 text-sm text-muted">
              <Lock aria-hidden className="size-4" />
              Este perfil é privado: só o nome, os selos e os anúncios são públicos.
            </p>
          )}
        </div>
        {page.level && (
          <div className="w-full rounded-xl border border-line bg-surface-2 p-4 sm:w-64">
            <p className="text-sm font-semibold text-fg">Nível {page.level.level}</p>
            <progress
              className="mt-2 h-2 w-full overflow-hidden rounded-full [&::-webkit-progress-bar]:bg-surface-3 [&::-webkit-progress-value]:bg-accent"
              value={page.level.xpInLevel}
              max={page.level.xpForLevel}
              aria-label={`Progresso do nível ${page.level.level}`}
            />
            <p className="mt-1 text-xs text-muted">
              {page.level.xpInLevel} de {page.level.xpForLevel} XP · faltam {page.level.xpToNext} para o nível{' '}
              {page.level.level + 1}
            </p>
          </div>
        )}
      </section>

      {page.stats && (
        <section
          aria-labelledby="numeros-titulo"
          className="rounded-2xl border border-line bg-surface p-5 lg:p-6"
        >
          <h2 id="numeros-titulo" className="font-display text-lg font-bold text-fg">
            Números do vendedor
          </h2>
          <SellerFigures stats={page.stats} className="mt-4 sm:grid-cols-3 lg:grid-cols-5" />
          {page.buyerReviewCount > 0 && page.buyerRating !== null && (
            <p className="mt-3 text-sm text-muted">
              Como comprador: ★ {formatRating(page.buyerRating)} ({page.buyerReviewCount}{' '}
              {page.buyerReviewCount === 1 ? 'avaliação' : 'avaliações'} de vendedores)
            </p>
          )}
        </section>
      )}

      <SellerListings username={page.username} />
      {page.isPublic && <SellerReviews username={page.username} />}
      <SellerActivity username={page.username} />
    </div>
  );
}

function SellerListings({ username }: { username: string }) {
  const listings = useUserListings(username);
  return (
    <section aria-labelledby="anuncios-titulo" className="flex flex-col gap-4">
      <h2 id="anuncios-titulo" className="font-display text-lg font-bold text-fg">
        Anúncios ativos{listings.data ? ` (${listings.data.total})` : ''}
      </h2>
      {listings.data ? (
        listings.data.items.length > 0 ? (
          <ListingGrid listings={listings.data.items} label={`Anúncios de ${username}`} />
        ) : (
          <p className="rounded-xl border border-dashed border-line p-4 text-sm text-muted">
            Nenhum anúncio ativo no momento.
          </p>
        )
      ) : listings.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-muted">
          Não foi possível carregar os anúncios.
          <Button variant="outline" size="sm" onClick={() => listings.refetch()}>
            Tentar Novamente
          </Button>
        </div>
      ) : (
        <Skeleton className="h-48 rounded-2xl" />
      )}
    </section>
  );
}

function SellerReviews({ username }: { username: string }) {
  const [page, setPage] = useState(1);
  const reviews = useUserReviews(username, 'seller', page);
  return (
    <section
      aria-labelledby="avaliacoes-titulo"
      className="rounded-2xl border border-line bg-surface p-5 lg:p-6"
    >
      <h2 id="avaliacoes-titulo" className="font-display text-lg font-bold text-fg">
        Avaliações recebidas{reviews.data ? ` (${reviews.data.total})` : ''}
      </h2>
      <div className="mt-4">
        <ReviewList
          query={reviews}
          page={page}
          onPage={setPage}
          showListing
          empty="Nenhuma avaliação ainda: as avaliações vêm de negociações concluídas."
        />
      </div>
    </section>
  );
}

/** Not on the page at all when the server keeps the member's activity from this viewer. */
function SellerActivity({ username }: { username: string }) {
  const activity = useMemberActivity(username);
  if (activity.isError) {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-muted">
        Não foi possível carregar a atividade recente.
        <Button variant="outline" size="sm" onClick={() => activity.refetch()}>
          Tentar Novamente
        </Button>
      </div>
    );
  }
  if (!activity.data?.shown) return null;
  return (
    <section
      aria-labelledby="atividade-titulo"
      className="rounded-2xl border border-line bg-surface p-5 lg:p-6"
    >
      <h2 id="atividade-titulo" className="font-display text-lg font-bold text-fg">
        Atividade recente
      </h2>
      <MemberActivityList activity={activity.data} />
    </section>
  );
}
