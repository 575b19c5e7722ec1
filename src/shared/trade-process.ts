import { tradeMessages } from './trade-messages';
import type {
  StaffWait,
  TradeAction,
  TradeActor,
  TradeRole,
  TradeSeat,
  TradeState,
  TradeTimer,
  TradeTransition,
} from './trade-process-terms';
import { historyLine, tradeActions, tradeStates } from './trade-process-terms';
import { DISPUTE_DECISION_BUSINESS_HOURS, TRADE_TIMERS, TRADE_WARNING_HOURS } from './trade-rules';

export * from './trade-process-terms';

/**
 * The protected trade's process, written once (decision 020): its states, the transitions with everything each one
 * does (columns stamped, stock, payout, money, who is told what, ticket), the timers of each state, who may do what.
 * `applyTransition` (trades/transitions.ts), the timer sweep, the room's buttons, the staff desks and the step list
 * all read it; nothing else encodes the order of the steps or what a step does (after Sharetribe's processes).
 */

interface StateInfo {
  label: string;
  /** Index in `tradeSteps` of the step this state is on (4: all done); null once cancelled or refunded. */
  step: number | null;
  /** The trade holds one unit of the listing's stock. */
  reserves: boolean;
  /** The buyer's money sits in escrow. */
  escrow: boolean;
  /** It waits on staff for this, since the first of these columns set (a flagged trade waits, in any state). */
  waitsOnStaff?: {
    for: StaffWait;
    since: readonly ('valueConfirmedAt' | 'payoutDueAt' | 'deliveryConfirmedAt' | 'disputeOpenedAt')[];
  };
}

export const tradeStateInfo: Record<TradeState, StateInfo> = {
  awaiting_value: { label: 'Aguardando confirmação do valor', step: 0, reserves: false, escrow: false },
  value_proposed: { label: 'Novo valor aguardando o comprador', step: 0, reserves: false, escrow: false },
  awaiting_payment: {
    label: 'Aguardando pagamento',
    step: 1,
    reserves: true,
    escrow: false,
    waitsOnStaff: { for: 'payment', since: ['valueConfirmedAt'] },
  },
  awaiting_delivery: { label: 'Aguardando entrega', step: 2, reserves: true, escrow: true },
  delivered: { label: 'Entrega marcada, aguardando o comprador', step: 2, reserves: true, escrow: true },
  in_warranty: { label: 'Em garantia (conta)', step: 3, reserves: true, escrow: true },
  awaiting_release: {
    label: 'Repasse ao vendedor pendente',
    step: 3,
    reserves: true,
    escrow: true,
    waitsOnStaff: { for: 'release', since: ['payoutDueAt', 'deliveryConfirmedAt'] },
  },
  disputed: {
    label: 'Em disputa',
    step: 2,
    reserves: true,
    escrow: true,
    waitsOnStaff: { for: 'dispute', since: ['disputeOpenedAt'] },
  },
  completed: { label: 'Concluída', step: 4, reserves: false, escrow: false },
  cancelled: { label: 'Cancelada', step: null, reserves: false, escrow: false },
  refunded: { label: 'Reembolsada', step: null, reserves: false, escrow: false },
};

/** The states that wait on staff for `what` (every such state when none is named). */
export const statesWaitingOnStaff = (what?: StaffWait): TradeState[] =>
  tradeStates.filter((s) => {
    const wait = tradeStateInfo[s].waitsOnStaff;
    return wait !== undefined && (what === undefined || wait.for === what);
  });

const paidOpen = ['awaiting_delivery', 'delivered', 'in_warranty', 'awaiting_release'] as const;

/**
 * Every state change a trade can make, and everything it does (`applyTransition`, transitions.ts, applies exactly
 * this). Beside what is written here, every transition records its history line, stops the timers of the state it
 * leaves and starts those of the state it enters (`tradeTimers`), and clears the staff alert of the state it leaves.
 */
