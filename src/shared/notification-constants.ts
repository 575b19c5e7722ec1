/**
 * The notifications' kinds and limits, without their schemas: the shell's bell reads these on every page, and
 * importing ./notifications would build its zod schemas on load. ./notifications re-exports them.
 */

/**
 * What a notification is about; the database enum reads this list. The offers and trades services choose the
 * kind, title, body and link when they call `notify` inside their own transaction.
 */
export const notificationKinds = [
  'offer_received',
  'offer_accepted',
  'offer_rejected',
  'offer_withdrawn',
  'trade_started',
  'trade_step',
  'delivery_marked',
  'dispute_opened',
  'dispute_decided',
  'trade_cancelled',
  'timer_warning',
  'review_received',
  'review_answered',
  'support_reply',
  // Instant delivery (issue 37): the buyer's code arrived; the seller's instant listing ran out of codes.
  'code_delivered',
  'instant_stock_empty',
  // Staff paused the seller's instant listings (the desk's fraud signal), or reactivated them.
  'instant_moderated',
  // Payouts (issue 36): the seller's PIX went out, or the PSP refused it.
  'payout_sent',
  'payout_failed',
  // Web Push (issue 38): the payment's confirmation gets its own kind (its own push switch); a trade's chat message.
  'payment_confirmed',
  'trade_message',
  // Saved searches that alert (issue 38 part 3): a listing matched a member's 'Me avise'.
  'saved_search_match',
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

/** Longer titles and bodies are cut (with '…') when stored: a notification is a line or two, not a letter. */
export const MAX_NOTIFICATION_TITLE = 120;
export const MAX_NOTIFICATION_BODY = 500;
export const MAX_NOTIFICATION_LINK = 300;

/** The bell shows this many; the page '/notificacoes' loads this many per 'Carregar mais'. */
export const BELL_NOTIFICATIONS = 10;
export const NOTIFICATIONS_PAGE_SIZE = 20;
export const MAX_NOTIFICATIONS_PAGE_SIZE = 50;
