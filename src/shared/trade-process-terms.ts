import type { NotificationKind } from './notifications';

/** The words the trade process (trade-process.ts) is written in: its states, actors, actions, events, shapes. */

export const tradeStates = [
  'awaiting_value',
  'value_proposed',
  'awaiting_payment',
  'awaiting_delivery',
  'delivered',
  'in_warranty',
  'awaiting_release',
  'disputed',
  'completed',
  'cancelled',
  'refunded',
] as const;
export type TradeState = (typeof tradeStates)[number];

/** The four steps of part 2 §4; a state sits on one of them, or on none once the trade ends. */
export const tradeSteps = [
  'value_confirmation',
  'payment_confirmation',
  'delivery_confirmation',
  'payment_release',
] as const;
export type TradeStep = (typeof tradeSteps)[number];

/** What an open trade in a state waits on staff for (the trades desk, the room's list for staff, Visão Geral). */
export type StaffWait = 'payment' | 'release' | 'dispute';

/**
 * Who takes a transition: a party; `equipe`, any staff member acting as the trade's intermediary (moderator or
 * admin); `admin`, only an admin (money decisions, decision 017); or the system (`timer`, `psp`; `sistema`: a step
 * another step takes at once, such as an instant listing's price and delivery, issue 37).
 */
export type TradeActor = 'comprador' | 'vendedor' | 'equipe' | 'admin' | 'timer' | 'psp' | 'sistema';

/** The buttons of the room; several transitions may share one (the value form confirms or proposes). */
export const tradeActions = [
  'confirm_value',
  'accept_value',
  'decline_value',
  'confirm_payment',
  'mark_delivered',
  'confirm_delivery',
  'release',
  'cancel',
  'open_dispute',
  'decide_dispute',
  'recommend_decision',
  'take',
  'take_over',
  'reveal_credentials',
  'add_evidence',
] as const;
export type TradeAction = (typeof tradeActions)[number];

export const tradeEventKinds = [
  'opened',
  'value_confirmed',
  'value_proposed',
  'value_accepted',
  'value_declined',
  'payment_confirmed',
  'delivery_marked',
  'delivery_confirmed',
  'delivery_auto_confirmed',
  'warranty_ended',
  'released',
  'cancelled',
  'expired',
  'dispute_opened',
  'dispute_released',
  'dispute_refunded',
  'refunded',
  'staff_assigned',
  'staff_taken_over',
  'staff_unassigned',
  'decision_recommended',
  'flagged',
  'credentials_revealed',
  'evidence_added',
  // Instant delivery (issue 37).
  'code_delivered',
] as const;
export type TradeEventKind = (typeof tradeEventKinds)[number];

/** The ledger movements of decision 008. */
export type TradeMoneyMove = 'payment' | 'release' | 'payout' | 'refund' | 'refund_payout';
/**
 * The movement each one needs recorded before it: the ledger refuses anything else, whatever the caller (a safety
 * net under the transitions, which already move money only in this order).
 */
export const tradeMoneyPrerequisite: Record<TradeMoneyMove, TradeMoneyMove | null> = {
  payment: null,
  release: 'payment',
  refund: 'payment',
  payout: 'release',
  refund_payout: 'refund',
};

/** Columns a transition stamps with the step's time. */
export type TradeStamp =
  | 'valueConfirmedAt'
  | 'paidAt'
  | 'deliveredAt'
  | 'deliveryConfirmedAt'
  | 'releasedAt'
  | 'disputeOpenedAt'
  | 'disputeDecidedAt';

/**
 * The listing's stock: one unit held (`reserve`, refused with 'Estoque esgotado' when none is left), the unit held
 * given back (`release`: the trade ends unsold), or sold (`consume`: quantity − 1, the listing 'sold' at 0).
 */
export type TradeStockEffect = 'reserve' | 'release' | 'consume';

/**
 * An instant-delivery trade's code (issue 37, decision 029), besides the stock effect: on such a trade the listing's
 * stock is its available codes, so `reserve` takes one (quantity − 1, the listing paused at 0), `release` gives the
 * held one back (quantity + 1, the listing resumed), `deliver` seals it on the trade, `return` gives a delivered one
 * back unless the buyer revealed it (then it is burned). Its `consume` changes nothing: the code left the stock
 * when it was reserved.
 */
export type TradeCodeEffect = 'reserve' | 'release' | 'deliver' | 'return';