export const tradeTransitions = {
  confirm_value: {
    action: 'confirm_value',
    from: ['awaiting_value'],
    to: 'awaiting_payment',
    by: ['vendedor'],
    event: 'value_confirmed',
    stamps: ['valueConfirmedAt'],
    stock: 'reserve',
    code: 'reserve',
    notify: { kind: 'trade_step' },
  },
  propose_value: {
    action: 'confirm_value',
    from: ['awaiting_value'],
    to: 'value_proposed',
    by: ['vendedor'],
    event: 'value_proposed',
    notify: { kind: 'trade_step' },
  },
  /**
   * The seller accepts a buyer's offer (src/server/modules/offers): the offer's amount is the agreed price, so
   * the trade opened for it takes the value step at once, in the acceptance's transaction. Not a room button.
   */
  accept_offer: {
    action: null,
    from: ['awaiting_value'],
    to: 'awaiting_payment',
    by: ['vendedor'],
    event: 'value_confirmed',
    stamps: ['valueConfirmedAt'],
    stock: 'reserve',
    code: 'reserve',
    notify: null,
  },
  /**
   * An instant-delivery listing's 'Comprar agora' (issue 37): its price is the agreed value, so the trade opened for
   * it takes the value step at once, in the opening's transaction, holding one code. Not a room button.
   */
  instant_price: {
    action: null,
    from: ['awaiting_value'],
    to: 'awaiting_payment',
    by: ['sistema'],
    event: 'value_confirmed',
    stamps: ['valueConfirmedAt'],
    stock: 'reserve',
    code: 'reserve',
    notify: null,
  },
  accept_value: {
    action: 'accept_value',
    from: ['value_proposed'],
    to: 'awaiting_payment',
    by: ['comprador'],
    event: 'value_accepted',
    stamps: ['valueConfirmedAt'],
    sets: { proposedAmountCents: null },
    stock: 'reserve',
    code: 'reserve',
    notify: { kind: 'trade_step' },
  },
  decline_value: {
    action: 'decline_value',
    from: ['value_proposed'],
    to: 'awaiting_value',
    by: ['comprador'],
    event: 'value_declined',
    sets: { proposedAmountCents: null },
    notify: { kind: 'trade_step' },
  },
  confirm_payment: {
    action: 'confirm_payment',
    from: ['awaiting_payment'],
    to: 'awaiting_delivery',
    by: ['admin', 'psp'],
    event: 'payment_confirmed',
    stamps: ['paidAt'],
    seatsStaff: true,
    money: ['payment'],
    endToEndId: 'optional',
    notify: { kind: 'payment_confirmed' },
    thenOnInstant: 'deliver_code',
  },
  /**
   * Instant delivery (issue 37): the payment's confirmation hands the trade its reserved code at once, sealed on the
   * trade as hand-delivered credentials are, with the system as the actor; the buyer reveals it in the room.
   */
  deliver_code: {
    action: null,
    from: ['awaiting_delivery'],
    to: 'delivered',
    by: ['sistema'],
    event: 'code_delivered',
    stamps: ['deliveredAt'],
    code: 'deliver',
    notify: {
      kind: 'code_delivered',
      text: {
        comprador: 'Seu código chegou: abra a sala da intermediação para vê-lo.',
        vendedor: 'Um código do seu estoque foi entregue automaticamente ao comprador.',
      },
    },
  },
  mark_delivered: {
    action: 'mark_delivered',
    from: ['awaiting_delivery'],
    to: 'delivered',
    by: ['vendedor'],
    event: 'delivery_marked',
    stamps: ['deliveredAt'],
    notify: { kind: 'delivery_marked' },
  },
  confirm_delivery: {
    action: 'confirm_delivery',
    from: ['delivered'],
    to: 'awaiting_release',
    warrantyTo: 'in_warranty',
    by: ['comprador'],
    event: 'delivery_confirmed',
    stamps: ['deliveryConfirmedAt'],
    payoutDue: true,
    notify: { kind: 'trade_step' },
  },
  auto_confirm_delivery: {
    action: null,
    from: ['delivered'],
    to: 'awaiting_release',
    warrantyTo: 'in_warranty',
    by: ['timer'],
    event: 'delivery_auto_confirmed',
    stamps: ['deliveryConfirmedAt'],
    sets: { deliveryAutoConfirmed: true },
    payoutDue: true,
    notify: { kind: 'trade_step' },
  },
  end_warranty: {
    action: null,
    from: ['in_warranty'],
    to: 'awaiting_release',
    by: ['timer'],
    event: 'warranty_ended',
    payoutDue: true,
    notify: { kind: 'trade_step' },
  },
  /** An admin pays the due payout to the key fixed on the trade and records the transfer. */
  release: {
    action: 'release',
    from: ['awaiting_release'],
    to: 'completed',
    by: ['admin'],
    event: 'released',
    stamps: ['releasedAt'],
    seatsStaff: true,
    stock: 'consume',
    money: ['release', 'payout'],
    endToEndId: 'required',
    // The payout's E2E id is the seller's receipt: the buyer is told the trade is done.
    notify: {
      kind: 'trade_step',
      text: { comprador: 'Pagamento liberado ao vendedor: a intermediação foi concluída.' },
    },
    resolvesTicket: tradeMessages.ticketResolved,
    asksForReviews: true,
  },
  /**
   * The PSP paid the due payout (issue 36, the payout process's `confirm`, decision 028): the same release, taken by
   * the system with the transfer's E2E id; the payout process tells the seller ('Repasse enviado') and the buyer.
   */
  release_by_psp: {
    action: null,
    from: ['awaiting_release'],
    to: 'completed',
    by: ['psp'],
    event: 'released',
    stamps: ['releasedAt'],
    stock: 'consume',
    money: ['release', 'payout'],
    endToEndId: 'required',
    notify: null,
    resolvesTicket: tradeMessages.ticketResolved,
    asksForReviews: true,
  },
  cancel: {
    action: 'cancel',
    from: ['awaiting_value', 'value_proposed', 'awaiting_payment'],
    to: 'cancelled',
    by: ['comprador', 'vendedor', 'equipe'],
    event: 'cancelled',
    reasonIn: 'cancelReason',
    stock: 'release',
    code: 'release',
    notify: { kind: 'trade_cancelled' },
    resolvesTicket: historyLine,
  },
  expire: {
    action: null,
    from: ['awaiting_value', 'value_proposed', 'awaiting_payment'],
    to: 'cancelled',
    by: ['timer'],
    event: 'expired',
    reasonIn: 'cancelReason',
    stock: 'release',
    code: 'release',
    notify: { kind: 'trade_cancelled' },
    resolvesTicket: historyLine,
  },
  refund: {
    action: 'cancel',
    from: paidOpen,
    to: 'refunded',
    by: ['admin'],
    event: 'refunded',
    reasonIn: 'cancelReason',
    sets: { refundPending: null },
    seatsStaff: true,
    stock: 'release',
    code: 'return',
    money: ['refund', 'refund_payout'],
    endToEndId: 'required',
    notify: { kind: 'trade_cancelled' },
    resolvesTicket: historyLine,
  },
  open_dispute: {
    action: 'open_dispute',
    from: ['awaiting_delivery', 'delivered', 'awaiting_release'],
    to: 'disputed',
    by: ['comprador', 'vendedor'],
    event: 'dispute_opened',
    stamps: ['disputeOpenedAt'],
    reasonIn: 'disputeReason',
    actorIn: 'disputeOpenedBy',
    notify: { kind: 'dispute_opened' },
  },
  /** Inside an account's warranty window the buyer claims it (say, the seller recovered the account). */
  claim_warranty: {
    action: 'open_dispute',
    from: ['in_warranty'],
    to: 'disputed',
    by: ['comprador'],
    event: 'dispute_opened',
    stamps: ['disputeOpenedAt'],
    reasonIn: 'disputeReason',
    actorIn: 'disputeOpenedBy',
    notify: { kind: 'dispute_opened' },
  },
  /** Decided for the seller: the payout becomes due (paid from 'Repasses' with the key fixed now). */
  decide_release: {
    action: 'decide_dispute',
    from: ['disputed'],
    to: 'awaiting_release',
    by: ['admin'],
    event: 'dispute_released',
    stamps: ['disputeDecidedAt'],
    sets: { disputeDecision: 'release' },
    reasonIn: 'disputeDecisionReason',
    seatsStaff: true,
    payoutDue: true,
    notify: { kind: 'dispute_decided' },
  },
  decide_refund: {
    action: 'decide_dispute',
    from: ['disputed'],
    to: 'refunded',
    by: ['admin'],
    event: 'dispute_refunded',
    stamps: ['disputeDecidedAt'],
    sets: { disputeDecision: 'refund', refundPending: null },
    reasonIn: 'disputeDecisionReason',
    seatsStaff: true,
    stock: 'release',
    code: 'return',
    money: ['refund', 'refund_payout'],
    endToEndId: 'required',
    notify: { kind: 'dispute_decided' },
    resolvesTicket: historyLine,
  },
} as const satisfies Record<string, TradeTransition>;
export type TradeTransitionName = keyof typeof tradeTransitions;
type Timer = TradeTimer<TradeTransitionName>;

