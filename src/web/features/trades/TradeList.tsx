import { formatPrice } from '@shared/money';
import { paths } from '@shared/paths';
import { isTradeOpen, type TradeSummary, tradeRoleLabels } from '@shared/trades';
import { QueryState } from '@web/components/ui/query-state';
import { Skeleton } from '@web/components/ui/skeleton';
import { isApiError } from '@web/lib/api';
import { formatDayAtTime } from '@web/lib/format';
import { ChevronRight, Handshake, TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { type TradeScope, useTradeList } from './api';
import { TradeStateBadge } from './TradeStateBadge';

type Where = 'acima' | 'abaixo';

const copy: Record<
  TradeScope,
  { title: string; description: string; empty: string; emptyHint: (picker: Where) => string }
> = {
  mine: {
    title: 'Minhas intermediações',
    description: 'Suas compras e vendas protegidas, as em andamento primeiro.',
    empty: 'Você ainda não tem intermediações',
    emptyHint: (picker) => `Escolha um produto ${picker} para comprar com a proteção da intermediação.`,
  },
  desk: {
    title: 'Mesa de intermediação',
    description: 'Intermediações que esperam a equipe: pagamentos, liberações, disputas e alertas.',
    empty: 'Nada esperando a equipe',
    emptyHint: () => 'Quando um pagamento, uma liberação ou uma disputa precisar de você, ela aparece aqui.',
  },
};

/** Open trades first (by last change), then the finished ones. */
function sortTrades(trades: readonly TradeSummary[]): TradeSummary[] {
  return [...trades].sort(
    (a, b) =>
      Number(isTradeOpen(b.state)) - Number(isTradeOpen(a.state)) || b.updatedAt.localeCompare(a.updatedAt),
  );
}

/** 'Minhas intermediações' or, for staff, 'Mesa de intermediação': each trade links to its room. */
export function TradeList({
  scope,
  pickerAbove = false,
}: {
  scope: TradeScope;
  /** The product picker ('Nova intermediação') is above this list, not below: the empty hint points up. */
  pickerAbove?: boolean;
}) {
  const list = useTradeList(scope);
  const { title, description, empty, emptyHint } = copy[scope];
  const headingId = `intermediacoes-${scope}`;

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <div>
        <h2 id={headingId} className="font-display text-lg font-semibold tracking-wide text-fg">
          {title}
        </h2>
        <p className="mt-1 text-sm text-muted">{description}</p>
      </div>
      <QueryState
        query={list}
        loading={
          <div className="flex flex-col gap-3">
            <Skeleton className="h-20 rounded-xl" />
            <Skeleton className="h-20 rounded-xl" />
          </div>
        }
        errorTitle="Não foi possível carregar as intermediações"
        errorMessage={(error) => (isApiError(error) ? error.message : 'Tente novamente.')}
        isEmpty={(data) => data.trades.length === 0}
        empty={
          <div className="flex flex-col items-center gap-2 rounded-2xl border border-dashed border-line px-6 py-10 text-center">
            <Handshake aria-hidden className="size-8 text-subtle" />
            <p className="font-medium text-fg">{empty}</p>
            <p className="text-sm text-muted">{emptyHint(pickerAbove ? 'acima' : 'abaixo')}</p>
          </div>
        }
      >
        {(data) => (
          <ul className="flex flex-col gap-3">
            {sortTrades(data.trades).map((trade) => (
              <li key={trade.id}>
                <TradeRow trade={trade} />
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}

function TradeRow({ trade }: { trade: TradeSummary }) {
  const open = isTradeOpen(trade.state);
  return (
    <Link
      to={paths.trade(trade.id)}
      className="group flex items-center gap-3 rounded-xl border border-line bg-surface p-4 transition-colors hover:border-line-strong hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
    >
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <TradeStateBadge state={trade.state} />
          {trade.flagged && (
            <span className="inline-flex items-center gap-1 text-xs font-semibold text-danger">
              <TriangleAlert aria-hidden className="size-3.5" />
              Prazo vencido
            </span>
          )}
        </div>
        <p className="mt-2 truncate font-semibold text-fg">{trade.listingTitle}</p>
        <p className="mt-0.5 flex flex-wrap gap-x-3 gap-y-0.5 text-sm text-muted">
          <span className="font-semibold text-accent">{formatPrice(trade.amountCents)}</span>
          <span>
            {trade.role === 'intermediador'
              ? `Intermediador · ${trade.counterpartName}`
              : `Você é ${tradeRoleLabels[trade.role]} · com ${trade.counterpartName}`}
          </span>
          {open && trade.deadlineAt && <span>Prazo: {formatDayAtTime(trade.deadlineAt)}</span>}
        </p>
      </div>
      <ChevronRight aria-hidden className="size-5 shrink-0 text-subtle group-hover:text-fg" />
    </Link>
  );
}
