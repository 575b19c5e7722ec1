import { formatPrice } from '@shared/money';
import { paths } from '@shared/paths';
import { plural } from '@shared/plural';
import { tradeStateLabels } from '@shared/trades';
import {
  type DeskTrade,
  deskReasonLabels,
  deskReasons,
  nothingForStaffLabel,
  type PartySuspension,
} from '@shared/trades-desk';
import { Button, ButtonLink } from '@web/components/ui/button';
import { DataTable, tableColumns } from '@web/components/ui/data-table';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@web/components/ui/dialog';
import { FilterSelect } from '@web/components/ui/filter-select';
import { StaffTab } from '@web/components/ui/staff-tab';
import { StatusBadge } from '@web/components/ui/status-badge';
import { useMe } from '@web/features/accounts/api';
import { TradeRecordings } from '@web/features/trade-recording/TradeRecordings';
import { formatDateTimeBrasilia } from '@web/lib/format';
import { oneOf, useListParams } from '@web/lib/list-params';
import { toast } from '@web/lib/toast';
import { Banknote, ExternalLink, Mic, ShieldCheck, TriangleAlert, UserX } from 'lucide-react';
import { useState } from 'react';
import { deskExportHref, useReconcile, useTakeTrade, useTradesDesk } from './api';
import { InstantFraudList } from './InstantFraudList';

const tones = {
  overdue_dispute: 'bad',
  flagged: 'bad',
  orphaned: 'warn',
  suspended_party: 'bad',
  dispute: 'bad',
  payment: 'warn',
  release: 'info',
} as const;
const column = tableColumns<DeskTrade>();

/** Intermediações (staff): trades that wait on staff, oldest wait first; take one, open its room; reconcile. */
export function TradesDeskTab() {
  const list = useListParams<'status'>();
  const reason = oneOf(deskReasons, list.get('status'));
  const query = { reason, q: list.search || undefined, page: list.page };
  const desk = useTradesDesk(query);
  const take = useTakeTrade();
  const me = useMe();
  // The call recordings of one trade, played here as in its room (decision 015).
  const [recordingsOf, setRecordingsOf] = useState<number | null>(null);

  const columns = [
    column.accessor('id', { header: 'Nº', cell: ({ getValue }) => `#${getValue()}` }),
    column.accessor('listingTitle', {
      header: 'Negociação',
      cell: ({ row: { original: t } }) => (
        <div className="max-w-64">
          <p className="truncate font-medium">{t.listingTitle}</p>
          <p className="text-xs text-muted">
            {t.sellerName} → {t.buyerName} · {formatPrice(t.amountCents)}
          </p>
          {t.sellerSuspension && <SuspendedParty who="Vendedor" suspension={t.sellerSuspension} />}
          {t.buyerSuspension && <SuspendedParty who="Comprador" suspension={t.buyerSuspension} />}
        </div>
      ),
    }),
    column.accessor('reason', {
      header: 'Aguardando',
      cell: ({ row: { original: t } }) => (
        <div>
          {t.reason ? (
            <StatusBadge label={deskReasonLabels[t.reason]} tone={tones[t.reason]} />
          ) : (
            <StatusBadge label={nothingForStaffLabel} tone="info" />
          )}
          <p className="mt-1 text-xs text-muted">{tradeStateLabels[t.state]}</p>
        </div>
      ),
    }),
    column.accessor('waitingSince', {
      header: 'Desde (Brasília)',
      cell: ({ getValue }) => formatDateTimeBrasilia(getValue()),
    }),
    column.accessor('intermediaryName', {
      header: 'Intermediador',
      cell: ({ getValue }) => getValue() ?? <span className="text-muted">Ninguém</span>,
    }),
    column.display({
      id: 'actions',
      header: 'Ações',
      cell: ({ row: { original: t } }) => (
        <div className="flex flex-wrap gap-2">
          {t.intermediaryId === null && (
            <Button
              size="sm"
              variant="secondary"
              busy={take.isPending && take.variables === t.id}
              aria-label={`Assumir a negociação #${t.id}`}
              onClick={() =>
                take.mutate(t.id, {
                  onSuccess: () => toast.success(`Você assumiu a negociação #${t.id}.`),
                  onError: (error) =>
                    toast.error('Falha ao assumir a negociação', { description: error.message }),
                })
              }
            >
              Assumir
            </Button>
          )}
          {t.state === 'awaiting_release' && (
            <ButtonLink
              to={paths.admin('repasses')}
              size="sm"
              variant="secondary"
              aria-label={`Pagar o repasse da negociação #${t.id} em Repasses`}
            >
              <Banknote aria-hidden />
              Repasses
            </ButtonLink>
          )}
          <ButtonLink
            to={paths.trade(t.id)}
            size="sm"
            variant="ghost"
            aria-label={`Abrir a sala da negociação #${t.id}`}
          >
            <ExternalLink aria-hidden />
            Sala
          </ButtonLink>
          <Button
            size="sm"
            variant="ghost"
            aria-label={`Gravações da negociação #${t.id}`}
            onClick={() => setRecordingsOf(t.id)}
          >
            <Mic aria-hidden />
            Gravações
          </Button>
        </div>
      ),
    }),
  ];

  return (
    <StaffTab
      title="Intermediações aguardando a equipe"
      search={{
        label: 'Buscar intermediações',
        placeholder: 'Comprador, vendedor, e-mail, anúncio ou nº',
        value: list.search,
        onChange: list.setSearch,
      }}
      exportHref={deskExportHref(query)}
      actions={
        <FilterSelect
          label="Aguardando"
          value={reason}
          allLabel="Tudo"
          options={deskReasons.map((value) => ({ value, label: deskReasonLabels[value] }))}
          onChange={(value) => list.set('status', value)}
        />
      }
      query={desk}
      loading="Carregando intermediações..."
      errorTitle="Falha ao carregar as intermediações"
      count={(data) => plural(data.total, 'negociação aguardando', 'negociações aguardando')}
      footer={me.data?.role === 'admin' && <Reconciliation />}
      detail={
        <Dialog open={recordingsOf !== null} onOpenChange={(open) => !open && setRecordingsOf(null)}>
          <DialogContent className="max-h-[90vh] max-w-xl overflow-y-auto">
            <DialogTitle>Gravações da negociação #{recordingsOf}</DialogTitle>
            <DialogDescription>As chamadas gravadas na sala desta intermediação.</DialogDescription>
            {recordingsOf !== null && (
              <div className="mt-4">
                <TradeRecordings tradeId={recordingsOf} />
              </div>
            )}
          </DialogContent>
        </Dialog>
      }
    >
      {(data) => (
        <>
          <InstantFraudList signals={data.instantFraud} />
          <DataTable
            look="queue"
            caption="Intermediações aguardando a equipe"
            columns={columns}
            data={data.trades}
            empty="Nenhuma negociação aguardando a equipe"
            pager={{ page: data.page, pageSize: data.pageSize, total: data.total, hrefFor: list.pageHref }}
          />
        </>
      )}
    </StaffTab>
  );
}

