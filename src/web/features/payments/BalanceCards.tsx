import { formatPrice } from '@shared/money';
import { Skeleton } from '@web/components/ui/skeleton';
import { Hourglass, Wallet } from 'lucide-react';
import { usePaymentHistory } from './api';

/**
 * Available: what the ledger owes the user now. Held: the user's sales still in escrow, which only the trades
 * can attribute to a seller (the answer is null until then), so the card says so instead of showing a number.
 */
export function BalanceCards() {
  const history = usePaymentHistory();
  const balances = history.data?.balances;

  return (
    <dl className="grid gap-3 sm:grid-cols-2">
      <div className="rounded-2xl border border-accent/30 bg-accent-soft/40 p-5">
        <dt className="flex items-center gap-2 text-sm font-medium text-muted">
          <Wallet aria-hidden className="size-4 text-accent" />
          Saldo disponível
        </dt>
        <dd className="mt-2 font-display text-2xl font-bold tracking-wide text-fg tabular-nums">
          {balances ? formatPrice(balances.availableCents) : <Skeleton className="h-8 w-32" />}
        </dd>
      </div>
      <div className="rounded-2xl border border-line bg-surface p-5">
        <dt className="flex items-center gap-2 text-sm font-medium text-muted">
          <Hourglass aria-hidden className="size-4 text-warning" />
          Saldo retido
        </dt>
        <dd className="mt-2 font-display text-2xl font-bold tracking-wide text-fg tabular-nums">
          {!balances ? (
            <Skeleton className="h-8 w-32" />
          ) : balances.heldCents === null ? (
            <>
              <span aria-hidden>—</span>
              <span className="mt-1 block font-sans text-xs font-normal tracking-normal text-subtle">
                Valores de vendas em andamento aparecerão aqui com as negociações protegidas.
              </span>
            </>
          ) : (
            formatPrice(balances.heldCents)
          )}
        </dd>
      </div>
    </dl>
  );
}
