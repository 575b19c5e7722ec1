import type { UseQueryResult } from '@tanstack/react-query';
import { LoadError } from '@web/components/ui/load-error';
import type { ReactNode } from 'react';

/**
 * What a list shows while its query runs: 'Carregando...' (or the list's own words, or a skeleton) until the
 * first answer, the alert with 'Tentar Novamente' when it failed, the empty box (or the list's own empty line)
 * when `isEmpty` says so, else the list itself.
 */
export function QueryState<T>({
  query,
  loading = 'Carregando...',
  errorTitle,
  errorMessage = (error) => error.message,
  isEmpty,
  empty,
  children,
}: {
  query: UseQueryResult<T, Error>;
  loading?: ReactNode;
  errorTitle: string;
  /** The reason under the title; the server's message by default. */
  errorMessage?: (error: Error) => string;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isError)
    return (
      <LoadError
        title={errorTitle}
        message={errorMessage(query.error)}
        onRetry={() => query.refetch()}
        retrying={query.isFetching}
      />
    );
  if (query.data === undefined)
    return typeof loading === 'string' ? (
      <p role="status" className="text-sm text-muted">
        {loading}
      </p>
    ) : (
      loading
    );
  if (isEmpty?.(query.data)) return typeof empty === 'string' ? <EmptyState>{empty}</EmptyState> : empty;
  return children(query.data);
}

/** The box in place of a list that has nothing to show ('Nenhum repasse pendente'). */
export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="rounded-xl border border-line bg-surface p-8 text-center text-muted">{children}</p>;
}
