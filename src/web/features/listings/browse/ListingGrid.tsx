import type { ListingCard as Listing } from '@shared/listings';
import { Skeleton } from '@web/components/ui/skeleton';
import { cn } from '@web/lib/cn';
import { ComingSoonCard } from './ComingSoonCard';
import { type CardLayout, ListingCard } from './ListingCard';

export type Columns = 2 | 3 | 4;

/** Two columns on phones, three on tablets, the chosen number from 1024px. */
const gridClasses: Record<Columns, string> = {
  2: 'grid-cols-2',
  3: 'grid-cols-2 md:grid-cols-3',
  4: 'grid-cols-2 md:grid-cols-3 lg:grid-cols-4',
};

/** Photo widths for `sizes`: the content column is at most ~1200px beside the 16rem sidebar. */
const photoSizes: Record<Columns, string> = {
  2: '(min-width: 1024px) 600px, 50vw',
  3: '(min-width: 1024px) 400px, (min-width: 768px) 33vw, 50vw',
  4: '(min-width: 1024px) 300px, (min-width: 768px) 33vw, 50vw',
};
const listPhotoSizes = '(min-width: 640px) 208px, 128px';

export interface ListingGridProps {
  listings: Listing[];
  layout?: CardLayout;
  columns?: Columns;
  /** Pads the grid with 'Em breve' cards up to this many. */
  fillTo?: number;
  /** A name for the list, for screen readers. */
  label: string;
  className?: string;
}

export function ListingGrid({
  listings,
  layout = 'grid',
  columns = 4,
  fillTo = 0,
  label,
  className,
}: ListingGridProps) {
  const placeholders = Math.max(0, fillTo - listings.length);
  return (
    <ul aria-label={label} className={cn(listClasses(layout, columns), className)}>
      {listings.map((listing, index) => (
        <li key={listing.id}>
          <ListingCard
            listing={listing}
            layout={layout}
            sizes={layout === 'list' ? listPhotoSizes : photoSizes[columns]}
            priority={index < columns}
          />
        </li>
      ))}
      {Array.from({ length: placeholders }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders in a fixed order.
        <li key={`em-breve-${index}`}>
          <ComingSoonCard />
        </li>
      ))}
    </ul>
  );
}

function listClasses(layout: CardLayout, columns: Columns) {
  return layout === 'list'
    ? 'grid grid-cols-1 gap-3 lg:grid-cols-2'
    : cn('grid gap-3 sm:gap-4', gridClasses[columns]);
}

/** Card-shaped placeholders while results load. */
export function ListingGridSkeleton({
  count,
  layout = 'grid',
  columns = 4,
}: {
  count: number;
  layout?: CardLayout;
  columns?: Columns;
}) {
  return (
    <div role="status" aria-label="Carregando produtos" className={listClasses(layout, columns)}>
      {Array.from({ length: count }, (_, index) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders in a fixed order.
          key={index}
          className={cn(
            'flex overflow-hidden rounded-xl border border-line bg-surface',
            layout === 'list' ? 'flex-row' : 'flex-col',
          )}
        >
          <Skeleton className={layout === 'list' ? 'h-28 w-32 sm:h-36 sm:w-52' : 'aspect-[4/3] w-full'} />
          <div className="flex flex-1 flex-col gap-2.5 p-3 sm:p-4">
            <Skeleton className="h-3 w-1/3 rounded" />
            <Skeleton className="h-4 w-5/6 rounded" />
            <Skeleton className="mt-2 h-5 w-1/2 rounded" />
            <Skeleton className="h-3 w-2/3 rounded" />
          </div>
        </div>
      ))}
    </div>
  );
}