const openStates = tradeStates.filter((s) => tradeStateInfo[s].step !== null && s !== 'completed');

/** What people do in a trade without moving it: who may, and in which states. */
export const tradeActivities = {
  /** Staff nobody holds yet becomes the trade's intermediary. */
  take: { from: openStates, by: ['equipe'] },
  /** An admin takes a trade from another staff member, with a reason (audited, shown in the history). */
  take_over: { from: openStates, by: ['admin'] },
  /** Staff (a moderator, typically) recommend a decision that an admin confirms. */
  recommend_decision: { from: ['disputed'], by: ['equipe'] },
  reveal_credentials: {
    from: ['awaiting_delivery', 'delivered', 'in_warranty', 'awaiting_release', 'disputed', 'completed'],
    by: ['comprador'],
  },
  reveal_credentials_in_dispute: { from: ['disputed'], by: ['equipe'] },
  add_evidence: { from: ['disputed'], by: ['comprador', 'vendedor'] },
} as const satisfies Record<string, { from: readonly TradeState[]; by: readonly TradeActor[] }>;

const { valueConfirmationHours, paymentHours, deliveryMarkHours, buyerConfirmationHours, releaseHours } =
  TRADE_TIMERS;
const W = TRADE_WARNING_HOURS;

/** The timers of each state (their shape in trade-process-terms.ts). */
export const tradeTimers: Partial<Record<TradeState, readonly Timer[]>> = {
  awaiting_value: [
    {
      name: 'value_warning',
      hours: valueConfirmationHours - W.awaiting_value,
      leadsTo: { warn: 'vendedor' },
      text: 'Confirme o valor da transação, ou ela será cancelada,',
    },
    {
      name: 'value_expiry',
      hours: valueConfirmationHours,
      leadsTo: 'expire',
      text: `Cancelada automaticamente: o vendedor não confirmou o valor em ${valueConfirmationHours} horas`,
    },
  ],
  value_proposed: [
    {
      name: 'proposal_warning',
      hours: valueConfirmationHours - W.awaiting_value,
      leadsTo: { warn: 'comprador' },
      text: 'Aceite ou recuse o novo valor proposto pelo vendedor, ou a intermediação será cancelada,',
    },
    {
      name: 'proposal_expiry',
      hours: valueConfirmationHours,
      leadsTo: 'expire',
      text: `Cancelada automaticamente: o comprador não respondeu ao novo valor em ${valueConfirmationHours} horas`,
    },
  ],
  awaiting_payment: [
    {
      name: 'payment_warning',
      hours: paymentHours - W.awaiting_payment,
      leadsTo: { warn: 'comprador' },
      text: 'Faça o pagamento PIX, ou a intermediação será cancelada,',
    },
    {
      name: 'payment_expiry',
      hours: paymentHours,
      leadsTo: 'expire',
      text: `Cancelada automaticamente: o pagamento não foi confirmado em ${paymentHours} horas`,
    },
  ],
  awaiting_delivery: [
    {
      name: 'delivery_warning',
      hours: deliveryMarkHours - W.awaiting_delivery,
      leadsTo: { warn: 'vendedor' },
      text: 'Entregue o produto e marque a entrega na sala',
    },
    {
      name: 'delivery_alert',
      hours: deliveryMarkHours,
      leadsTo: 'flag',
      text: `Alerta à equipe: o vendedor não marcou a entrega em ${deliveryMarkHours} horas após o pagamento`,
    },
  ],
  delivered: [
    {
      name: 'confirmation_warning',
      hours: buyerConfirmationHours - W.delivered,
      leadsTo: { warn: 'comprador' },
      text: 'Confirme o recebimento ou abra uma disputa; sem resposta, a entrega será confirmada automaticamente',
    },
    {
      name: 'auto_confirmation',
      hours: buyerConfirmationHours,
      leadsTo: 'auto_confirm_delivery',
      text: `Entrega confirmada automaticamente: ${buyerConfirmationHours} horas sem resposta do comprador`,
    },
  ],
  in_warranty: [
    {
      name: 'warranty_end',
      hours: TRADE_TIMERS.accountWarrantyDays * 24,
      keptIn: 'warrantyEndsAt',
      leadsTo: 'end_warranty',
      text: `Garantia da conta encerrada após ${TRADE_TIMERS.accountWarrantyDays} dias sem reclamação: repasse ao vendedor devido`,
    },
  ],
  awaiting_release: [
    {
      name: 'release_alert',
      hours: releaseHours,
      leadsTo: 'flag',
      text: `Alerta à equipe: o repasse ao vendedor não foi feito em ${releaseHours} horas`,
    },
  ],
  disputed: [
    {
      name: 'dispute_alert',
      businessHours: DISPUTE_DECISION_BUSINESS_HOURS,
      leadsTo: 'flag',
      text: `Alerta à equipe: a disputa não foi decidida em ${DISPUTE_DECISION_BUSINESS_HOURS} horas úteis`,
    },
  ],
};

