import { reportStatusLabels } from '@shared/moderation-messages';
import { reportReasonLabels } from '@shared/report-reasons';
import { type MemberReport, reportStatuses, reportTargetLabels } from '@shared/reports';
import { LoadError } from '@web/components/ui/load-error';
import { Skeleton } from '@web/components/ui/skeleton';
import { useSignedIn } from '@web/features/accounts/useSignedIn';
import { useMyReports } from '@web/features/reports/api';
import { cn } from '@web/lib/cn';
import { formatDateTime } from '@web/lib/format';
import { accountPageClass } from '@web/shell/account-page';
import { PageFallback } from '@web/shell/PageFallback';
import { Clock, FileWarning, MessageSquareReply } from 'lucide-react';
import { Tabs } from 'radix-ui';

const guestNotice = {
  title: 'Acesso negado',
  description: 'Você precisa estar logado para ver suas denúncias.',
};
const tabs = ['todas', ...reportStatuses] as const;
type Tab = (typeof tabs)[number];
const tabLabels: Record<Tab, string> = { todas: 'Todas', ...reportStatusLabels };

const statusTone = {
  pendente: 'bg-warning/15 text-warning',
  em_analise: 'bg-surface-3 text-fg',
  resolvida: 'bg-accent-soft text-accent',
  rejeitada: 'bg-danger/15 text-danger',
} as const;

/** '/historico-denuncias' (part 2 §2 'Report history'): the member's reports, their status and the staff reply. */
export default function ReportHistoryPage() {
  const me = useSignedIn(guestNotice);
  if (!me.data) return <PageFallback />;
  return <ReportHistory />;
}

function ReportHistory() {
  const mine = useMyReports(true);
  const counts = mine.data?.counts;
  const total = counts ? counts.pendente + counts.em_analise + counts.resolvida + counts.rejeitada : 0;

  return (
    <div className={cn(accountPageClass, 'gap-6')}>
      <title>Histórico de Denúncias | Mercado Gamer</title>
      <header>
        <p className="text-xs font-semibold uppercase tracking-widest text-accent">Minha conta</p>
        <h1 className="mt-1 font-display text-2xl font-bold tracking-wide text-fg sm:text-3xl">
          Histórico de Denúncias
        </h1>
        <p className="mt-2 text-sm text-muted">
          Acompanhe as denúncias que você enviou e a resposta da equipe.
        </p>
      </header>

      <section aria-label="Resumo" className="grid grid-cols-2 gap-3 sm:grid-cols-5">
        <SummaryCard label="Total" value={counts ? total : null} className="col-span-2 sm:col-span-1" />
        {reportStatuses.map((status) => (
          <SummaryCard
            key={status}
            label={reportStatusLabels[status]}
            value={counts ? counts[status] : null}
          />
        ))}
      </section>

      <div className="flex items-start gap-3 rounded-xl border border-line bg-surface p-4 text-sm text-muted">
        <Clock aria-hidden className="mt-0.5 size-5 shrink-0 text-accent" />
        <p>
          <span className="font-medium text-fg">Tempo de resposta:</span> nossa equipe analisa cada denúncia
          em até 48 horas úteis. Você verá aqui a resposta quando ela for analisada.
        </p>
      </div>

      {mine.isError ? (
        <LoadError
          title="Não foi possível carregar suas denúncias"
          message={mine.error.message}
          onRetry={() => mine.refetch()}
          retrying={mine.isFetching}
        />
      ) : (
        <Tabs.Root defaultValue="todas" className="flex flex-col gap-4">
          <Tabs.List
            aria-label="Filtrar por status"
            className="flex gap-1 overflow-x-auto border-b border-line"
          >
            {tabs.map((tab) => (
              <Tabs.Trigger
                key={tab}
                value={tab}
                className="shrink-0 border-b-2 border-transparent px-3 py-2 text-sm font-medium text-muted transition-colors hover:text-fg data-[state=active]:border-accent data-[state=active]:text-fg"
              >
                {tabLabels[tab]}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {tabs.map((tab) => (
            <Tabs.Content key={tab} value={tab} className="focus:outline-none">
              {!mine.data ? (
                <div className="flex flex-col gap-3" aria-hidden>
                  <Skeleton className="h-28" />
                  <Skeleton className="h-28" />
                </div>
              ) : (
                <ReportList
                  reports={
                    tab === 'todas' ? mine.data.reports : mine.data.reports.filter((r) => r.status === tab)
                  }
                  label={`Denúncias: ${tabLabels[tab]}`}
                />
              )}
            </Tabs.Content>
          ))}
        </Tabs.Root>
      )}
    </div>
  );
}

function SummaryCard({
  label,
  value,
  className,
}: {
  label: string;
  value: number | null;
  className?: string;
}) {
  return (
    <div className={cn('rounded-xl border border-line bg-surface p-4', className)}>
      <p className="text-xs text-muted">{label}</p>
      <p className="mt-1 font-display text-2xl font-bold text-fg">{value ?? '–'}</p>
    </div>
  );
}

function ReportList({ reports, label }: { reports: MemberReport[]; label: string }) {
  if (reports.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-line p-10 text-center">
        <FileWarning aria-hidden className="size-8 text-subtle" />
        <p className="font-medium text-fg">Nenhuma denúncia encontrada</p>
        <p className="text-sm text-muted">
          Use 'Denunciar' num anúncio, vendedor ou post para avisar a equipe.
        </p>
      </div>
    );
  }
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard.
    <section aria-label={label} tabIndex={0} className="max-h-[600px] overflow-y-auto rounded-xl pr-1">
      <ul className="flex flex-col gap-3">
        {reports.map((report) => (
          <li key={report.id} className="rounded-xl border border-line bg-surface p-4">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div className="min-w-0">
                <p className="text-xs text-muted">
                  {reportTargetLabels[report.targetType]} ·{' '}
                  {reportReasonLabels[report.reason as keyof typeof reportReasonLabels] ?? report.reason}
                </p>
                <h2 className="mt-0.5 truncate font-semibold text-fg">{report.targetName}</h2>
              </div>
              <span className={cn('rounded-full px-2 py-0.5 text-xs font-medium', statusTone[report.status])}>
                {reportStatusLabels[report.status]}
              </span>
            </div>
            {report.details && (
              <p className="mt-2 text-sm whitespace-pre-wrap text-muted">{report.details}</p>
            )}
            <p className="mt-2 text-xs text-subtle">
              Enviada em {formatDateTime(report.createdAt)}
              {report.updatedAt !== report.createdAt &&
                ` · atualizada em ${formatDateTime(report.updatedAt)}`}
            </p>
            {report.adminResponse && (
              <div className="mt-3 flex gap-2 rounded-lg bg-surface-2 p-3 text-sm">
                <MessageSquareReply aria-hidden className="mt-0.5 size-4 shrink-0 text-accent" />
                <div>
                  <p className="font-medium text-fg">Resposta da equipe</p>
                  <p className="mt-0.5 whitespace-pre-wrap text-muted">{report.adminResponse}</p>
                </div>
              </div>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