/** A party suspended now: 'Vendedor suspenso até 12/03/2026 14:00 (Brasília): motivo', or 'Vendedor banido: motivo'. */
function SuspendedParty({ who, suspension }: { who: 'Vendedor' | 'Comprador'; suspension: PartySuspension }) {
  const state = suspension.endsAt
    ? `${who} suspenso até ${formatDateTimeBrasilia(suspension.endsAt)} (Brasília)`
    : `${who} banido`;
  return (
    <p className="mt-1 flex items-start gap-1 text-xs font-medium text-danger">
      <UserX aria-hidden className="mt-px size-3.5 shrink-0" />
      <span className="whitespace-normal">
        {state}: {suspension.reason}
      </span>
    </p>
  );
}

const figureLabels: Record<string, string> = {
  payments: 'Pagamentos recebidos',
  releases: 'Liberações',
  refunds: 'Reembolsos',
  payouts: 'Repasses pagos',
  refundPayouts: 'Reembolsos pagos',
  cash: 'Caixa',
  escrow: 'Custódia',
  feeRevenue: 'Receita de taxas',
  expectedFeeRevenue: 'Receita de taxas esperada',
  payables: 'A pagar aos vendedores',
};

/** The ledger's reconciliation, run on demand (admins: a money matter). */
function Reconciliation() {
  const reconcile = useReconcile();
  const result = reconcile.data;
  return (
    <section
      aria-labelledby="reconciliation-title"
      className="grid gap-3 rounded-xl border border-line bg-surface p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id="reconciliation-title" className="font-semibold text-fg">
          Conciliação do livro-razão
        </h3>
        <Button
          size="sm"
          busy={reconcile.isPending}
          onClick={() =>
            reconcile.mutate(undefined, {
              onError: (error) =>
                toast.error('Falha ao executar a conciliação', { description: error.message }),
            })
          }
        >
          Executar conciliação
        </Button>
      </div>
      {!result ? (
        <p className="text-sm text-muted">Execute a conciliação para conferir o livro-razão agora.</p>
      ) : (
        <div role="status" className="grid gap-3">
          {result.problems.length === 0 ? (
            <p className="flex items-center gap-2 text-sm text-accent">
              <ShieldCheck aria-hidden className="size-4" />
              Livro-razão consistente (conferido em {formatDateTimeBrasilia(result.checkedAt)}).
            </p>
          ) : (
            <div className="text-sm text-danger">
              <p className="flex items-center gap-2 font-medium">
                <TriangleAlert aria-hidden className="size-4" />
                {plural(result.problems.length, 'problema encontrado', 'problemas encontrados')} em{' '}
                {formatDateTimeBrasilia(result.checkedAt)}:
              </p>
              <ul className="mt-1 list-disc pl-6">
                {result.problems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            </div>
          )}
          <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-5">
            {Object.entries(result.figures).map(([key, cents]) => (
              <div key={key} className="rounded-lg bg-surface-2 p-2">
                <dt className="text-xs text-muted">{figureLabels[key] ?? key}</dt>
                <dd className="font-medium text-fg">{formatPrice(cents)}</dd>
              </div>
            ))}
          </dl>
        </div>
      )}
    </section>
  );
}
