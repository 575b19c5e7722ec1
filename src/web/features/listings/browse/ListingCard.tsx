import { kindLabel } from '@shared/listing-kinds';
import type { ListingCard as Listing } from '@shared/listings';
import { formatPrice } from '@shared/money';
import { paths } from '@shared/paths';
import { relativeTime } from '@shared/relative-time';
import { FavoriteButton } from '@web/features/favorites/FavoriteButton';
import { RatingLine, SealPill } from '@web/features/reputation/SealBadges';
import { cn } from '@web/lib/cn';
import { UserRound } from 'lucide-react';
import { Link } from 'react-router';
import { ListingPhoto } from './ListingPhoto';

export type CardLayout = 'grid' | 'list';

interface ListingCardProps {
  listing: Listing;
  layout?: CardLayout;
  /** The `sizes` of the photo in this grid. */
  sizes: string;
  /** In the first row: the photo loads at once. */
  priority?: boolean;
}

/**
 * A listing in a grid or list. The title link stretches over the whole card, so the card opens the listing
 * while the heart stays a separate button (a button inside a link is not allowed).
 */
export function ListingCard({ listing, layout = 'grid', sizes, priority }: ListingCardProps) {
  const list = layout === 'list';
  return (
    <article
      className={cn(
        'group relative flex h-full overflow-hidden rounded-xl border border-line bg-surface transition-[border-color,transform,box-shadow] duration-150',
        'hover:-translate-y-0.5 hover:border-accent/50 hover:shadow-[0_8px_30px_-12px_rgb(61_255_154/0.35)]',
        'has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-accent',
        list ? 'flex-row' : 'flex-col',
      )}
    >
      <div className={cn('relative shrink-0', list ? 'w-32 sm:w-52' : 'w-full')}>
        <ListingPhoto
          image={listing.image}
          sizes={sizes}
          priority={priority}
          className={list ? 'h-full min-h-28 sm:min-h-36' : 'aspect-[4/3]'}
        />
        <span className="absolute top-2 left-2 rounded-md bg-bg/75 px-2 py-0.5 text-[0.68rem] font-semibold tracking-wide text-accent uppercase backdrop-blur-sm">
          {kindLabel(listing.kind)}
        </span>
      </div>
      <FavoriteButton listingId={listing.id} className="absolute top-2 right-2 z-10" />

      <div className={cn('flex min-w-0 flex-1 flex-col gap-1 p-3 sm:p-4', list && 'pr-14')}>
        <p className="truncate text-xs font-medium text-accent">{listing.game.name}</p>
        <h3 className="line-clamp-2 text-sm leading-snug font-semibold text-fg sm:text-[0.95rem]">
          <Link
            to={paths.listing(listing.id)}
            className="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none"
          >
            {listing.title}
          </Link>
        </h3>
        {list && listing.shortDescription && (
          <p className="mt-0.5 line-clamp-2 text-sm text-muted max-sm:hidden">{listing.shortDescription}</p>
        )}
        <p className="mt-auto pt-2 font-display text-base font-bold tracking-wide text-fg sm:text-lg">
          {formatPrice(listing.priceCents)}
        </p>
        <div className="flex items-center justify-between gap-2 text-xs text-subtle">
          <span className="flex min-w-0 items-center gap-1">
            <UserRound aria-hidden className="size-3.5 shrink-0" />
            <Link
              to={paths.user(listing.seller.username)}
              className="relative z-10 -my-1 truncate py-1 hover:text-fg hover:underline focus-visible:outline-2 focus-visible:outline-accent"
            >
              {listing.seller.username}
            </Link>
          </span>
          <time dateTime={listing.createdAt} className="hidden shrink-0 sm:inline">
            {relativeTime(listing.createdAt)}
          </time>
        </div>
        {listing.seller.badge && (
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <RatingLine rating={listing.seller.badge.rating} reviewCount={listing.seller.badge.reviewCount} />
            {listing.seller.badge.seals[0] && <SealPill seal={listing.seller.badge.seals[0]} />}
          </div>
        )}
      </div>
    </article>
  );
}
