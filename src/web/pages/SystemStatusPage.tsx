import { pageMeta } from '@shared/page-meta';
import { statusMessages as m } from '@shared/status-messages';
import { LoadError } from '@web/components/ui/load-error';
import { Skeleton } from '@web/components/ui/skeleton';
import { useSystemStatus } from '@web/features/status/api';
import {
  CheckCard,
  DiskCard,
  MaintenanceList,
  OverallBanner,
  useSecondClock,
} from '@web/features/status/StatusParts';
import { Activity } from 'lucide-react';

/** 'Atualizado há 5s', 'Atualizado há 2 min'. */
function updatedAgo(updatedAt: number, now: number): string {
  const seconds = Math.max(0, Math.round((now - updatedAt) / 1000));
  return seconds < 60 ? `Atualizado há ${seconds}s` : `Atualizado há ${Math.floor(seconds / 60)} min`;
}

/** '3 d 4 h', '2 h 15 min', '7 min'. */
function uptimeText(totalSeconds: number): string {
  const days = Math.floor(totalSeconds / 86_400);
  const hours = Math.floor((totalSeconds % 86_400) / 3_600);
  const minutes = Math.floor((totalSeconds % 3_600) / 60);
  if (days > 0) return `${days} d ${hours} h`;
  if (hours > 0) return `${hours} h ${minutes} min`;
  return `${minutes} min`;
}

/** '/status-sistemas': real checks of the platform's services and the scheduled maintenance (part 2, static pages). */
export default function SystemStatusPage() {
  const status = useSystemStatus();
  const now = useSecondClock();
  const data = status.data;

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8 sm:px-6 lg:py-12">
      <title>{pageMeta['/status-sistemas'].title}</title>

      <header className="flex flex-col gap-2">
        <p className="flex items-center gap-2 text-sm font-medium text-accent">
          <Activity aria-hidden className="size-4" />
          Mercado Gamer
        </p>
        <h1 className="font-display text-3xl font-bold tracking-wide text-fg sm:text-4xl">{m.heading}</h1>
        <p className="text-sm text-muted">{m.refreshNote}</p>
      </header>

      {status.isError && !data ? (
        <LoadError
          title={m.loadFailed}
          message={status.error.message}
          onRetry={() => void status.refetch()}
          retrying={status.isFetching}
        />
      ) : !data ? (
        <div className="flex flex-col gap-3" aria-busy="true">
          <p className="sr-only">{m.loading}</p>
          <Skeleton className="h-16 rounded-2xl" />
          <Skeleton className="h-20 rounded-2xl" />
          <Skeleton className="h-20 rounded-2xl" />
          <Skeleton className="h-20 rounded-2xl" />
        </div>
      ) : (
        <>
          <OverallBanner state={data.state} />
          <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted">
            <span>{updatedAgo(status.dataUpdatedAt, now)}</span>
            <span>Servidor no ar há {uptimeText(data.uptimeSeconds)}</span>
          </p>

          <section aria-labelledby="servicos-titulo" className="flex flex-col gap-3">
            <h2 id="servicos-titulo" className="text-lg font-semibold text-fg">
              Serviços
            </h2>
            <ul className="flex flex-col gap-3">
              {data.checks.map((check) => (
                <CheckCard key={check.name} check={check} />
              ))}
            </ul>
          </section>

          <section aria-labelledby="disco-titulo" className="flex flex-col gap-3">
            <h2 id="disco-titulo" className="text-lg font-semibold text-fg">
              {m.diskHeading}
            </h2>
            <DiskCard disk={data.disk} />
          </section>

          <section aria-labelledby="manutencoes-titulo" className="flex flex-col gap-3">
            <h2 id="manutencoes-titulo" className="text-lg font-semibold text-fg">
              {m.maintenanceHeading}
            </h2>
            <MaintenanceList windows={data.maintenance} now={now} />
          </section>
        </>
      )}
    </div>
  );
}
