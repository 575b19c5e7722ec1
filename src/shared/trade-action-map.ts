import { z } from 'zod';
import type { TradeAction } from './trade-process';
import {
  cancelInput,
  confirmPaymentInput,
  confirmValueInput,
  decideDisputeInput,
  markDeliveredInput,
  openDisputeInput,
  recommendDecisionInput,
  releaseInput,
  takeOverInput,
} from './trades';

/** Steps with nothing to say (confirm the delivery, take the trade). */
export const emptyStepInput = z.object({}).optional();

export interface TradeActionRoute {
  /** Under /api/trades/:id/. */
  path: string;
  /** The body the route accepts; the room's forms check the same schema (or a stricter one) first. */
  input: z.ZodType;
  /** The step also takes a multipart form with up to 4 photos under 'photos' (JSON still works without them). */
  photos?: true;
}

/**
 * Each button of the room (`tradeActions` of the process), its route and its input, written once: the server
 * registers the routes from it and the web calls them through it (`useTradeAction`). Every step answers with the
 * room as it is after the step, except `reveal_credentials`, which answers the decrypted credentials.
 */
export const tradeActionMap = {
  confirm_value: { path: 'value', input: confirmValueInput },
  accept_value: { path: 'value/accept', input: emptyStepInput },
  decline_value: { path: 'value/decline', input: emptyStepInput },
  confirm_payment: { path: 'payment', input: confirmPaymentInput },
  mark_delivered: { path: 'delivery', input: markDeliveredInput, photos: true },
  confirm_delivery: { path: 'delivery/confirm', input: emptyStepInput },
  release: { path: 'release', input: releaseInput },
  cancel: { path: 'cancel', input: cancelInput },
  open_dispute: { path: 'dispute', input: openDisputeInput, photos: true },
  add_evidence: { path: 'dispute/photos', input: emptyStepInput, photos: true },
  decide_dispute: { path: 'dispute/decision', input: decideDisputeInput },
  recommend_decision: { path: 'dispute/recommendation', input: recommendDecisionInput },
  take: { path: 'take', input: emptyStepInput },
  take_over: { path: 'take-over', input: takeOverInput },
  reveal_credentials: { path: 'credentials', input: emptyStepInput },
} as const satisfies Record<TradeAction, TradeActionRoute>;
export type TradeActionMap = typeof tradeActionMap;

/** The body an action's route takes, as the caller sends it. */
export type TradeActionBody<A extends TradeAction> = z.input<TradeActionMap[A]['input']>;

/** '/api/trades/12/dispute/photos'. */
export const tradeActionUrl = (tradeId: number, action: TradeAction) =>
  `/api/trades/${tradeId}/${tradeActionMap[action].path}`;
