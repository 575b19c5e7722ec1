import { paths } from '@shared/paths';
import { Skeleton } from '@web/components/ui/skeleton';
import { Link } from 'react-router';
import { useMyPayouts } from './api';
import { PayoutCardBody } from './PayoutTimeline';

/** /pagamentos › Repasses: the seller's payouts, newest first, each with its timeline. */
export function MyPayoutsPanel() {
  const payouts = useMyPayouts();
  return (
    <section aria-labelledby="repasses-titulo" className="flex flex-col gap-4">
      <h2 id="repasses-titulo" className="font-display text-lg font-semibold tracking-wide text-fg">
        Repasses
      </h2>
      {payouts.isPending ? (
        <Skeleton className="h-40 rounded-xl" />
      ) : payouts.isError ? (
        <p className="text-sm text-danger">Não foi possível carregar seus repasses.</p>
      ) : payouts.data.payouts.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-line px-6 py-10 text-center text-sm text-muted">
          Nenhum repasse ainda: quando o comprador confirmar uma entrega, o repasse aparece aqui.
        </p>
      ) : (
        <ul className="grid gap-3">
          {payouts.data.payouts.map((p) => (
            <li key={p.tradeId} className="flex flex-col gap-2 rounded-xl border border-line bg-surface p-4">
              <Link to={paths.trade(p.tradeId)} className="font-semibold text-fg hover:text-accent">
                #{p.tradeId} · {p.listingTitle}
              </Link>
              <PayoutCardBody payout={p} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
