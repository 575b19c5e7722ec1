import { z } from 'zod';
import { id } from './api';
import { MAX_PRICE_CENTS, parsePriceCents } from './money';
import { tradeMessages as m } from './trade-messages';
import {
  type TradeRole,
  type TradeState,
  type TradeStep,
  tradeActions,
  tradeEventKinds,
  tradeRoles,
  tradeStateInfo,
  tradeStates,
  tradeSteps,
} from './trade-process';

export {
  finishedTradeStates,
  isTradeOpen,
  paidTradeStates,
  reservingTradeStates,
  type TradeAction,
  type TradeEventKind,
  type TradeRole,
  type TradeState,
  type TradeStep,
  tradeActions,
  tradeActionsFor,
  tradeEventKinds,
  tradeRoles,
  tradeStates,
  tradeSteps,
} from './trade-process';

/** How each state reads in the room and the lists (from the process, decision 020). */
export const tradeStateLabels = Object.fromEntries(
  tradeStates.map((s) => [s, tradeStateInfo[s].label]),
) as Record<TradeState, string>;

export const tradeRoleLabels: Record<TradeRole, string> = {
  comprador: 'Comprador',
  vendedor: 'Vendedor',
  intermediador: 'Intermediador',
};

export const tradeStepInfo: Record<TradeStep, { title: string; description: string; role: TradeRole }> = {
  value_confirmation: {
    title: 'Confirmação do valor',
    description: 'O vendedor confirma o valor combinado; um valor diferente precisa do aceite do comprador.',
    role: 'vendedor',
  },
  payment_confirmation: {
    title: 'Confirmação do pagamento',
    description: 'O comprador paga por PIX e um administrador confirma o recebimento.',
    role: 'intermediador',
  },
  delivery_confirmation: {
    title: 'Confirmação da entrega',
    description: 'O vendedor entrega o produto e o comprador confirma o recebimento.',
    role: 'comprador',
  },
  payment_release: {
    title: 'Liberação do pagamento',
    description: 'Um administrador repassa o valor ao vendedor por PIX (contas: após a garantia).',
    role: 'intermediador',
  },
};

export type StepStatus = 'pending' | 'active' | 'completed';

/** pending → active → completed, read from the state's step in the process. A cancelled trade keeps its completed steps. */
export function stepStatuses(state: TradeState, reachedStep: number): Record<TradeStep, StepStatus> {
  const current = tradeStateInfo[state].step;
  const done = current ?? reachedStep;
  return Object.fromEntries(
    tradeSteps.map((step, i) => [step, i < done ? 'completed' : i === current ? 'active' : 'pending']),
  ) as Record<TradeStep, StepStatus>;
}

const amountInReais = z
  .string()
  .trim()
  .min(1, m.valueRequired)
  .transform((text, ctx) => {
    const cents = parsePriceCents(text);
    if (!Number.isFinite(cents) || cents <= 0 || cents > MAX_PRICE_CENTS) {
      ctx.addIssue({ code: 'custom', message: m.valueInvalid });
      return z.NEVER;
    }
    return cents;
  });

export const startTradeInput = z.object({ listingId: id });
export const confirmValueInput = z.object({ amount: amountInReais });

/**
 * The end-to-end id of a PIX transfer (Banco Central's SPI manual): 'E', the payer institution's ISPB (8 digits),
 * the date and time AAAAMMDDHHMM (UTC), and 11 letters or digits: 32 characters.
 */
export const END_TO_END_PATTERN =
  /^E\d{8}20\d{2}(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])([01]\d|2[0-3])[0-5]\d[A-Za-z0-9]{11}$/;
export const endToEndId = z.string().trim().regex(END_TO_END_PATTERN, m.endToEndInvalid);

export const MAX_TRADE_NOTE = 1000;
export const MAX_CREDENTIALS = 2000;
export const MAX_REASON = 1000;

const reason = z.string().trim().min(5, m.reasonRequired).max(MAX_REASON, m.reasonTooLong);

