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
