import type { ActivityReport } from '@shared/settings';
import { Button, buttonClasses } from '@web/components/ui/button';
import { LoadError } from '@web/components/ui/load-error';
import { Skeleton } from '@web/components/ui/skeleton';
import { BarChart3, Download } from 'lucide-react';
import { useState } from 'react';
import { DATA_EXPORT_URL, useActivityReport } from './api';

const monthName = new Intl.DateTimeFormat('pt-BR', { month: 'short', year: '2-digit', timeZone: 'UTC' });
const monthLabel = (month: string) => monthName.format(new Date(`${month}-01T00:00:00Z`));

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
            <dd className="font-display text-xl font-semibold text-fg">
              {report.totals[key].toLocaleString('pt-BR')}
            </dd>
          </div>
        ))}
      </dl>
      <div className="overflow-x-auto rounded-xl border border-line">
        <table className="w-full min-w-md text-sm">
          <caption className="sr-only">Atividade nos últimos 6 meses</caption>
          <thead className="bg-surface-2 text-left text-xs text-muted">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                Mês
              </th>
              {monthColumns.map(([key, label]) => (
                <th key={key} scope="col" className="px-3 py-2 text-right font-medium">
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {report.months.map((row) => (
              <tr key={row.month}>
                <th scope="row" className="px-3 py-2 text-left font-medium text-fg capitalize">
                  {monthLabel(row.month)}
                </th>
                {monthColumns.map(([key]) => (
                  <td key={key} className="px-3 py-2 text-right text-muted tabular-nums">
                    {row[key]}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** LGPD: 'Baixar meus dados' (a JSON file from the server) and 'Relatório de atividade' (shown on demand). */
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
    </div>
  );
}