export const markDeliveredInput = z.object({
  note: z
    .string()
    .trim()
    .max(MAX_TRADE_NOTE, m.noteTooLong)
    .transform((v) => v || null)
    .optional(),
  /** Account logins, codes: stored encrypted, shown to the buyer only (and to staff in a dispute). */
  credentials: z
    .string()
    .trim()
    .max(MAX_CREDENTIALS, m.credentialsTooLong)
    .transform((v) => v || null)
    .optional(),
});
/** Decrypted for the buyer after payment, and for staff in a dispute; each reveal is audited. */
export const revealedCredentials = z.object({ credentials: z.string() });
export const confirmPaymentInput = z.object({ endToEndId: endToEndId.optional() });
export const releaseInput = z.object({ endToEndId });
/** After payment only staff cancel, and the refund's PIX transfer id is then required. */
export const cancelInput = z.object({ reason, endToEndId: endToEndId.optional() });
export const openDisputeInput = z.object({ reason });
/** Refund: the refund's E2E id (manual PIX; with API Pix the devolução is sent by the PSP). Release: the payout becomes due. */
export const decideDisputeInput = z.object({
  decision: z.enum(['release', 'refund']),
  reason,
  endToEndId: endToEndId.optional(),
});
/** A moderator's recommended decision; an admin confirms it. */
export const recommendDecisionInput = z.object({ decision: z.enum(['release', 'refund']), reason });
/** An admin takes a trade held by another staff member. */
export const takeOverInput = z.object({ reason });

/**
 * Photos inside a trade: the seller's proof of delivery (with the delivery step) and each party's evidence in a
 * dispute (with its opening, or while it is open). They are private: served only to who sees the trade.
 */
export const tradePhotoPurposes = ['delivery_proof', 'dispute_evidence'] as const;
export type TradePhotoPurpose = (typeof tradePhotoPurposes)[number];
/** Proof photos per delivery, and evidence photos per party in a dispute; 5 MB each, as a listing's. */
export const MAX_TRADE_PHOTOS = 4;

export const tradePhoto = z.object({
  id: z.number().int(),
  purpose: z.enum(tradePhotoPurposes),
  /** The private route (`GET /api/trades/:id/photos/:photoId`); `?w=320|640|1280` picks a width. */
  url: z.string(),
  /** Null once the uploader's account is gone. */
  uploadedByRole: z.enum(tradeRoles).nullable(),
  createdAt: z.string(),
});
export type TradePhoto = z.infer<typeof tradePhoto>;
export const tradePhotoParams = z.object({ id, photoId: id });
export const tradePhotoQuery = z.object({ w: z.coerce.number().int().min(1).max(4096).optional() });

const person = z.object({ id: z.string(), name: z.string(), avatarUrl: z.string().nullable() });

export const tradeEvent = z.object({
  id: z.number().int(),
  kind: z.enum(tradeEventKinds),
  text: z.string(),
  actorName: z.string().nullable(),
  actorRole: z.enum(tradeRoles).nullable(),
  createdAt: z.string(),
});

export const tradeCharge = z.object({
  txid: z.string(),
  amountCents: z.number().int(),
  copiaECola: z.string(),
  qrSvg: z.string(),
  /** True when the PSP confirms payment by itself (API Pix); false when the intermediary does. */
  automatic: z.boolean(),
});

