import { isLowOffer, type OfferStatus, offerStatusLabels } from '@shared/offer-constants';
import { offerMessages } from '@shared/offer-messages';
import { cn } from '@web/lib/cn';
import { TrendingDown } from 'lucide-react';

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

/** 'Oferta abaixo de 50% do preço', for the seller beside an offer far below the listing's price. */
export function LowOfferLabel({ amountCents, priceCents }: { amountCents: number; priceCents: number }) {
  if (!isLowOffer(amountCents, priceCents)) return null;
  return (
    <span className="inline-flex shrink-0 items-center gap-1 rounded-full border border-line-strong bg-surface-3 px-2 py-px text-[0.7rem] font-semibold text-fg">
      <TrendingDown aria-hidden className="size-3 text-warning" />
      {offerMessages.lowOfferLabel}
    </span>
  );
}
