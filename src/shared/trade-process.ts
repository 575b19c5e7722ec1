import type { NotificationKind } from './notifications';
import { DISPUTE_DECISION_BUSINESS_HOURS, TRADE_TIMERS, TRADE_WARNING_HOURS } from './trade-rules';

/**
 * The protected trade's process, written once (docs/decisions/020-trade-process.md). The service's guards, the
 * timer sweep, the room's buttons (`tradeActionsFor`) and its step list all read this description; nothing else
 * encodes the order of the steps. In the spirit of Sharetribe's transaction processes: states, named
 * transitions `{ from, to, by }`, the timer that leaves each state, the money each transition moves.
 */

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

interface StateInfo {
  label: string;
  /** Index in `tradeSteps` of the step this state is on (4: all done); null once cancelled or refunded. */
  step: number | null;
  /** The trade holds one unit of the listing's stock. */
  reserves: boolean;
  /** The buyer's money sits in escrow. */
  escrow: boolean;
}

export const tradeStateInfo: Record<TradeState, StateInfo> = {
  awaiting_value: { label: 'Aguardando confirmação do valor', step: 0, reserves: false, escrow: false },
  value_proposed: { label: 'Novo valor aguardando o comprador', step: 0, reserves: false, escrow: false },
  awaiting_payment: { label: 'Aguardando pagamento', step: 1, reserves: true, escrow: false },
  awaiting_delivery: { label: 'Aguardando entrega', step: 2, reserves: true, escrow: true },
  delivered: { label: 'Entrega marcada, aguardando o comprador', step: 2, reserves: true, escrow: true },
  in_warranty: { label: 'Em garantia (conta)', step: 3, reserves: true, escrow: true },
  awaiting_release: { label: 'Repasse ao vendedor pendente', step: 3, reserves: true, escrow: true },
  disputed: { label: 'Em disputa', step: 2, reserves: true, escrow: true },
  completed: { label: 'Concluída', step: 4, reserves: false, escrow: false },
  cancelled: { label: 'Cancelada', step: null, reserves: false, escrow: false },
  refunded: { label: 'Reembolsada', step: null, reserves: false, escrow: false },
};

/**
 * Who takes a transition: a party; `equipe`, any staff member acting as the trade's intermediary (moderator or
 * admin); `admin`, only an admin (money decisions, decision 017); or the system (`timer`, `psp`).
 */
export type TradeActor = 'comprador' | 'vendedor' | 'equipe' | 'admin' | 'timer' | 'psp';

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

export interface TradeTransition {
  action: TradeAction | null;
  from: readonly TradeState[];
  to: TradeState;
  by: readonly TradeActor[];
  event: TradeEventKind;
  /** Ledger movements recorded in the transition's own transaction. */
  money?: readonly TradeMoneyMove[];
  /**
   * The kind of notification the trade's people get (default: 'trade_step'); null when the step that takes the
   * transition tells them itself (an offer's acceptance sends the buyer its own notice).
   */
  notify?: NotificationKind | null;
  /** What the buyer is told instead of the history's text, when that text carries what is the seller's own. */
  buyerNotice?: string;
  /** Takes one unit of the listing's stock (refused with 'Estoque esgotado' when none is left). */
  reserves?: true;
  /** The payout becomes due: the seller's default PIX key and holder name are fixed on the trade. */
  fixesPayoutKey?: true;
  /** For a listing kind with a warranty window (accounts), the trade goes to this state instead. */
  warrantyTo?: TradeState;
  /** The PIX transfer's end-to-end id the transition records. */
  endToEndId?: 'required' | 'optional';
}

const paidOpen = ['awaiting_delivery', 'delivered', 'in_warranty', 'awaiting_release'] as const;

