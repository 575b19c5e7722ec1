import type { ListingDetail } from '@shared/listings';
import { paths } from '@shared/paths';
import { UserAvatar } from '@web/components/ui/avatar';
import { formatRating, SealBadges } from '@web/features/reputation/SealBadges';
import { reviewCountLabel, SellerFigures } from '@web/features/reputation/SellerFigures';
import { formatMonthYear } from '@web/lib/format';
import { CalendarDays, Package, Star } from 'lucide-react';
import { Link } from 'react-router';

/** Who sells: every figure computed by the server from real trades and reviews ('Novo vendedor' without any). */
export function SellerCard({ seller }: { seller: ListingDetail['seller'] }) {
  const since = formatMonthYear(seller.memberSince);
  return (
    <section aria-labelledby="vendedor-titulo" className="rounded-2xl border border-line bg-surface p-5">
      <h2 id="vendedor-titulo" className="text-xs font-semibold tracking-wider text-subtle uppercase">
        Vendedor
      </h2>
      <div className="mt-3 flex items-center gap-3">
        <UserAvatar name={seller.username} src={seller.avatarUrl} size="xl" />
        <div className="min-w-0">
          <Link
            to={paths.user(seller.username)}
            className="block truncate text-base font-semibold text-fg hover:underline focus-visible:outline-2 focus-visible:outline-accent"
          >
            {seller.username}
          </Link>
          {seller.badge && <SealBadges badge={seller.badge} linked className="mt-1" />}
        </div>
      </div>
      {seller.stats && (
        <>
          <p className="mt-4 flex items-center gap-2 rounded-xl border border-line bg-surface-2 px-3 py-2.5 text-sm text-muted">
            <Star aria-hidden className="size-4 shrink-0 fill-warning text-warning" />
            <span>
              Avaliação do vendedor:{' '}
              {seller.stats.rating === null ? (
                <strong className="font-semibold text-fg">Novo vendedor</strong>
              ) : (
                <>
                  <strong className="font-semibold text-fg">{formatRating(seller.stats.rating)}</strong> –{' '}
                  {reviewCountLabel(seller.stats.reviewCount)}
                </>
              )}
            </span>
          </p>
          <SellerFigures stats={seller.stats} withoutRating className="mt-2" />
        </>
      )}
      <ul className="mt-4 flex flex-col gap-2 text-sm text-muted">
        {since && (
          <li className="flex items-center gap-2">
            <CalendarDays aria-hidden className="size-4 text-accent" />
            Membro desde {since}
          </li>
        )}
        <li className="flex items-center gap-2">
          <Package aria-hidden className="size-4 text-accent" />
          {seller.activeListings === 1 ? '1 anúncio ativo' : `${seller.activeListings} anúncios ativos`}
        </li>
      </ul>
      <Link
        to={paths.user(seller.username)}
        className="mt-4 inline-block text-sm font-semibold text-accent hover:underline"
      >
        Ver perfil do vendedor
      </Link>
    </section>
  );
}
