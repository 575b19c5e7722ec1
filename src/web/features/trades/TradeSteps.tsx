import { type StepStatus, type TradeView, tradeRoleLabels } from '@shared/trades';
import { cn } from '@web/lib/cn';
import { CircleCheck, CircleDashed, CircleDot, type LucideIcon } from 'lucide-react';

const statusLooks: Record<StepStatus, { icon: LucideIcon; label: string; className: string }> = {
  pending: { icon: CircleDashed, label: 'Pendente', className: 'text-subtle' },
  active: { icon: CircleDot, label: 'Em andamento', className: 'text-warning' },
  completed: { icon: CircleCheck, label: 'Concluída', className: 'text-accent' },
};

/** The four steps of part 2 §4, in order, each with its status (icon and word) and who is responsible. */
export function TradeSteps({ steps }: { steps: TradeView['steps'] }) {
  return (
    <section aria-labelledby="etapas" className="rounded-2xl border border-line bg-surface p-5 sm:p-6">
      <h2 id="etapas" className="font-display text-lg font-semibold tracking-wide text-fg">
        Etapas
      </h2>
      <ol className="mt-4 flex flex-col">
        {steps.map((step, index) => {
          const look = statusLooks[step.status];
          const Icon = look.icon;
          const last = index === steps.length - 1;
          return (
            <li
              key={step.key}
              aria-current={step.status === 'active' ? 'step' : undefined}
              className="relative flex gap-3 pb-5 last:pb-0"
            >
              {!last && (
                <span
                  aria-hidden
                  className={cn(
                    'absolute top-7 bottom-1 left-[0.6875rem] w-px',
                    step.status === 'completed' ? 'bg-accent/50' : 'bg-line-strong',
                  )}
                />
              )}
              <Icon aria-hidden className={cn('relative mt-0.5 size-6 shrink-0', look.className)} />
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5">
                  <span className={cn('font-semibold', step.status === 'pending' ? 'text-muted' : 'text-fg')}>
                    {index + 1}. {step.title}
                  </span>
                  <span className={cn('text-xs font-semibold', look.className)}>{look.label}</span>
                </p>
                <p className="mt-0.5 text-sm text-muted">{step.description}</p>
                <p className="mt-1 text-xs text-subtle">Responsável: {tradeRoleLabels[step.role]}</p>
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