/** Who the trade's people are told, and what: each role reads `text[role]`, or else the history's line. */
export interface TradeNotice {
  kind: NotificationKind;
  text?: Partial<Record<TradeRole, string>>;
}

export interface TradeTransition {
  action: TradeAction | null;
  from: readonly TradeState[];
  to: TradeState;
  /** For a listing kind with a warranty window (accounts), the trade goes to this state instead. */
  warrantyTo?: TradeState;
  by: readonly TradeActor[];
  /** The history line's kind (its text is the step's: the value, the reason, the E2E id). */
  event: TradeEventKind;
  /** Columns stamped with the step's time. */
  stamps?: readonly TradeStamp[];
  /** Values written beside them, the same on every take. */
  sets?: {
    deliveryAutoConfirmed?: true;
    disputeDecision?: 'release' | 'refund';
    proposedAmountCents?: null;
    /** The devolução under way (refunds.ts) is over. */
    refundPending?: null;
  };
  /** The column that keeps the step's reason. */
  reasonIn?: 'cancelReason' | 'disputeReason' | 'disputeDecisionReason';
  /** The column that keeps who took it. */
  actorIn?: 'disputeOpenedBy';
  /** A staff member taking it on a trade nobody holds becomes its intermediary. */
  seatsStaff?: true;
  stock?: TradeStockEffect;
  /** On an instant-delivery trade only: what happens to its code. */
  code?: TradeCodeEffect;
  /** On an instant-delivery trade only: the transition taken at once after this one, in its transaction. */
  thenOnInstant?: string;
  /**
   * The payout becomes due when the trade enters `awaiting_release` (not the warranty window): `payout_due_at`
   * stamped, the seller's default PIX key and holder name fixed on the trade.
   */
  payoutDue?: true;
  /** Ledger movements recorded in the transition's own transaction. */
  money?: readonly TradeMoneyMove[];
  /** The PIX transfer's end-to-end id the transition records (in `transferColumnOf` its movement's column). */
  endToEndId?: 'required' | 'optional';
  /**
   * Everyone the trade names (buyer, seller, intermediary) except whoever took it; null when the step that takes
   * the transition tells them itself (an offer's acceptance sends the buyer its own notice).
   */
  notify: TradeNotice | null;
  /** The trade's support ticket (part 2 §4) is resolved with this answer; 'history': the history's line. */
  resolvesTicket?: string;
  /** Buyer and seller are asked to review each other. */
  asksForReviews?: true;
}

/** The answer a ticket gets when it is the history's line (the reason of a cancel, refund or expiry). */
export const historyLine = 'history';

/** The ledger movement that carries the transition's transfer, and the trade's column that keeps its E2E id. */
export const transferColumnOf: Partial<
  Record<TradeMoneyMove, 'paymentEndToEndId' | 'payoutEndToEndId' | 'refundEndToEndId'>
> = {
  payment: 'paymentEndToEndId',
  payout: 'payoutEndToEndId',
  refund_payout: 'refundEndToEndId',
};

/**
 * A timer: a transition the system takes at its own deadline, counted from entering the state. A state may run
 * several (a warning before its deadline, the deadline itself); leaving the state stops them all.
 */
export interface TradeTimer<Transition extends string = string> {
  /** Its key in `trades.timers` (unique across the process). */
  name: string;
  hours?: number;
  /** Monday to Friday in Brasília time (src/shared/business-hours.ts). */
  businessHours?: number;
  /**
   * A transition taken by the timer; 'flag': the trade is shown to staff as late (`flagged_at` stamped, the room
   * shows no deadline any more) and stays; `warn`: that party is told the state's deadline is near (kind
   * 'timer_warning'; sent only while the deadline is ahead), and the trade stays.
   */
  leadsTo: Transition | 'flag' | { warn: 'vendedor' | 'comprador' };
  /** What the history says (a transition, a flag), or what the warned party reads before the deadline's date. */
  text: string;
  /** The column that also keeps when it fires, for the room (an account's warranty window). */
  keptIn?: 'warrantyEndsAt';
}

export const tradeRoles = ['comprador', 'vendedor', 'intermediador'] as const;
export type TradeRole = (typeof tradeRoles)[number];

/** The viewer as the process sees them: their role in this trade, and whether they are an admin. */
export interface TradeSeat {
  userId: string;
  role: TradeRole | null;
  admin: boolean;
}
