import type { UseQueryResult } from '@tanstack/react-query';
import { LoadError } from '@web/components/ui/load-error';
import type { ReactNode } from 'react';

/**
 * What a list shows while its query runs: 'Carregando...' (or the list's own words) until the first answer, the
 * alert with 'Tentar Novamente' when it failed, the empty box when `isEmpty` says so, else the list itself.
 */
export function QueryState<T>({
  query,
  loading = 'Carregando...',
  errorTitle,
  isEmpty,
  empty,
  children,
}: {
  query: UseQueryResult<T, Error>;
  loading?: string;
  errorTitle: string;
  isEmpty?: (data: T) => boolean;
  empty?: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isError)
    return (
      <LoadError
        title={errorTitle}
        message={query.error.message}
        onRetry={() => query.refetch()}
        retrying={query.isFetching}
      />
    );
  if (query.data === undefined)
    return (
      <p role="status" className="text-sm text-muted">
        {loading}
      </p>
    );
  if (isEmpty?.(query.data)) return <EmptyState>{empty}</EmptyState>;
  return children(query.data);
}

/** The box in place of a list that has nothing to show ('Nenhum repasse pendente'). */
export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="rounded-xl border border-line bg-surface p-8 text-center text-muted">{children}</p>;
}
