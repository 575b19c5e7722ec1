import { z } from 'zod';
import { id } from './api';
import { MAX_PRICE_CENTS, parsePriceCents } from './money';
import { tradeMessages as m } from './trade-messages';

/**
 * A protected trade (intermediação) is a server-side state machine (docs/decisions/010-trades.md). The four
 * steps of part 2 §4 are read from the state; `disputed` pauses them, and three states end the trade.
 */
export const tradeStates = [
  'awaiting_value',
  'awaiting_payment',
  'awaiting_delivery',
  'delivered',
  'awaiting_release',
  'disputed',
  'completed',
  'cancelled',
  'refunded',
] as const;
export type TradeState = (typeof tradeStates)[number];

export const tradeStateLabels: Record<TradeState, string> = {
  awaiting_value: 'Aguardando confirmação do valor',
  awaiting_payment: 'Aguardando pagamento',
  awaiting_delivery: 'Aguardando entrega',
  delivered: 'Entrega marcada, aguardando o comprador',
  awaiting_release: 'Aguardando liberação do pagamento',
  disputed: 'Em disputa',
  completed: 'Concluída',
  cancelled: 'Cancelada',
  refunded: 'Reembolsada',
};

export const finishedTradeStates: readonly TradeState[] = ['completed', 'cancelled', 'refunded'];
export const isTradeOpen = (state: TradeState) => !finishedTradeStates.includes(state);

/** States in which the trade holds one unit of the listing's stock (from the value's confirmation to the end). */
export const reservingTradeStates: readonly TradeState[] = [
  'awaiting_payment',
  'awaiting_delivery',
  'delivered',
  'awaiting_release',
  'disputed',
];

/** States in which the buyer's money sits in escrow. */
export const paidTradeStates: readonly TradeState[] = [
  'awaiting_delivery',
  'delivered',
  'awaiting_release',
  'disputed',
];

export const tradeRoles = ['comprador', 'vendedor', 'intermediador'] as const;
export type TradeRole = (typeof tradeRoles)[number];
export const tradeRoleLabels: Record<TradeRole, string> = {
  comprador: 'Comprador',
  vendedor: 'Vendedor',
  intermediador: 'Intermediador',
};

export const tradeSteps = [
  'value_confirmation',
  'payment_confirmation',
  'delivery_confirmation',
  'payment_release',
] as const;
export type TradeStep = (typeof tradeSteps)[number];

export const tradeStepInfo: Record<TradeStep, { title: string; description: string; role: TradeRole }> = {
  value_confirmation: {
    title: 'Confirmação do valor',
    description: 'O vendedor confirma o valor da transação.',
    role: 'vendedor',
  },
  payment_confirmation: {
    title: 'Confirmação do pagamento',
    description: 'O comprador paga por PIX e o intermediador confirma o recebimento.',
    role: 'intermediador',
  },
  delivery_confirmation: {
    title: 'Confirmação da entrega',
    description: 'O vendedor entrega o produto e o comprador confirma o recebimento.',
    role: 'comprador',
  },
  payment_release: {
    title: 'Liberação do pagamento',
    description: 'O intermediador libera o pagamento ao vendedor por PIX.',
    role: 'intermediador',
  },
};

/** The step a state is on; completed steps are the ones before it. Disputes sit on delivery. */
const stepOfState: Record<TradeState, number> = {
  awaiting_value: 0,
  awaiting_payment: 1,
  awaiting_delivery: 2,
  delivered: 2,
  disputed: 2,
  awaiting_release: 3,
  completed: 4,
  cancelled: -1,
  refunded: -1,
};

export type StepStatus = 'pending' | 'active' | 'completed';

/** pending → active → completed, read from the state (part 2 §4). A cancelled trade keeps its completed steps. */
export function stepStatuses(state: TradeState, reachedStep: number): Record<TradeStep, StepStatus> {
  const current = stepOfState[state];
  const done = current === -1 ? reachedStep : current;
  return Object.fromEntries(
    tradeSteps.map((step, i) => [step, i < done ? 'completed' : i === current ? 'active' : 'pending']),
  ) as Record<TradeStep, StepStatus>;
}

