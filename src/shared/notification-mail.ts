import type { NotificationKind } from './notifications';

/**
 * Which notifications also go by e-mail (decision 019), to members whose 'Notificações por e-mail' switch is on:
 * money, trades, offers, disputes, reviews and support replies. A new kind must be placed here (the type asks for
 * every kind). Deadline warnings stay in the bell: the trade's own steps are already mailed, and a reminder
 * every few hours would teach people to ignore the mails that matter.
 */
export const isMailedKind: Record<NotificationKind, boolean> = {
  offer_received: true,
  offer_accepted: true,
  offer_rejected: true,
  offer_withdrawn: true,
  trade_started: true,
  trade_step: true,
  delivery_marked: true,
  dispute_opened: true,
  dispute_decided: true,
  trade_cancelled: true,
  timer_warning: false,
  review_received: true,
  review_answered: true,
  support_reply: true,
  // Instant delivery (issue 37).
  code_delivered: true,
  instant_stock_empty: true,
  instant_moderated: true,
  payout_sent: true,
  payout_failed: true,
  // Web Push (issue 38): the payment was a mailed trade step; chat messages are the room's, not the inbox's.
  payment_confirmed: true,
  trade_message: false,
  // Its e-mail is the alert's own (saved-searches/matching.ts): one-tap unsubscribe, the daily cap and digest.
  saved_search_match: false,
};