export const isWarning = (timer: TradeTimer): timer is TradeTimer & { leadsTo: { warn: TradeRole } } =>
  typeof timer.leadsTo === 'object';

/** The state's deadline, the one the room shows: its first timer that is not a warning. */
export const deadlineTimerOf = (state: TradeState): Timer | undefined =>
  tradeTimers[state]?.find((timer) => !isWarning(timer));

/** Every timer of the process, by name. */
export const timerNamed: Record<string, Timer & { state: TradeState }> = Object.fromEntries(
  tradeStates.flatMap((state) =>
    (tradeTimers[state] ?? []).map((timer) => [timer.name, { ...timer, state }]),
  ),
);

/** Listing kinds whose payout waits for a warranty window after the buyer's confirmation (account recovery). */
export const warrantyListingKinds: readonly string[] = ['accounts'];

/** The state a transition leads to for this trade (an account sale enters its warranty window first). */
export function destinationOf(transition: TradeTransition, listingKind: string): TradeState {
  return transition.warrantyTo && warrantyListingKinds.includes(listingKind)
    ? transition.warrantyTo
    : transition.to;
}

export const finishedTradeStates: readonly TradeState[] = ['completed', 'cancelled', 'refunded'];
export const isTradeOpen = (state: TradeState) => !finishedTradeStates.includes(state);
/** States in which the trade holds one unit of the listing's stock. */
export const reservingTradeStates = tradeStates.filter((s) => tradeStateInfo[s].reserves);
/** States in which the buyer's money sits in escrow. */
export const paidTradeStates = tradeStates.filter((s) => tradeStateInfo[s].escrow);

