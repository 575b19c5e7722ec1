import { type OfferStatus, offerStatusLabels } from '@shared/offer-constants';
import { cn } from '@web/lib/cn';

const tones: Record<OfferStatus, string> = {
  pending: 'border-warning/40 bg-warning/10 text-warning',
  accepted: 'border-accent/40 bg-accent-soft text-accent',
  rejected: 'border-danger/40 bg-danger/10 text-danger',
  withdrawn: 'border-line-strong bg-surface-3 text-muted',
};

/** 'Pendente', 'Aceita', 'Recusada' or 'Retirada'. */
export function OfferStatusBadge({ status }: { status: OfferStatus }) {
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center rounded-full border px-2 py-px text-[0.7rem] font-semibold',
        tones[status],
      )}
    >
      {offerStatusLabels[status]}
    </span>
  );
}
