import type { ListingDetail } from '@shared/listings';
import { UserAvatar } from '@web/components/ui/avatar';
import { formatMonthYear } from '@web/lib/format';
import { CalendarDays, Package } from 'lucide-react';

/** Who sells: figures computed by the server (no ratings until reviews exist). */
export function SellerCard({ seller }: { seller: ListingDetail['seller'] }) {
  const since = formatMonthYear(seller.memberSince);
  return (
    <section aria-labelledby="vendedor-titulo" className="rounded-2xl border border-line bg-surface p-5">
      <h2 id="vendedor-titulo" className="text-xs font-semibold tracking-wider text-subtle uppercase">
        Vendedor
      </h2>
      <div className="mt-3 flex items-center gap-3">
        <UserAvatar name={seller.username} src={seller.avatarUrl} size="xl" />
        <p className="min-w-0 truncate text-base font-semibold text-fg">{seller.username}</p>
      </div>
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
    </section>
  );
}