function plays(seat: TradeSeat, by: readonly TradeActor[]): boolean {
  if (seat.role === 'comprador' || seat.role === 'vendedor') return by.includes(seat.role);
  if (seat.role === 'intermediador') return by.includes('equipe') || (seat.admin && by.includes('admin'));
  return false;
}

/** The transitions of `action` this seat may take now (the service picks among them by the input). */
export function transitionsFor(
  trade: { state: TradeState },
  seat: TradeSeat,
  action: TradeAction,
): TradeTransitionName[] {
  return (Object.keys(tradeTransitions) as TradeTransitionName[]).filter((name) => {
    const t: TradeTransition = tradeTransitions[name];
    return t.action === action && t.from.includes(trade.state) && plays(seat, t.by);
  });
}

/** What the viewer may do now; the service checks the same rule, the room only shows the buttons it names. */
export function tradeActionsFor(
  trade: { state: TradeState; intermediaryId: string | null; hasCredentials: boolean },
  seat: TradeSeat,
): TradeAction[] {
  if (!seat.role) return [];
  const may = (a: { from: readonly TradeState[]; by: readonly TradeActor[] }) =>
    a.from.includes(trade.state) && plays(seat, a.by);
  const { take, take_over, recommend_decision, reveal_credentials, reveal_credentials_in_dispute } =
    tradeActivities;
  const can: Record<TradeAction, boolean> = {
    ...(Object.fromEntries(tradeActions.map((a) => [a, transitionsFor(trade, seat, a).length > 0])) as Record<
      TradeAction,
      boolean
    >),
    take: may(take) && trade.intermediaryId === null,
    take_over: may(take_over) && trade.intermediaryId !== null && trade.intermediaryId !== seat.userId,
    recommend_decision: may(recommend_decision) && !seat.admin,
    reveal_credentials:
      trade.hasCredentials && (may(reveal_credentials) || may(reveal_credentials_in_dispute)),
    add_evidence: may(tradeActivities.add_evidence),
  };
  return tradeActions.filter((a) => can[a]);
}
