import { Skeleton } from '@web/components/ui/skeleton';

/** What the content area shows while a page's code loads on the first visit. */
export function PageFallback() {
  return (
    <div
      role="status"
      aria-busy="true"
      aria-label="Carregando"
      className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 lg:px-8"
    >
      <Skeleton className="h-56 w-full rounded-2xl" />
      <div className="mt-8 grid gap-4 sm:grid-cols-3">
        <Skeleton className="h-28 rounded-xl" />
        <Skeleton className="h-28 rounded-xl" />
        <Skeleton className="h-28 rounded-xl" />
      </div>
    </div>
  );
}
