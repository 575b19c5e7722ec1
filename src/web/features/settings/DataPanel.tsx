import type { ActivityReport } from '@shared/settings';
import { Button, buttonClasses } from '@web/components/ui/button';
import { LoadError } from '@web/components/ui/load-error';
import { Skeleton } from '@web/components/ui/skeleton';
import { formatCount, formatMonthShort } from '@web/lib/format';
import { BarChart3, Download } from 'lucide-react';
import { useState } from 'react';
import { DATA_EXPORT_URL, useActivityReport } from './api';
import { DeleteAccountDialog } from './DeleteAccountDialog';

/** 'Jun 2026' from '2026-06'. */
function monthLabel(month: string): string {
  const name = formatMonthShort(month);
  return `${name.charAt(0).toUpperCase()}${name.slice(1)} ${month.slice(0, 4)}`;
}

const totalLabels: [keyof ActivityReport['totals'], string][] = [
  ['listings', 'Anúncios publicados'],
  ['offersSent', 'Ofertas enviadas'],
  ['offersReceived', 'Ofertas recebidas'],
  ['trades', 'Negociações'],
  ['posts', 'Posts no fórum'],
  ['comments', 'Comentários no fórum'],
  ['signIns', 'Logins'],
];

const monthColumns: [Exclude<keyof ActivityReport['months'][number], 'month'>, string][] = [
  ['listings', 'Anúncios'],
  ['offers', 'Ofertas'],
  ['trades', 'Negociações'],
  ['posts', 'Posts'],
  ['signIns', 'Logins'],
];

function ActivityTable({ report }: { report: ActivityReport }) {
  return (
    <div className="flex flex-col gap-4">
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {totalLabels.map(([key, label]) => (
          <div key={key} className="rounded-xl border border-line bg-surface-2 p-3">
            <dt className="text-xs text-muted">{label}</dt>
            <dd className="text-xl font-semibold text-fg tabular-nums">{formatCount(report.totals[key])}</dd>
          </div>
        ))}
      </dl>
      <section
        aria-label="Atividade por mês"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1).
        tabIndex={0}
        className="overflow-x-auto rounded-xl border border-line focus-visible:outline-2 focus-visible:outline-accent"
      >
        <table className="w-full text-xs sm:text-sm">
          <caption className="sr-only">Atividade nos últimos 6 meses</caption>
          <thead className="bg-surface-2 text-left text-xs text-muted">
            <tr>
              <th scope="col" className="px-2 py-2 font-medium sm:px-3">
                Mês
              </th>
              {monthColumns.map(([key, label]) => (
                <th key={key} scope="col" className="px-2 py-2 text-right font-medium sm:px-3">
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {report.months.map((row) => (
              <tr key={row.month}>
                <th scope="row" className="px-2 py-2 text-left font-medium whitespace-nowrap text-fg sm:px-3">
                  {monthLabel(row.month)}
                </th>
                {monthColumns.map(([key]) => (
                  <td key={key} className="px-2 py-2 text-right text-muted tabular-nums sm:px-3">
                    {row[key]}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}

/**
 * LGPD: 'Baixar meus dados' (a JSON file from the server), 'Relatório de atividade' (shown on demand) and
 * 'Excluir conta'.
 */
export function DataPanel() {
  const [showReport, setShowReport] = useState(false);
  const report = useActivityReport(showReport);

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-2 sm:flex-row">
        <a href={DATA_EXPORT_URL} download className={buttonClasses({ variant: 'secondary' })}>
          <Download aria-hidden />
          Baixar meus dados
        </a>
        <Button
          variant="secondary"
          aria-expanded={showReport}
          aria-controls="relatorio-atividade"
          onClick={() => setShowReport((v) => !v)}
        >
          <BarChart3 aria-hidden />
          Relatório de atividade
        </Button>
      </div>
      <p className="text-xs text-subtle">
        O arquivo traz, em JSON, tudo o que guardamos sobre você: conta, perfil, configurações, anúncios,
        favoritos, ofertas, negociações, posts, denúncias, chaves PIX, notificações, sessões e histórico de
        login.
      </p>
      {showReport && (
        <div id="relatorio-atividade">
          {report.isPending ? (
            <Skeleton className="h-40 w-full rounded-xl" />
          ) : report.isError ? (
            <LoadError
              title="Erro ao carregar o relatório"
              message={report.error.message}
              onRetry={() => void report.refetch()}
              retrying={report.isFetching}
            />
          ) : (
            <ActivityTable report={report.data} />
          )}
        </div>
      )}
      <DeleteAccountDialog />
    </div>
  );
}
