import { formatPrice } from '@shared/money';
import { paths } from '@shared/paths';
import {
  type PaymentHistoryItem,
  type PaymentHistoryStatus,
  paymentHistoryStatusLabels,
  paymentHistoryTypeLabels,
} from '@shared/payments';
import { buttonClasses } from '@web/components/ui/button';
import { LoadError } from '@web/components/ui/load-error';
import { Skeleton } from '@web/components/ui/skeleton';
import { isApiError } from '@web/lib/api';
import { cn } from '@web/lib/cn';
import { formatDateTime } from '@web/lib/format';
import { Download, ReceiptText } from 'lucide-react';
import { Link } from 'react-router';
import { historyCsvUrl, usePaymentHistory } from './api';

/** Money on its way (a pending sale) in the warning colour: not the user's yet. */
function Amount({ cents, status }: { cents: number; status: PaymentHistoryStatus }) {
  return (
    <span
      className={cn(
        'shrink-0 font-semibold whitespace-nowrap tabular-nums',
        status === 'pending' ? 'text-warning' : cents < 0 ? 'text-danger' : 'text-accent',
      )}
    >
      {cents < 0 ? `− ${formatPrice(-cents)}` : formatPrice(cents)}
    </span>
  );
}

function Status({ status }: { status: PaymentHistoryStatus }) {
  return status === 'pending' ? (
    <span className="inline-flex rounded-full border border-warning/40 bg-warning/10 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-warning">
      {paymentHistoryStatusLabels[status]}
    </span>
  ) : (
    <span className="whitespace-nowrap">{paymentHistoryStatusLabels[status]}</span>
  );
}

/** The 'Histórico' tab: the ledger's lines for this user, newest first, and the CSV export. */
export function HistoryPanel() {
  const history = usePaymentHistory();
  const items = history.data?.items ?? [];

  return (
    <section aria-labelledby="historico-titulo" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="historico-titulo" className="font-display text-lg font-semibold tracking-wide text-fg">
          Movimentações
        </h2>
        {items.length > 0 && (
          <a href={historyCsvUrl} download className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
            <Download aria-hidden />
            Exportar CSV
          </a>
        )}
      </div>
      {history.isPending ? (
        <Skeleton className="h-40 rounded-xl" />
      ) : history.isError ? (
        <LoadError
          title="Não foi possível carregar o histórico"
          message={isApiError(history.error) ? history.error.message : 'Tente novamente.'}
          onRetry={() => history.refetch()}
          retrying={history.isFetching}
        />
      ) : items.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-2xl border border-dashed border-line px-6 py-12 text-center">
          <ReceiptText aria-hidden className="size-8 text-subtle" />
          <p className="font-medium text-fg">Nenhuma movimentação ainda</p>
          <p className="max-w-sm text-sm text-muted">
            Vendas, taxas, reembolsos e repasses das suas negociações protegidas aparecerão aqui.
          </p>
        </div>
      ) : (
        <>
          {/* A table from 768px; cards below it, where seven columns do not fit. */}
          <div className="hidden overflow-x-auto rounded-xl border border-line md:block">
            <table className="w-full text-left text-sm">
              <thead className="bg-surface-2 text-xs uppercase tracking-wide text-muted">
                <tr>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    Data
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    Tipo
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    Descrição
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    Produto
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    Comprador
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    Status
                  </th>
                  <th scope="col" className="px-4 py-3 text-right font-semibold">
                    Valor
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-line bg-surface">
                {items.map((item) => (
                  <tr key={item.id}>
                    <td className="px-4 py-3 whitespace-nowrap text-muted">{formatDateTime(item.date)}</td>
                    <td className="px-4 py-3 text-fg">{paymentHistoryTypeLabels[item.type]}</td>
                    <td className="px-4 py-3 text-fg">{item.description}</td>
                    <td className="px-4 py-3 text-muted">
                      <TradeLink item={item} />
                    </td>
                    <td className="px-4 py-3 text-muted">{item.buyerName}</td>
                    <td className="px-4 py-3 text-muted">
                      <Status status={item.status} />
                    </td>
                    <td className="px-4 py-3 text-right whitespace-nowrap">
                      <Amount cents={item.amountCents} status={item.status} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ul className="flex flex-col gap-3 md:hidden">
            {items.map((item) => (
              <HistoryCard key={item.id} item={item} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/** The product, linking to the trade's room where the whole story is. */
function TradeLink({ item }: { item: PaymentHistoryItem }) {
  return (
    <Link
      to={paths.trade(item.tradeId)}
      className="rounded underline-offset-2 hover:text-fg hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
    >
      {item.productTitle}
    </Link>
  );
}

function HistoryCard({ item }: { item: PaymentHistoryItem }) {
  return (
    <li className="rounded-xl border border-line bg-surface p-4">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-x-1.5 gap-y-1 text-xs font-semibold uppercase tracking-wide text-muted">
            {paymentHistoryTypeLabels[item.type]}
            <span aria-hidden>·</span>
            <Status status={item.status} />
          </p>
          <p className="mt-1 text-sm text-fg">
            <TradeLink item={item} />
          </p>
          <p className="mt-0.5 text-xs text-muted">{item.description}</p>
        </div>
        <Amount cents={item.amountCents} status={item.status} />
      </div>
      <p className="mt-2 text-xs text-subtle">
        {formatDateTime(item.date)} · Comprador: {item.buyerName}
      </p>
    </li>
  );
}
