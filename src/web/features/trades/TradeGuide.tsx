import { isTradeOpen, type TradeStep, type TradeView } from '@shared/trades';
import { cn } from '@web/lib/cn';
import { formatDayAtTime } from '@web/lib/format';
import { isInstantTrade } from './instant-trade';
import { buyerProtectionLine, tradeGuideFor } from './trade-guide';
import { describeDeadline } from './trade-time';

/** The steps' short names, for the progress bar under the header. */
const shortNames: Record<TradeStep, string> = {
  value_confirmation: 'Valor',
  payment_confirmation: 'Pagamento',
  delivery_confirmation: 'Entrega',
  payment_release: 'Repasse',
};
const statusWords = { pending: 'pendente', active: 'em andamento', completed: 'concluída' } as const;

/**
 * The room's guide: step N of 4, what to do now, who it waits for and until when, and the four steps as a bar.
 * On a phone it sticks under the top bar, so the next move stays in sight while the chat scrolls.
 */
export function TradeGuide({ trade }: { trade: TradeView }) {
  const guide = tradeGuideFor({ ...trade, instant: isInstantTrade(trade) });
  const detail =
    buyerProtectionLine(trade, formatDayAtTime) ??
    (trade.deadline && isTradeOpen(trade.state)
      ? describeDeadline(trade.deadline.state, trade.deadline.at, trade.viewerRole)
      : null);
  return (
    <section
      aria-labelledby="andamento"
      className="sticky top-14 z-20 -mx-4 border-y border-line bg-bg/95 px-4 py-3 backdrop-blur-md sm:-mx-6 sm:px-6 lg:static lg:mx-0 lg:rounded-2xl lg:border lg:bg-surface lg:p-5"
    >
      <h2 id="andamento" className="text-xs font-semibold uppercase tracking-widest text-accent">
        {guide.step ? `Etapa ${guide.step} de 4 · ${guide.stepTitle}` : 'Andamento'}
      </h2>
      <p className="mt-1 font-semibold text-fg lg:text-lg">{guide.now}</p>
      {detail && <p className="mt-0.5 text-sm text-muted">{detail}</p>}
      <ol className="mt-3 grid grid-cols-4 gap-1.5">
        {trade.steps.map((step) => (
          <li key={step.key} aria-current={step.status === 'active' ? 'step' : undefined}>
            <span
              aria-hidden
              className={cn(
                'block h-1.5 rounded-full',
                step.status === 'completed'
                  ? 'bg-accent'
                  : step.status === 'active'
                    ? 'bg-warning'
                    : 'bg-line-strong',
              )}
            />
            <span
              className={cn(
                'mt-1 block truncate text-[0.6875rem]',
                step.status === 'pending' ? 'text-muted' : 'font-medium text-fg',
              )}
            >
              {shortNames[step.key]}
              <span className="sr-only">: {statusWords[step.status]}</span>
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
