import { Skeleton } from '@web/components/ui/skeleton';

/** The page's shape while the listing loads. */
export function ListingSkeleton() {
  return (
    <div role="status" aria-busy="true" aria-label="Carregando anúncio" className="flex flex-col gap-6">
      <Skeleton className="h-4 w-64 rounded" />
      <div className="grid gap-6 md:grid-cols-[minmax(0,1fr)_20rem] lg:grid-cols-[minmax(0,1fr)_22rem] xl:grid-cols-[minmax(0,1fr)_24rem] xl:gap-8">
        <Skeleton className="aspect-[4/3] rounded-2xl" />
        <div className="flex flex-col gap-4 rounded-2xl border border-line bg-surface p-5">
          <Skeleton className="h-7 w-4/5 rounded" />
          <Skeleton className="h-4 w-full rounded" />
          <Skeleton className="h-9 w-40 rounded" />
          <Skeleton className="h-10 w-full rounded-lg" />
          <Skeleton className="h-12 w-full rounded-xl" />
          <Skeleton className="h-12 w-full rounded-xl" />
        </div>
      </div>
    </div>
  );
}