/** What the viewer may do now; the service checks the same rule, the room only shows the buttons it names. */
export const tradeActions = [
  'confirm_value',
  'confirm_payment',
  'mark_delivered',
  'confirm_delivery',
  'release',
  'cancel',
  'open_dispute',
  'decide_dispute',
  'take',
  'reveal_credentials',
  'add_evidence',
] as const;
export type TradeAction = (typeof tradeActions)[number];

const beforePayment: readonly TradeState[] = ['awaiting_value', 'awaiting_payment'];
const disputable: readonly TradeState[] = ['awaiting_delivery', 'delivered', 'awaiting_release'];

/**
 * The state machine's permissions: which role may take which action in which state (the table of
 * docs/decisions/010-trades.md). `role` is the viewer's role in this trade, or null when they have none.
 */
export function tradeActionsFor(
  trade: { state: TradeState; intermediaryId: string | null; hasCredentials: boolean },
  role: TradeRole | null,
): TradeAction[] {
  if (!role) return [];
  const { state } = trade;
  const can: Record<TradeAction, boolean> = {
    confirm_value: role === 'vendedor' && state === 'awaiting_value',
    confirm_payment: role === 'intermediador' && state === 'awaiting_payment',
    mark_delivered: role === 'vendedor' && state === 'awaiting_delivery',
    confirm_delivery: role === 'comprador' && state === 'delivered',
    release: role === 'intermediador' && state === 'awaiting_release',
    cancel: beforePayment.includes(state) || (role === 'intermediador' && disputable.includes(state)),
    open_dispute: role !== 'intermediador' && disputable.includes(state),
    decide_dispute: role === 'intermediador' && state === 'disputed',
    take: role === 'intermediador' && trade.intermediaryId === null && isTradeOpen(state),
    reveal_credentials:
      trade.hasCredentials &&
      ((role === 'comprador' && [...paidTradeStates, 'completed'].includes(state)) ||
        (role === 'intermediador' && state === 'disputed')),
    add_evidence: role !== 'intermediador' && state === 'disputed',
  };
  return tradeActions.filter((a) => can[a]);
}

export const tradeEventKinds = [
  'opened',
  'value_confirmed',
  'payment_confirmed',
  'delivery_marked',
  'delivery_confirmed',
  'delivery_auto_confirmed',
  'released',
  'cancelled',
  'expired',
  'dispute_opened',
  'dispute_released',
  'dispute_refunded',
  'refunded',
  'staff_assigned',
  'flagged',
  'credentials_revealed',
  'evidence_added',
] as const;
export type TradeEventKind = (typeof tradeEventKinds)[number];

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

/** An end-to-end id of a PIX transfer (E + ISPB + date + sequence: 32 characters). */
export const endToEndId = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9]{32}$/, m.endToEndInvalid);

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
export const decideDisputeInput = z.object({
  decision: z.enum(['release', 'refund']),
  reason,
  endToEndId,
});

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
export type TradeEvent = z.infer<typeof tradeEvent>;

export const tradeCharge = z.object({
  txid: z.string(),
  amountCents: z.number().int(),
  copiaECola: z.string(),
  qrSvg: z.string(),
  /** True when the PSP confirms payment by itself (API Pix); false when the intermediary does. */
  automatic: z.boolean(),
});

export const tradeDeadlineKinds = [
  'value',
  'payment',
  'delivery_mark',
  'buyer_confirmation',
  'release',
] as const;
export type TradeDeadlineKind = (typeof tradeDeadlineKinds)[number];

export const tradeView = z.object({
  id: z.number().int(),
  state: z.enum(tradeStates),
  amountCents: z.number().int(),
  /** What the seller receives and the platform's fee, in cents (part 2 §9). */
  sellerShareCents: z.number().int(),
  feeCents: z.number().int(),
  listing: z.object({
    /** Null once the listing was deleted. */
    id: z.number().int().nullable(),
    title: z.string(),
    kind: z.string(),
    /** After the release: 'sold' when the last unit went ('Produto Vendido'), else 'active' ('Estoque Atualizado'). */
    status: z.enum(['active', 'sold']).nullable(),
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
  deadline: z.object({ kind: z.enum(tradeDeadlineKinds), at: z.string() }).nullable(),
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
    })
    .nullable(),
  cancelReason: z.string().nullable(),
  payout: z
    .object({
      /** The seller's key, masked except its last characters. */
      pixKey: z.string().nullable(),
      endToEndId: z.string(),
      paidAt: z.string(),
    })
    .nullable(),
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
