/**
 * The offers' states, their labels and limits, without their schemas: the listing page shows a status badge and
 * importing ./offers would build every zod schema on load. ./offers re-exports them.
 */
export const offerStatuses = ['pending', 'accepted', 'rejected', 'withdrawn'] as const;
export type OfferStatus = (typeof offerStatuses)[number];

export const offerStatusLabels: Record<OfferStatus, string> = {
  pending: 'Pendente',
  accepted: 'Aceita',
  rejected: 'Recusada',
  withdrawn: 'Retirada',
};

export const MAX_OFFER_MESSAGE = 500;

/**
 * An offer under this share of the listing's price is far below it (issue 34): the buyer is warned before
 * sending it (it still goes), and the seller sees it labelled. The sales policies page states it.
 */
export const LOW_OFFER_RATIO = 0.5;
export const lowOfferPercent = `${LOW_OFFER_RATIO * 100}%`;

/** Whether an offer of `amountCents` on a listing priced `priceCents` is far below the price. */
export const isLowOffer = (amountCents: number, priceCents: number): boolean =>
  amountCents < priceCents * LOW_OFFER_RATIO;
