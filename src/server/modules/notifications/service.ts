import { isMailedKind } from '@shared/notification-mail';
import { notificationMessages as m } from '@shared/notification-messages';
import {
  MAX_NOTIFICATION_BODY,
  MAX_NOTIFICATION_TITLE,
  type Notification,
  type NotificationKind,
  type NotificationPage,
  safeAppPath,
} from '@shared/notifications';
import { pushEventOfKind } from '@shared/push';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Viewer } from '../../auth/session';
import type { Db } from '../../db/client';
import { notifications } from '../../db/schema';
import { AppError } from '../../errors';

export interface NotifyInput {
  userId: string;
  kind: NotificationKind;
  title: string;
  body: string;
  /** An app path ('/intermediacao/12'); anything else is stored as '/'. */
  link: string;
}

/**
 * At most `max` characters, cut between code points (never inside an emoji's surrogate pair) and ended with
 * '…' when cut. NUL bytes, which PostgreSQL cannot store, are dropped; a title is kept on one line.
 */
function boundText(text: string, max: number, { oneLine = false } = {}): string {
  let clean = text.replaceAll('\0', '');
  clean = (oneLine ? clean.replace(/\s+/g, ' ') : clean).trim();
  const points = Array.from(clean);
  if (points.length <= max) return clean;
  return `${points
    .slice(0, max - 1)
    .join('')
    .trimEnd()}…`;
}

const toRow = (input: NotifyInput) => ({
  userId: input.userId,
  kind: input.kind,
  title: boundText(input.title, MAX_NOTIFICATION_TITLE, { oneLine: true }),
  body: boundText(input.body, MAX_NOTIFICATION_BODY),
  link: safeAppPath(input.link),
  // Decided with the notification, in its transaction, so no crash can lose the mail (decision 019).
  mailDueAt: isMailedKind[input.kind] ? sql`now()` : null,
  // Web Push (issue 38): likewise, the push sweep's due mark (push/sender.ts).
  pushDueAt: pushEventOfKind[input.kind] ? sql`now()` : null,
});

/**
 * Writes notifications within the caller's transaction (`tx`): they exist only if the offer or trade change that
 * caused them commits. A kind in `isMailedKind` also gets a mail due, which the mail sender sends afterwards. Call it with the transaction handle, never with the app's `db`, when inside one.
 */
export async function notifyMany(tx: Db, inputs: readonly NotifyInput[]): Promise<void> {
  if (inputs.length === 0) return;
  await notificationsInsert(tx, inputs);
}

/** The insert {@link notifyMany} sends, unsent: for a caller that sends it with its other writes (at least one input). */
export const notificationsInsert = (tx: Db, inputs: readonly NotifyInput[]) =>
  tx.insert(notifications).values(inputs.map(toRow));

/** One notification for one user, within the caller's transaction (see {@link notifyMany}). */
export function notify(tx: Db, input: NotifyInput): Promise<void> {
  return notifyMany(tx, [input]);
}

const columns = {
  id: notifications.id,
  kind: notifications.kind,
  title: notifications.title,
  body: notifications.body,
  link: notifications.link,
  readAt: notifications.readAt,
  createdAt: notifications.createdAt,
};

const toNotification = ({
  readAt,
  createdAt,
  ...row
}: {
  id: number;
  kind: NotificationKind;
  title: string;
  body: string;
  link: string;
  readAt: Date | null;
  createdAt: Date;
}): Notification => ({ ...row, read: readAt !== null, createdAt: createdAt.toISOString() });

/** The signed-in user's own notifications: the bell, its badge and '/notificacoes'. */
export function createNotificationsService(db: Db) {
  async function unreadCount({ userId }: Viewer): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
    return row?.n ?? 0;
  }

  return {
    unreadCount,

    /**
     * Newest first, `limit` at a time. `before` is the id of the last one the client has: the next page is what
     * comes after it in (created_at, id) order. An id that is not the viewer's gives an empty page.
     */
    async list(
      viewer: Viewer,
      { before, limit }: { before?: number; limit: number },
    ): Promise<NotificationPage> {
      const after =
        before === undefined
          ? undefined
          : sql`(${notifications.createdAt}, ${notifications.id}) < (
              select n.created_at, n.id from ${notifications} n where n.id = ${before} and n.user_id = ${viewer.userId}
            )`;
      const rows = await db
        .select(columns)
        .from(notifications)
        .where(and(eq(notifications.userId, viewer.userId), after))
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(limit + 1);
      const items = rows.slice(0, limit).map(toNotification);
      const hasMore = rows.length > limit;
      return {
        items,
        unread: await unreadCount(viewer),
        hasMore,
        nextBefore: hasMore ? (items.at(-1)?.id ?? null) : null,
      };
    },

    /** Marks one of the viewer's notifications as read (again is fine); another user's is not found. */
    async markRead(viewer: Viewer, id: number): Promise<number> {
      const [own] = await db
        .update(notifications)
        .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
        .where(and(eq(notifications.id, id), eq(notifications.userId, viewer.userId)))
        .returning({ id: notifications.id });
      if (!own) throw new AppError('NOT_FOUND', m.notFound);
      return unreadCount(viewer);
    },

    /** Marks every unread notification of the viewer as read; answers what is unread now (0 but for a race). */
    async markAllRead(viewer: Viewer): Promise<number> {
      await db
        .update(notifications)
        .set({ readAt: sql`now()` })
        .where(and(eq(notifications.userId, viewer.userId), isNull(notifications.readAt)));
      return unreadCount(viewer);
    },
  };
}
