import type { JobRun, SystemInfo } from '@shared/admin';
import { adminMessages as m } from '@shared/admin-messages';
import { useQuery } from '@tanstack/react-query';
import { QueryState } from '@web/components/ui/query-state';
import { useSystemStatus } from '@web/features/status/api';
import { formatBytes } from '@web/features/status/StatusParts';
import { api } from '@web/lib/api';
import { cn } from '@web/lib/cn';
import { formatDateTimeBrasilia } from '@web/lib/format';
import type { ReactNode } from 'react';

function formatUptime(seconds: number): string {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  return [days && `${days}d`, (days || hours) && `${hours}h`, `${minutes}min`].filter(Boolean).join(' ');
}

/** Sistema (admins only): figures read from the running server, refreshed every 30 s. */
export default function SystemTab() {
  const system = useQuery({
    queryKey: ['admin', 'system'],
    queryFn: ({ signal }) => api<SystemInfo>('/api/admin/system', { signal }),
    refetchInterval: 30_000,
  });
  // The data folder's free space comes with the public status (issue 25): below the minimum, uploads stop.
  const disk = useSystemStatus().data?.disk;

  return (
    <QueryState query={system} errorTitle={m.systemLoadFailed}>
      {(s) => (
        <div className="flex flex-col gap-6">
          <dl className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            <Card label="Versão da plataforma" value={`v${s.version}`} detail={`Node ${s.node}`} />
            <Card
              label="Tempo no ar"
              value={formatUptime(s.uptimeSeconds)}
              detail={`Desde ${formatDateTimeBrasilia(s.startedAt)}`}
            />
            <Card
              label="Banco de dados"
              value={s.database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite (embutido)'}
              status={s.database.healthy}
              detail={
                s.database.healthy
                  ? `Respondeu em ${s.database.responseMs?.toLocaleString('pt-BR')} ms`
                  : 'Sem resposta'
              }
            />
            <Card
              label="Armazenamento de arquivos"
              value={s.storage.kind === 's3' ? 'S3' : 'Pasta local'}
              status={s.storage.healthy}
              detail={s.storage.healthy ? 'Respondendo' : 'Sem resposta'}
            />
            <Card
              label="Espaço livre em disco"
              value={disk ? formatBytes(disk.freeBytes) : disk === null ? 'Não informado' : 'Verificando...'}
              status={disk ? !disk.low : undefined}
              detail={
                disk
                  ? `De ${formatBytes(disk.totalBytes)} na pasta de dados; abaixo de ${formatBytes(disk.minFreeBytes)} os envios de arquivos são recusados`
                  : undefined
              }
            />
            <Card
              label="Conexões em tempo real"
              value={String(s.socketsConnected)}
              detail="Sockets conectados a este servidor"
            />
            <Card
              label="Negociações hoje"
              value={String(s.tradesToday)}
              detail="Iniciadas desde 00:00 (horário de Brasília)"
            />
            <Card
              label="Última migração aplicada"
              value={s.lastMigration?.tag ?? 'Nenhuma'}
              detail={
                s.lastMigration
                  ? `Gerada em ${formatDateTimeBrasilia(s.lastMigration.generatedAt)}`
                  : undefined
              }
            />
          </dl>
          <JobsTable jobs={s.jobs} />
        </div>
      )}
    </QueryState>
  );
}

const outcomeText: Record<NonNullable<JobRun['lastRun']>['outcome'], string> = {
  ok: 'Concluída',
  retrying: 'Falhou; nova tentativa agendada',
  failed: 'Falhou após todas as tentativas',
};

function every(seconds: number): string {
  return seconds >= 3600
    ? `A cada ${seconds / 3600} h`
    : seconds >= 60
      ? `A cada ${seconds / 60} min`
      : `A cada ${seconds} s`;
}

/** The jobs layer (decision 021): each job's last run, by whichever server process took it, and the next one. */
function JobsTable({ jobs }: { jobs: JobRun[] }) {
  return (
    <section aria-labelledby="jobs-title" className="flex flex-col gap-2">
      <h2 id="jobs-title" className="text-sm font-semibold uppercase tracking-wide text-muted">
        Tarefas em segundo plano
      </h2>
      <div className="overflow-x-auto rounded-xl border border-line bg-surface">
        <table className="w-full text-left text-sm">
          <thead className="text-xs uppercase tracking-wide text-muted">
            <tr>
              <th className="p-3">Tarefa</th>
              <th className="p-3">Frequência</th>
              <th className="p-3">Última execução</th>
              <th className="p-3">Resultado</th>
              <th className="p-3">Próxima execução</th>
            </tr>
          </thead>
          <tbody>
            {jobs.map((job) => (
              <tr key={job.name} className="border-t border-line">
                <th scope="row" className="p-3 font-semibold text-fg">
                  {job.label}
                </th>
                <td className="p-3 text-muted">{every(job.everySeconds)}</td>
                <td className="p-3">
                  {job.lastRun ? formatDateTimeBrasilia(job.lastRun.startedAt) : 'Ainda não executada'}
                </td>
                <td className="p-3">
                  {job.lastRun ? (
                    <span className="flex items-center gap-2">
                      <span
                        aria-hidden
                        className={cn(
                          'size-2.5 rounded-full',
                          job.lastRun.outcome === 'ok' ? 'bg-accent' : 'bg-danger',
                        )}
                      />
                      {outcomeText[job.lastRun.outcome]}
                    </span>
                  ) : (
                    '—'
                  )}
                </td>
                <td className="p-3">
                  {job.nextRunAt ? formatDateTimeBrasilia(job.nextRunAt) : 'Na próxima partida do servidor'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function Card({
  label,
  value,
  detail,
  status,
}: {
  label: string;
  value: string;
  detail?: ReactNode;
  status?: boolean;
}) {
  return (
    <div className="flex flex-col gap-1 rounded-xl border border-line bg-surface p-4">
      <dt className="text-xs font-semibold uppercase tracking-wide text-muted">{label}</dt>
      <dd className="flex items-center gap-2 text-lg font-semibold text-fg">
        {status !== undefined && (
          <span aria-hidden className={cn('size-2.5 rounded-full', status ? 'bg-accent' : 'bg-danger')} />
        )}
        <span className="break-all">{value}</span>
        {status !== undefined && <span className="sr-only">{status ? '(saudável)' : '(com falha)'}</span>}
      </dd>
      {detail && <dd className="text-sm text-muted">{detail}</dd>}
    </div>
  );
}
