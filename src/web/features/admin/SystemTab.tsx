import type { JobRun, SystemInfo } from '@shared/admin';
import { adminMessages as m } from '@shared/admin-messages';
import { useQuery } from '@tanstack/react-query';
import { DataTable, tableColumns } from '@web/components/ui/data-table';
import { QueryState } from '@web/components/ui/query-state';
import { useSystemStatus } from '@web/features/status/api';
import { formatBytes } from '@web/features/status/StatusParts';
import { api } from '@web/lib/api';
import { cn } from '@web/lib/cn';
import {
  BRASILIA_LABEL,
  formatCount,
  formatDateTimeBrasilia,
  formatDateTimeSecondsBrasilia,
} from '@web/lib/format';
import type { ReactNode } from 'react';
import { DeadLettersTable } from './DeadLetters';

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
  // The data folder's free space comes with the status, its figures to admins only (issue 25): below the minimum,
  // uploads stop.
  const disk = useSystemStatus().data?.disk;

  return (
    <QueryState query={system} errorTitle={m.systemLoadFailed}>
      {(s) => (
        <div className="flex flex-col gap-6">
          <dl className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            <TimersCard job={s.jobs.find((job) => job.name === TRADE_TIMERS_JOB)} />
            <Card label="Versão da plataforma" value={`v${s.version}`} detail={`Node ${s.node}`} />
            <Card
              label="Tempo no ar"
              value={formatUptime(s.uptimeSeconds)}
              detail={`Desde ${formatDateTimeBrasilia(s.startedAt)} (${BRASILIA_LABEL})`}
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
              value={
                disk?.freeBytes !== undefined
                  ? formatBytes(disk.freeBytes)
                  : disk === undefined
                    ? 'Verificando...'
                    : 'Não informado'
              }
              status={disk ? !disk.low : undefined}
              detail={
                disk?.totalBytes !== undefined && disk.minFreeBytes !== undefined
                  ? `De ${formatBytes(disk.totalBytes)} na pasta de dados; abaixo de ${formatBytes(disk.minFreeBytes)} os envios de arquivos são recusados`
                  : undefined
              }
            />
            <Card
              label="Conexões em tempo real"
              value={formatCount(s.socketsConnected)}
              detail="Sockets conectados a este servidor"
            />
            <Card
              label="Negociações hoje"
              value={formatCount(s.tradesToday)}
              detail={`Iniciadas desde 00:00 (${BRASILIA_LABEL})`}
            />
            {/* Saved searches that alert (issue 38 part 3). */}
            {s.savedSearches && (
              <Card
                label="Alertas de buscas salvas hoje"
                value={`${formatCount(s.savedSearches.matchedToday)} encontrados`}
                detail={`${formatCount(s.savedSearches.sentToday)} enviados na hora, ${formatCount(s.savedSearches.heldToday)} guardados para o resumo; ${formatCount(s.savedSearches.digestDue)} esperando resumo, ${formatCount(s.savedSearches.digestedYesterday)} no resumo de ontem. ${formatCount(s.savedSearches.active)} alertas ativos, ${formatCount(s.savedSearches.paused)} pausados.`}
              />
            )}
            <Card
              label="Última migração aplicada"
              value={s.lastMigration?.tag ?? 'Nenhuma'}
              detail={
                s.lastMigration
                  ? `Gerada em ${formatDateTimeBrasilia(s.lastMigration.generatedAt)} (${BRASILIA_LABEL})`
                  : undefined
              }
            />
            {/* Web Push (issue 38) */}
            {s.push && (
              <Card
                label="Notificações no celular"
                value={`${formatCount(s.push.subscriptions)} ${s.push.subscriptions === 1 ? 'dispositivo' : 'dispositivos'}`}
                detail={`Enviadas ${formatCount(s.push.sent)} · falhas ${formatCount(s.push.failed)} · inscrições removidas ${formatCount(s.push.pruned)}`}
              />
            )}
          </dl>
          <JobsTable jobs={s.jobs} />
          <DeadLettersTable letters={s.deadLetters} />
        </div>
      )}
    </QueryState>
  );
}

