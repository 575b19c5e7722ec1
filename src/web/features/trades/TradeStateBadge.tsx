import { type TradeState, tradeStateLabels } from '@shared/trades';
import { cn } from '@web/lib/cn';
import {
  CircleCheck,
  CircleX,
  Clock,
  HandCoins,
  type LucideIcon,
  ShieldAlert,
  ShieldCheck,
  Undo2,
} from 'lucide-react';

const looks: Record<TradeState, { icon: LucideIcon; className: string }> = {
  awaiting_value: { icon: Clock, className: 'border-warning/40 bg-warning/10 text-warning' },
  value_proposed: { icon: HandCoins, className: 'border-warning/40 bg-warning/10 text-warning' },
  awaiting_payment: { icon: Clock, className: 'border-warning/40 bg-warning/10 text-warning' },
  awaiting_delivery: { icon: Clock, className: 'border-warning/40 bg-warning/10 text-warning' },
  delivered: { icon: Clock, className: 'border-warning/40 bg-warning/10 text-warning' },
  in_warranty: { icon: ShieldCheck, className: 'border-accent/40 bg-accent-soft text-accent' },
  awaiting_release: { icon: Clock, className: 'border-warning/40 bg-warning/10 text-warning' },
  disputed: { icon: ShieldAlert, className: 'border-danger/50 bg-danger/10 text-danger' },
  completed: { icon: CircleCheck, className: 'border-accent/40 bg-accent-soft text-accent' },
  cancelled: { icon: CircleX, className: 'border-line-strong bg-surface-3 text-muted' },
  refunded: { icon: Undo2, className: 'border-line-strong bg-surface-3 text-muted' },
};

/** The trade's state in words, with an icon (never colour alone). */
export function TradeStateBadge({ state, className }: { state: TradeState; className?: string }) {
  const { icon: Icon, className: look } = looks[state];
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-xs font-semibold',
        look,
        className,
      )}
    >
      <Icon aria-hidden className="size-3.5 shrink-0" />
      {tradeStateLabels[state]}
    </span>
  );
}