/** Every state change a trade can make. */
export const tradeTransitions = {
  confirm_value: {
    action: 'confirm_value',
    from: ['awaiting_value'],
    to: 'awaiting_payment',
    by: ['vendedor'],
    event: 'value_confirmed',
    reserves: true,
  },
  propose_value: {
    action: 'confirm_value',
    from: ['awaiting_value'],
    to: 'value_proposed',
    by: ['vendedor'],
    event: 'value_proposed',
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
    notify: null,
    reserves: true,
  },
  accept_value: {
    action: 'accept_value',
    from: ['value_proposed'],
    to: 'awaiting_payment',
    by: ['comprador'],
    event: 'value_accepted',
    reserves: true,
  },
  decline_value: {
    action: 'decline_value',
    from: ['value_proposed'],
    to: 'awaiting_value',
    by: ['comprador'],
    event: 'value_declined',
  },
  confirm_payment: {
    action: 'confirm_payment',
    from: ['awaiting_payment'],
    to: 'awaiting_delivery',
    by: ['admin', 'psp'],
    event: 'payment_confirmed',
    money: ['payment'],
    endToEndId: 'optional',
  },
  mark_delivered: {
    action: 'mark_delivered',
    from: ['awaiting_delivery'],
    to: 'delivered',
    by: ['vendedor'],
    event: 'delivery_marked',
    notify: 'delivery_marked',
  },
  confirm_delivery: {
    action: 'confirm_delivery',
    from: ['delivered'],
    to: 'awaiting_release',
    by: ['comprador'],
    event: 'delivery_confirmed',
    fixesPayoutKey: true,
    warrantyTo: 'in_warranty',
  },
  auto_confirm_delivery: {
    action: null,
    from: ['delivered'],
    to: 'awaiting_release',
    by: ['timer'],
    event: 'delivery_auto_confirmed',
    fixesPayoutKey: true,
    warrantyTo: 'in_warranty',
  },
  end_warranty: {
    action: null,
    from: ['in_warranty'],
    to: 'awaiting_release',
    by: ['timer'],
    event: 'warranty_ended',
    fixesPayoutKey: true,
  },
  release: {
    action: 'release',
    from: ['awaiting_release'],
    to: 'completed',
    by: ['admin'],
    event: 'released',
    // The payout's E2E id is the seller's receipt: the buyer is told the trade is done.
    buyerNotice: 'Pagamento liberado ao vendedor: a intermediação foi concluída.',
    money: ['release', 'payout'],
    endToEndId: 'required',
  },
  cancel: {
    action: 'cancel',
    from: ['awaiting_value', 'value_proposed', 'awaiting_payment'],
    to: 'cancelled',
    by: ['comprador', 'vendedor', 'equipe'],
    event: 'cancelled',
    notify: 'trade_cancelled',
  },
  expire: {
    action: null,
    from: ['awaiting_value', 'value_proposed', 'awaiting_payment'],
    to: 'cancelled',
    by: ['timer'],
    event: 'expired',
    notify: 'trade_cancelled',
  },
  refund: {
    action: 'cancel',
    from: paidOpen,
    to: 'refunded',
    by: ['admin'],
    event: 'refunded',
    notify: 'trade_cancelled',
    money: ['refund', 'refund_payout'],
    endToEndId: 'required',
  },
  open_dispute: {
    action: 'open_dispute',
    from: ['awaiting_delivery', 'delivered', 'awaiting_release'],
    to: 'disputed',
    by: ['comprador', 'vendedor'],
    event: 'dispute_opened',
    notify: 'dispute_opened',
  },
  /** Inside an account's warranty window the buyer claims it (say, the seller recovered the account). */
  claim_warranty: {
    action: 'open_dispute',
    from: ['in_warranty'],
    to: 'disputed',
    by: ['comprador'],
    event: 'dispute_opened',
    notify: 'dispute_opened',
  },
  /** Decided for the seller: the payout becomes due (paid from 'Repasses' with the key fixed now). */
  decide_release: {
    action: 'decide_dispute',
    from: ['disputed'],
    to: 'awaiting_release',
    by: ['admin'],
    event: 'dispute_released',
    notify: 'dispute_decided',
    fixesPayoutKey: true,
  },
  decide_refund: {
    action: 'decide_dispute',
    from: ['disputed'],
    to: 'refunded',
    by: ['admin'],
    event: 'dispute_refunded',
    notify: 'dispute_decided',
    money: ['refund', 'refund_payout'],
    endToEndId: 'required',
  },
} as const satisfies Record<string, TradeTransition>;
export type TradeTransitionName = keyof typeof tradeTransitions;

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

/** A timer: how long a state may last, counted from entering it, and what happens then. */
export interface TradeTimer {
  hours?: number;
  /** Monday to Friday in Brasília time (src/shared/business-hours.ts). */
  businessHours?: number;
  /** A transition taken by the timer, or 'flag': the trade is shown to staff as late, and stays. */
  leadsTo: TradeTransitionName | 'flag';
  /** What the history says when it fires. */
  text: string;
}

