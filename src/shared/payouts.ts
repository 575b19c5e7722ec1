import { z } from 'zod';
import { id } from './api';
import { payoutStates } from './payout-process';

/** What the payouts' routes say (issue 36); ours. */
export const payoutMessages = {
  notFound: 'Esta intermediação ainda não tem repasse.',
  notHeld: 'Este repasse não está retido.',
  notFailed: 'Só um repasse não realizado pode ser pago à mão.',
  reasonRequired: 'Descreva o motivo (pelo menos 5 caracteres).',
  paused: 'Repasses automáticos pausados',
  resumed: 'Repasses automáticos retomados',
  holdReleased: 'Retenção liberada: o repasse volta à fila de envio.',
  takenByHand: 'Repasse passado ao pagamento manual: pague pelo banco e informe o E2E na intermediação.',
} as const;

const reason = z.string().trim().min(5, payoutMessages.reasonRequired).max(1000);

/** One line of a payout's timeline, oldest first. */
export const payoutStep = z.object({
  at: z.string(),
  text: z.string(),
});

/** The payout as its seller (or an admin) reads it on the trade and on /pagamentos. */
export const payoutView = z.object({
  tradeId: z.number().int(),
  listingTitle: z.string(),
  state: z.enum(payoutStates),
  stateLabel: z.string(),
  amountCents: z.number().int(),
  /** Masked for the seller ('•••.•••.•••-••'), in full for admins. */
  pixKey: z.string().nullable(),
  pspId: z.string(),
  dueAt: z.string(),
  heldUntil: z.string().nullable(),
  holdReason: z.string().nullable(),
  failureReason: z.string().nullable(),
  endToEndId: z.string().nullable(),
  paidAt: z.string().nullable(),
  /** From the buyer's confirmation (the payout due) to the PIX paid, in seconds. */
  secondsToPay: z.number().int().nullable(),
  timeline: z.array(payoutStep),
});
export type PayoutView = z.infer<typeof payoutView>;

export const myPayouts = z.object({ payouts: z.array(payoutView) });
export type MyPayouts = z.infer<typeof myPayouts>;

export const payoutDeskQuery = z.object({ state: z.enum(payoutStates).optional() });

/** 'Repasses' for automatic payouts: counts by state, failures first, the day's totals, the kill switch. */
export const payoutDesk = z.object({
  automatic: z.boolean(),
  provider: z.string(),
  paused: z.boolean(),
  pausedReason: z.string().nullable(),
  pausedAt: z.string().nullable(),
  counts: z.record(z.enum(payoutStates), z.number().int()),
  today: z.object({ paidCount: z.number().int(), paidCents: z.number().int() }),
  payouts: z.array(
    payoutView.extend({
      sellerName: z.string(),
      holderName: z.string().nullable(),
    }),
  ),
});
export type PayoutDesk = z.infer<typeof payoutDesk>;

export const payoutPauseInput = z.object({ reason });
export const payoutHoldReleaseInput = z.object({ reason });
export const payoutTradeParams = z.object({ tradeId: id });
