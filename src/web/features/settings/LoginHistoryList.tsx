import { QueryState } from '@web/components/ui/query-state';
import { Skeleton } from '@web/components/ui/skeleton';
import { formatDateTime } from '@web/lib/format';
import { CircleCheck, CircleX } from 'lucide-react';
import { useLoginHistory } from './api';

/** 'Histórico de login': the latest sign-in attempts on the account, newest first, right or wrong password. */
export function LoginHistoryList() {
  const history = useLoginHistory(true);
  return (
    <QueryState
      query={history}
      loading={<Skeleton className="h-24 w-full rounded-xl" />}
      errorTitle="Erro ao carregar o histórico"
      isEmpty={(attempts) => attempts.length === 0}
      empty={<p className="text-sm text-muted">Nenhum login registrado ainda.</p>}
    >
      {(attempts) => (
        <ol
          aria-label="Histórico de login"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the list scrolls, so it must be reachable by keyboard (WCAG 2.1.1).
          tabIndex={0}
          className="flex max-h-80 flex-col divide-y divide-line overflow-y-auto rounded-xl border border-line bg-surface-2 focus-visible:outline-2 focus-visible:outline-accent"
        >
          {attempts.map((attempt) => (
            <li key={attempt.id} className="flex items-start gap-3 px-3.5 py-2.5">
              {attempt.success ? (
                <CircleCheck aria-hidden className="mt-0.5 size-4 shrink-0 text-accent" />
              ) : (
                <CircleX aria-hidden className="mt-0.5 size-4 shrink-0 text-danger" />
              )}
              <div className="min-w-0 text-sm">
                <p className="font-medium text-fg">
                  {attempt.success ? 'Login realizado' : 'Tentativa falhou'}
                  <span className="font-normal text-muted"> · {formatDateTime(attempt.at)}</span>
                </p>
                <p className="text-xs break-all text-muted">
                  {attempt.device} · IP {attempt.ipAddress || 'desconhecido'}
                </p>
              </div>
            </li>
          ))}
        </ol>
      )}
    </QueryState>
  );
}