export const tradeTimers: Partial<Record<TradeState, TradeTimer>> = {
  awaiting_value: {
    hours: TRADE_TIMERS.valueConfirmationHours,
    leadsTo: 'expire',
    text: `Cancelada automaticamente: o vendedor não confirmou o valor em ${TRADE_TIMERS.valueConfirmationHours} horas`,
  },
  value_proposed: {
    hours: TRADE_TIMERS.valueConfirmationHours,
    leadsTo: 'expire',
    text: `Cancelada automaticamente: o comprador não respondeu ao novo valor em ${TRADE_TIMERS.valueConfirmationHours} horas`,
  },
  awaiting_payment: {
    hours: TRADE_TIMERS.paymentHours,
    leadsTo: 'expire',
    text: `Cancelada automaticamente: o pagamento não foi confirmado em ${TRADE_TIMERS.paymentHours} horas`,
  },
  awaiting_delivery: {
    hours: TRADE_TIMERS.deliveryMarkHours,
    leadsTo: 'flag',
    text: `Alerta à equipe: o vendedor não marcou a entrega em ${TRADE_TIMERS.deliveryMarkHours} horas após o pagamento`,
  },
  delivered: {
    hours: TRADE_TIMERS.buyerConfirmationHours,
    leadsTo: 'auto_confirm_delivery',
    text: `Entrega confirmada automaticamente: ${TRADE_TIMERS.buyerConfirmationHours} horas sem resposta do comprador`,
  },
  in_warranty: {
    hours: TRADE_TIMERS.accountWarrantyDays * 24,
    leadsTo: 'end_warranty',
    text: `Garantia da conta encerrada após ${TRADE_TIMERS.accountWarrantyDays} dias sem reclamação: repasse ao vendedor devido`,
  },
  awaiting_release: {
    hours: TRADE_TIMERS.releaseHours,
    leadsTo: 'flag',
    text: `Alerta à equipe: o repasse ao vendedor não foi feito em ${TRADE_TIMERS.releaseHours} horas`,
  },
  disputed: {
    businessHours: DISPUTE_DECISION_BUSINESS_HOURS,
    leadsTo: 'flag',
    text: `Alerta à equipe: a disputa não foi decidida em ${DISPUTE_DECISION_BUSINESS_HOURS} horas úteis`,
  },
};

/** Who is warned before a deadline, and what they are told (a quarter of the time before it). */
export const tradeWarnings: Partial<
  Record<TradeState, { hours: number; who: 'vendedor' | 'comprador'; text: string }>
> = {
  awaiting_value: {
    hours: TRADE_WARNING_HOURS.awaiting_value,
    who: 'vendedor',
    text: 'Confirme o valor da transação, ou ela será cancelada,',
  },
  value_proposed: {
    hours: TRADE_WARNING_HOURS.awaiting_value,
    who: 'comprador',
    text: 'Aceite ou recuse o novo valor proposto pelo vendedor, ou a intermediação será cancelada,',
  },
  awaiting_payment: {
    hours: TRADE_WARNING_HOURS.awaiting_payment,
    who: 'comprador',
    text: 'Faça o pagamento PIX, ou a intermediação será cancelada,',
  },
  awaiting_delivery: {
    hours: TRADE_WARNING_HOURS.awaiting_delivery,
    who: 'vendedor',
    text: 'Entregue o produto e marque a entrega na sala',
  },
  delivered: {
    hours: TRADE_WARNING_HOURS.delivered,
    who: 'comprador',
    text: 'Confirme o recebimento ou abra uma disputa; sem resposta, a entrega será confirmada automaticamente',
  },
};

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

export const tradeRoles = ['comprador', 'vendedor', 'intermediador'] as const;
export type TradeRole = (typeof tradeRoles)[number];

/** The viewer as the process sees them: their role in this trade, and whether they are an admin. */
export interface TradeSeat {
  userId: string;
  role: TradeRole | null;
  admin: boolean;
}

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

/**
 * The process as a table, for decision 020 (`npm run docs:trade-process` writes it there), so the document is
 * produced from this description and cannot drift from it.
 */
export function tradeProcessTable(): string {
  const who = (by: readonly TradeActor[]) => by.join(', ');
  const timerOf = (t: TradeTimer | undefined) =>
    !t
      ? '—'
      : `${t.businessHours ? `${t.businessHours} h úteis` : `${t.hours} h`} → ${t.leadsTo === 'flag' ? 'alerta à equipe' : t.leadsTo}`;
  const rows = (Object.keys(tradeTransitions) as TradeTransitionName[]).map((name) => {
    const t: TradeTransition = tradeTransitions[name];
    const to = t.warrantyTo ? `\`${t.to}\` (contas: \`${t.warrantyTo}\`)` : `\`${t.to}\``;
    const extras = [
      t.reserves && 'reserva 1 unidade',
      t.fixesPayoutKey && 'fixa a chave PIX do repasse',
      t.endToEndId && `E2E ${t.endToEndId === 'required' ? 'obrigatório' : 'opcional'}`,
    ].filter(Boolean);
    return `| \`${name}\` | ${t.from.map((s) => `\`${s}\``).join(', ')} | ${to} | ${who(t.by)} | ${t.money?.join(' + ') ?? '—'} | ${extras.join('; ') || '—'} |`;
  });
  const states = tradeStates.map(
    (s) =>
      `| \`${s}\` | ${tradeStateInfo[s].label} | ${tradeStateInfo[s].reserves ? 'sim' : 'não'} | ${tradeStateInfo[s].escrow ? 'sim' : 'não'} | ${timerOf(tradeTimers[s])} |`,
  );
  return [
    '| Estado | Rótulo | Reserva estoque | Dinheiro em custódia | Timer |',
    '| --- | --- | --- | --- | --- |',
    ...states,
    '',
    '| Transição | De | Para | Quem | Dinheiro (razão) | Efeitos |',
    '| --- | --- | --- | --- | --- | --- |',
    ...rows,
  ].join('\n');
}
