import { formatFeeRate } from '@shared/fees';
import { formatPrice } from '@shared/money';
import { Skeleton } from '@web/components/ui/skeleton';
import { Hourglass, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { usePaymentHistory } from './api';

function BalanceCard({
  label,
  hint,
  cents,
  icon,
  highlighted,
}: {
  label: string;
  hint: string;
  cents: number | undefined;
  icon: ReactNode;
  highlighted?: boolean;
}) {
  return (
    <div
      className={
        highlighted
          ? 'rounded-2xl border border-accent/30 bg-accent-soft/40 p-5'
          : 'rounded-2xl border border-line bg-surface p-5'
      }
    >
      <dt className="flex items-center gap-2 text-sm font-medium text-muted">
        {icon}
        {label}
      </dt>
      <dd className="mt-2 font-display text-2xl font-bold tracking-wide text-fg tabular-nums">
        {cents === undefined ? <Skeleton className="h-8 w-32" /> : formatPrice(cents)}
      </dd>
      <dd className="mt-1 text-xs text-subtle">{hint}</dd>
    </div>
  );
}

/**
 * Available: what the ledger owes the user now (a release or a refund not yet transferred). Held: what buyers
 * paid for the user's sales that the escrow still holds, before the fee; the pending lines of the history show
 * the same sales net of it.
 */
export function BalanceCards() {
  const history = usePaymentHistory();
  const balances = history.data?.balances;

  return (
    <dl className="grid gap-3 sm:grid-cols-2">
      <BalanceCard
        highlighted
        label="Saldo disponível"
        hint="Liberado para você e ainda não transferido para a sua chave PIX."
        cents={balances?.availableCents}
        icon={<Wallet aria-hidden className="size-4 text-accent" />}
      />
      <BalanceCard
        label="Saldo retido"
        hint={`Pago pelos compradores nas suas vendas em andamento, protegido até a liberação (antes da taxa de ${formatFeeRate()}).`}
        cents={balances?.heldCents}
        icon={<Hourglass aria-hidden className="size-4 text-warning" />}
      />
    </dl>
  );
}