export const tradeView = z.object({
  id: z.number().int(),
  state: z.enum(tradeStates),
  amountCents: z.number().int(),
  /** What the seller receives and the platform's fee, in cents (part 2 §9). */
  sellerShareCents: z.number().int(),
  feeCents: z.number().int(),
  /** The trade's fee rate, fixed at its opening from the seller's seals: the value step shows it on any amount. */
  feeRateBps: z.number().int(),
  listing: z.object({
    /** Null once the listing was deleted. */
    id: z.number().int().nullable(),
    title: z.string(),
    kind: z.string(),
    /**
     * After the release: 'sold' when the last unit went ('Produto Vendido'), else 'active' ('Estoque Atualizado');
     * 'paused': an instant-delivery listing out of codes, or paused by staff (issue 37).
     */
    status: z.enum(['active', 'sold', 'paused']).nullable(),
    quantity: z.number().int().nullable(),
  }),
  buyer: person,
  seller: person,
  intermediary: person.nullable(),
  /** The viewer's role in this trade; staff who are not a party are 'intermediador'. */
  viewerRole: z.enum(tradeRoles),
  steps: z.array(
    z.object({
      key: z.enum(tradeSteps),
      title: z.string(),
      description: z.string(),
      role: z.enum(tradeRoles),
      status: z.enum(['pending', 'active', 'completed']),
    }),
  ),
  actions: z.array(z.enum(tradeActions)),
  /** The timer of the current state (decision 020): which state it ends and when. */
  deadline: z.object({ state: z.enum(tradeStates), at: z.string() }).nullable(),
  /** The seller proposed a value other than the agreed one; the buyer accepts or declines it in the room. */
  proposal: z.object({ agreedCents: z.number().int(), proposedCents: z.number().int() }).nullable(),
  /** An account sale's warranty window (payout held until it ends). */
  warranty: z.object({ endsAt: z.string() }).nullable(),
  /** Set when a timer passed that waits on staff (delivery not marked, payment not released). */
  flaggedAt: z.string().nullable(),
  charge: tradeCharge.nullable(),
  delivery: z
    .object({
      note: z.string().nullable(),
      markedAt: z.string(),
      confirmedAt: z.string().nullable(),
      autoConfirmed: z.boolean(),
      /** The credentials themselves come only from the reveal route, which audits each reading. */
      hasCredentials: z.boolean(),
      /** Delivered by instant delivery (issue 37): the credentials are the code from the seller's vault. */
      automatic: z.boolean().optional(),
    })
    .nullable(),
  dispute: z
    .object({
      openedBy: z.enum(tradeRoles),
      reason: z.string(),
      openedAt: z.string(),
      decision: z.enum(['release', 'refund']).nullable(),
      decisionReason: z.string().nullable(),
      decidedAt: z.string().nullable(),
      /** Staff decide by then (business hours); past it the dispute is flagged. */
      decideBy: z.string().nullable(),
      recommendation: z
        .object({ decision: z.enum(['release', 'refund']), reason: z.string(), byName: z.string() })
        .nullable(),
    })
    .nullable(),
  cancelReason: z.string().nullable(),
  /**
   * The seller's payout, once due: the key fixed then (in full for admins, who pay it; masked for everyone else),
   * the holder, the exact amount after the fee, and the transfer once paid.
   */
  payout: z
    .object({
      keyType: z.string().nullable(),
      pixKey: z.string().nullable(),
      holderName: z.string().nullable(),
      amountCents: z.number().int(),
      dueAt: z.string(),
      endToEndId: z.string().nullable(),
      paidAt: z.string().nullable(),
    })
    .nullable(),
  /** A refund's transfer: the E2E id staff recorded, or the API Pix devolução's return id. */
  refund: z.object({ endToEndId: z.string().nullable(), returnId: z.string().nullable() }).nullable(),
  /** Since when a devolução asked of the PSP is still being processed (API Pix): the refund is not booked yet. */
  refundPendingSince: z.string().nullable(),
  /** Whether the seller has a default PIX key (the release needs one: 'Chave PIX necessária'). */
  sellerHasPixKey: z.boolean(),
  /** Delivery proof and dispute evidence, oldest first. */
  photos: z.array(tradePhoto),
  events: z.array(tradeEvent),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TradeView = z.infer<typeof tradeView>;

export const tradeSummary = z.object({
  id: z.number().int(),
  state: z.enum(tradeStates),
  amountCents: z.number().int(),
  listingTitle: z.string(),
  role: z.enum(tradeRoles),
  counterpartName: z.string(),
  deadlineAt: z.string().nullable(),
  flagged: z.boolean(),
  updatedAt: z.string(),
});
export type TradeSummary = z.infer<typeof tradeSummary>;

export const tradeList = z.object({ trades: z.array(tradeSummary) });
export type TradeList = z.infer<typeof tradeList>;
export const tradeListQuery = z.object({
  /** Staff only: every trade waiting on staff (payment, release, disputes, flags). */
  scope: z.enum(['mine', 'desk']).default('mine'),
});
