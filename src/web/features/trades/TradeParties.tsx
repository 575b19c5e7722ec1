import { type TradeRole, type TradeView, tradeRoleLabels } from '@shared/trades';
import { UserAvatar } from '@web/components/ui/avatar';
import { useMe } from '@web/features/accounts/api';
import { UserSeals } from '@web/features/reputation/SealBadges';
import { cn } from '@web/lib/cn';
import { Hourglass } from 'lucide-react';

type Person = TradeView['buyer'];

/** Comprador, Vendedor and Intermediador ('Aguardando intermediador' until staff take the trade). */
export function TradeParties({ trade }: { trade: TradeView }) {
  // By identity, not role: a staff member who does not hold the trade (an admin took it over) is not its intermediary.
  const viewerId = useMe().data?.id;
  const parties: [TradeRole, Person | null][] = [
    ['comprador', trade.buyer],
    ['vendedor', trade.seller],
    ['intermediador', trade.intermediary],
  ];
  return (
    <section aria-labelledby="participantes" className="rounded-2xl border border-line bg-surface p-5 sm:p-6">
      <h2 id="participantes" className="font-display text-lg font-semibold tracking-wide text-fg">
        Participantes
      </h2>
      <ul className="mt-4 flex flex-col gap-3">
        {parties.map(([role, person]) => (
          <li key={role} className="flex items-center gap-3">
            {person ? (
              <UserAvatar name={person.name} src={person.avatarUrl} size="lg" />
            ) : (
              <span
                aria-hidden
                className="inline-flex size-10 shrink-0 items-center justify-center rounded-full border border-dashed border-line-strong text-subtle"
              >
                <Hourglass className="size-4" />
              </span>
            )}
            <div className="min-w-0">
              <p className="text-xs font-semibold uppercase tracking-wide text-muted">
                {tradeRoleLabels[role]}
                {person && person.id === viewerId && <span className="ml-1.5 text-accent">(você)</span>}
              </p>
              <p className={cn('truncate text-sm', person ? 'font-semibold text-fg' : 'text-muted italic')}>
                {person ? person.name : 'Aguardando intermediador'}
              </p>
              {role === 'vendedor' && person && <UserSeals username={person.name} className="mt-1" />}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
