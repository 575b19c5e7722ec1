import { groupMessages as m } from '@shared/group-directory';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { SearchX, X } from 'lucide-react';

export const groupGridClasses = 'grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4';

/** Card-shaped placeholders while the groups load. */
export function GroupGridSkeleton({ count = 8 }: { count?: number }) {
  return (
    <div role="status" aria-label="Carregando grupos" className={groupGridClasses}>
      {Array.from({ length: count }, (_, index) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders in a fixed order.
          key={index}
          className="flex flex-row overflow-hidden rounded-2xl border border-line bg-surface sm:flex-col"
        >
          <Skeleton className="min-h-36 w-28 shrink-0 sm:aspect-video sm:min-h-0 sm:w-full" />
          <div className="flex flex-1 flex-col gap-2.5 p-3.5 sm:p-4">
            <Skeleton className="h-3 w-1/3 rounded" />
            <Skeleton className="h-4 w-4/5 rounded" />
            <Skeleton className="h-3 w-full rounded" />
            <Skeleton className="h-3 w-2/3 rounded" />
            <Skeleton className="mt-2 h-3 w-1/4 rounded" />
          </div>
        </div>
      ))}
    </div>
  );
}

/** 'Nenhum grupo encontrado', with a way out when filters caused it. */
export function GroupsEmpty({ filtered, onClear }: { filtered: boolean; onClear: () => void }) {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-line-strong px-6 py-14 text-center">
      <span className="flex size-14 items-center justify-center rounded-2xl bg-accent-soft text-accent">
        <SearchX aria-hidden className="size-7" />
      </span>
      <h2 className="mt-4 text-lg font-semibold text-fg">{m.empty}</h2>
      <p className="mt-1 max-w-sm text-sm text-muted">
        {filtered
          ? 'Tente outras palavras, outro jogo ou desligue os filtros de Oficiais e VIP.'
          : 'Ainda não há grupos cadastrados. Volte em breve!'}
      </p>
      {filtered && (
        <Button variant="outline" className="mt-5" onClick={onClear}>
          <X aria-hidden />
          {m.clearFilters}
        </Button>
      )}
    </div>
  );
}
