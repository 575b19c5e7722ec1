import { Skeleton } from '@web/components/ui/skeleton';

/**
 * The room's shape while its code or its data loads: title, the guide with its four steps, actions and chat, and
 * the steps beside them on a desktop. The route shows it before the page's chunk arrives (routes.tsx), so a slow
 * phone sees where the room will be instead of a blank screen.
 */
export function TradeRoomSkeleton() {
  return (
    <div
      role="status"
      aria-busy="true"
      aria-label="Carregando intermediação"
      className="mx-auto flex w-full max-w-6xl flex-col gap-4 px-4 py-4 sm:px-6 lg:gap-6 lg:px-8 lg:py-10"
    >
      <Skeleton className="h-5 w-44 rounded-md" />
      <Skeleton className="h-32 rounded-2xl sm:h-28" />
      <div className="flex flex-col gap-2 rounded-2xl border border-line p-4 lg:p-5">
        <Skeleton className="h-3 w-48 rounded-md" />
        <Skeleton className="h-5 w-64 max-w-full rounded-md" />
        <div className="mt-2 grid grid-cols-4 gap-1.5">
          <Skeleton className="h-1.5 rounded-full" />
          <Skeleton className="h-1.5 rounded-full" />
          <Skeleton className="h-1.5 rounded-full" />
          <Skeleton className="h-1.5 rounded-full" />
        </div>
      </div>
      <div className="grid items-start gap-4 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-6">
        <div className="flex flex-col gap-4 lg:gap-6">
          <Skeleton className="h-40 rounded-2xl" />
          <Skeleton className="h-72 rounded-2xl" />
        </div>
        <Skeleton className="hidden h-96 rounded-2xl lg:block" />
      </div>
    </div>
  );
}
