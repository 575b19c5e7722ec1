import { isAdmin, tradeRoleOf } from '@shared/permissions';
import { tradeMessages as m } from '@shared/trade-messages';
import {
  type TradeAction,
  type TradeRole,
  type TradeTransitionName,
  tradeActionsFor,
  tradeStates,
  transitionsFor,
} from '@shared/trade-process';
import { paidTradeStates } from '@shared/trades';
import type { Viewer } from '../../auth/session';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { tradeRowSeenBy, tradeSeenBy } from './access';
import type { TradeRow } from './transitions';

/** A viewer's place in one trade: their role (null for a moderator when another staff member holds it). */
export interface Seat {
  trade: TradeRow;
  role: TradeRole | null;
  admin: boolean;
  userId: string;
}

/** Money decisions the process gives to admins only: a moderator is told so, not that the step passed. */
const moneyActions: readonly TradeAction[] = ['confirm_payment', 'release', 'decide_dispute'];

/** The trade as `viewer` may see it; a trade they may not see does not exist (404, not 403). */
export async function seatIn(tx: Db, viewer: Viewer, id: number, lock = false): Promise<Seat> {
  return seatAt(viewer, await tradeSeenBy(tx, viewer, id, lock ? { lock: 'update' } : {}));
}

/** The viewer's seat in a trade row already in hand (a step's own `UPDATE … RETURNING`): no read. */
export function seatAt(viewer: Viewer, row: TradeRow): Seat {
  const trade = tradeRowSeenBy(viewer, row);
  return { trade, role: tradeRoleOf(viewer, trade), admin: isAdmin(viewer), userId: viewer.userId };
}

const facts = (s: Seat) => ({
  state: s.trade.state,
  intermediaryId: s.trade.intermediaryId,
  hasCredentials: Boolean(s.trade.deliveryCredentials),
});

/** Whether the process gives this seat `action` now. */
const mayTake = (s: Seat, action: TradeAction) => tradeActionsFor(facts(s), s).includes(action);

/**
 * Refuses an action the process does not give this seat now, with the reason in pt-BR; returns the transitions
 * of the action it may take (the caller picks by the input: confirm or propose, release or refund).
 */
export function assertMay(s: Seat, action: TradeAction): TradeTransitionName[] {
  if (mayTake(s, action)) return transitionsFor(s.trade, s, action);
  const { role, trade } = s;
  if (!role) throw new AppError('FORBIDDEN', m.alreadyTaken);
  const asAdmin = tradeActionsFor(facts(s), { ...s, admin: true }).includes(action);
  if (role === 'intermediador' && !s.admin && (moneyActions.includes(action) || asAdmin)) {
    throw new AppError('FORBIDDEN', action === 'cancel' ? m.cancelAfterPayment : m.adminOnly);
  }
  if (action === 'reveal_credentials') throw new AppError('FORBIDDEN', m.notYourStep);
  if (action === 'take' && trade.intermediaryId !== null) throw new AppError('CONFLICT', m.alreadyTaken);
  if (action === 'cancel' && paidTradeStates.includes(trade.state)) {
    throw new AppError('FORBIDDEN', m.cancelAfterPayment);
  }
  if (action === 'add_evidence') {
    throw new AppError(role === 'intermediador' ? 'FORBIDDEN' : 'CONFLICT', m.evidenceNotAllowed);
  }
  if (action === 'open_dispute' && role !== 'intermediador') {
    throw new AppError('CONFLICT', m.disputeNotAllowed);
  }
  // The role takes this action in some other state: the trade moved on. Otherwise it is not theirs.
  const somewhere = tradeStates.some((state) =>
    tradeActionsFor({ state, intermediaryId: null, hasCredentials: true }, s).includes(action),
  );
  throw somewhere ? new AppError('CONFLICT', m.stateChanged) : new AppError('FORBIDDEN', m.notYourStep);
}
