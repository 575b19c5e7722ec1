import { paths } from '@shared/paths';
import { reviewNotices } from '@shared/review-messages';
import { REVIEW_FORM_ANCHOR } from '@shared/reviews';
import type { NotifyInput } from '../notifications/service';

/**
 * Asks both parties of a trade that just completed to review each other: the notices the transaction that completes
 * it writes (so the request exists only if the completion commits). The link opens the room at its review form.
 */
export function reviewRequests(trade: {
  id: number;
  buyerId: string;
  sellerId: string;
  listingTitle: string;
}): NotifyInput[] {
  const link = `${paths.trade(trade.id)}#${REVIEW_FORM_ANCHOR}`;
  return [
    {
      userId: trade.buyerId,
      kind: 'trade_step',
      link,
      ...reviewNotices.requested('o vendedor', trade.listingTitle),
    },
    {
      userId: trade.sellerId,
      kind: 'trade_step',
      link,
      ...reviewNotices.requested('o comprador', trade.listingTitle),
    },
  ];
}
