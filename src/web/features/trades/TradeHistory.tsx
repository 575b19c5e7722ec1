import { type TradeView, tradeRoleLabels } from '@shared/trades';
import { formatDateAtTime } from '@web/lib/format';

/** Every event of the trade, oldest first, with who did it, in which role, and when. */
export function TradeHistory({ events }: { events: TradeView['events'] }) {
  return (
    <section aria-labelledby="historico" className="rounded-2xl border border-line bg-surface p-5 sm:p-6">
      <h2 id="historico" className="font-display text-lg font-semibold tracking-wide text-fg">
        Histórico
      </h2>
      {events.length === 0 ? (
        <p className="mt-3 text-sm text-muted">Nada aconteceu ainda.</p>
      ) : (
        <ol className="mt-4 flex flex-col gap-3 border-l border-line-strong pl-4">
          {events.map((event) => (
            <li key={event.id} className="relative">
              <span
                aria-hidden
                className="absolute top-1.5 -left-[1.3125rem] size-2 rounded-full bg-accent/70"
              />
              <p className="text-sm text-fg">{event.text}</p>
              <p className="mt-0.5 text-xs text-muted">
                {event.actorName ? (
                  <>
                    {event.actorName}
                    {event.actorRole && ` (${tradeRoleLabels[event.actorRole]})`}
                  </>
                ) : (
                  'Sistema'
                )}
                {' · '}
                <time dateTime={event.createdAt}>{formatDateAtTime(event.createdAt)}</time>
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