/** The trades' timers job (jobs/trade-timers.ts): deadlines, automatic confirmations, expiries. */
const TRADE_TIMERS_JOB = 'trade-timers';

/** The trades' timers: when the sweep last ran (any server process) and when it runs next, read from pg-boss. */
function TimersCard({ job }: { job: JobRun | undefined }) {
  const last = job?.lastRun;
  return (
    <div className="flex min-w-0 flex-col gap-1 rounded-xl border border-line bg-surface p-4">
      <dt className="text-xs font-semibold uppercase tracking-wide text-muted">Prazos das negociações</dt>
      <dd className="flex items-center gap-2 text-lg font-semibold text-fg">
        {last && (
          <span
            aria-hidden
            className={cn('size-2.5 rounded-full', last.outcome === 'ok' ? 'bg-accent' : 'bg-danger')}
          />
        )}
        {last ? outcomeText[last.outcome] : 'Ainda não executada'}
      </dd>
      <dd className="text-sm text-muted">
        <span className="block">
          Última execução:{' '}
          <span className="whitespace-nowrap text-fg">
            {last ? formatDateTimeSecondsBrasilia(last.startedAt) : '—'}
          </span>
        </span>
        <span className="block">
          Próxima execução:{' '}
          <span className="whitespace-nowrap text-fg">
            {job?.nextRunAt ? formatDateTimeSecondsBrasilia(job.nextRunAt) : 'na próxima partida do servidor'}
          </span>
        </span>
        <span className="block">
          {job ? `${every(job.everySeconds)} · ` : ''}
          {BRASILIA_LABEL}
        </span>
      </dd>
    </div>
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

const jobColumn = tableColumns<JobRun>();
const jobColumns = [
  jobColumn.accessor('label', {
    header: 'Tarefa',
    meta: { card: 'primary' },
    cell: ({ getValue }) => <span className="font-semibold">{getValue()}</span>,
  }),
  jobColumn.accessor('everySeconds', {
    header: 'Frequência',
    cell: ({ getValue }) => <span className="whitespace-nowrap text-muted">{every(getValue())}</span>,
  }),
  jobColumn.display({
    id: 'last',
    header: 'Última execução',
    cell: ({ row }) => (
      <span className="whitespace-nowrap">
        {row.original.lastRun
          ? formatDateTimeSecondsBrasilia(row.original.lastRun.startedAt)
          : 'Ainda não executada'}
      </span>
    ),
  }),
  jobColumn.display({
    id: 'outcome',
    header: 'Resultado',
    cell: ({ row }) => {
      const last = row.original.lastRun;
      return last ? (
        <span className="flex items-center gap-2">
          <span
            aria-hidden
            className={cn(
              'size-2.5 shrink-0 rounded-full',
              last.outcome === 'ok' ? 'bg-accent' : 'bg-danger',
            )}
          />
          {outcomeText[last.outcome]}
        </span>
      ) : (
        '—'
      );
    },
  }),
  jobColumn.display({
    id: 'next',
    header: 'Próxima execução',
    cell: ({ row }) =>
      row.original.nextRunAt ? (
        <span className="whitespace-nowrap">{formatDateTimeSecondsBrasilia(row.original.nextRunAt)}</span>
      ) : (
        'Na próxima partida do servidor'
      ),
  }),
];

/** The jobs layer (decision 021): each job's last run, by whichever server process took it, and the next one. */
function JobsTable({ jobs }: { jobs: JobRun[] }) {
  return (
    <section aria-labelledby="jobs-title" className="flex min-w-0 flex-col gap-2">
      <h2 id="jobs-title" className="text-sm font-semibold uppercase tracking-wide text-muted">
        Tarefas em segundo plano <span className="normal-case tracking-normal">({BRASILIA_LABEL})</span>
      </h2>
      <DataTable
        caption="Tarefas em segundo plano"
        columns={jobColumns}
        data={jobs}
        rowId={(job) => job.name}
        empty="Nenhuma tarefa registrada."
      />
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
