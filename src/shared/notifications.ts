import { z } from 'zod';
import { id } from './api';

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

export const notification = z.object({
  id: z.number().int(),
  kind: z.enum(notificationKinds),
  title: z.string(),
  body: z.string(),
  /** An app path such as '/intermediacao/12' or '/minhas-ofertas'. */
  link: z.string(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notification>;

/** `GET /api/notifications?before=&limit=`: newest first; `before` is the id of the last one already shown. */
export const notificationsQuery = z.object({
  before: id.optional(),
  limit: z.coerce.number().int().min(1).max(MAX_NOTIFICATIONS_PAGE_SIZE).default(NOTIFICATIONS_PAGE_SIZE),
});

export const notificationPage = z.object({
  items: z.array(notification),
  /** Unread notifications of the viewer, in all pages. */
  unread: z.number().int(),
  hasMore: z.boolean(),
  /** The `before` of the next page; null on the last one. */
  nextBefore: z.number().int().nullable(),
});
export type NotificationPage = z.infer<typeof notificationPage>;

export const unreadCount = z.object({ unread: z.number().int() });
export type UnreadCount = z.infer<typeof unreadCount>;

export const notificationParams = z.object({ id });

/**
 * A stored path inside the app ('/intermediacao/12'), never another site: a link that is not one becomes '/'.
 * Pure, so both the server (when storing) and the bell (when rendering) can use it.
 */
export function safeAppPath(link: string): string {
  return /^\/(?![/\\])[^\s]*$/.test(link) && link.length <= MAX_NOTIFICATION_LINK ? link : '/';
}
