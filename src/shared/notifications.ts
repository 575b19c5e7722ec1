import { z } from 'zod';
import { id } from './api';

import {
  MAX_NOTIFICATION_LINK,
  MAX_NOTIFICATIONS_PAGE_SIZE,
  NOTIFICATIONS_PAGE_SIZE,
  notificationKinds,
} from './notification-constants';

export {
  BELL_NOTIFICATIONS,
  MAX_NOTIFICATION_BODY,
  MAX_NOTIFICATION_LINK,
  MAX_NOTIFICATION_TITLE,
  MAX_NOTIFICATIONS_PAGE_SIZE,
  NOTIFICATIONS_PAGE_SIZE,
  type NotificationKind,
  notificationKinds,
} from './notification-constants';

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
