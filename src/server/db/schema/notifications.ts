import { notificationKinds } from '@shared/notifications';
import { sql } from 'drizzle-orm';
import { index, integer, pgEnum, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt } from './columns';

export const notificationKind = pgEnum('notification_kind', notificationKinds);

/** One line in a user's bell; `read_at` is null until the user opens it or marks all as read. */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: notificationKind('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** An app path such as `/intermediacao/12`, never another site (src/shared/notifications.ts). */
    link: text('link').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
    /**
     * When the e-mail copy (decision 019) may next be tried; null when none is due: its kind is not mailed, or
     * it was sent, skipped or given up. A claim moves it ahead by a lease, so a crashed sender's claim returns.
     */
    mailDueAt: timestamp('mail_due_at', { withTimezone: true }),
    mailAttempts: integer('mail_attempts').notNull().default(0),
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    /**
     * Web Push (issue 38): set when the notification's kind is pushed (src/shared/push.ts), cleared by the claim
     * that queues its pushes (one payload job per device, in the claim's transaction).
     */
    pushDueAt: timestamp('push_due_at', { withTimezone: true }),
  },
  (t) => [
    // The mail sender's queue: only the rows with a mail still due.
    index('notifications_mail_due_idx').on(t.mailDueAt).where(sql`${t.mailDueAt} is not null`),
    // Web Push: the push sweep's queue, likewise.
    index('notifications_push_due_idx').on(t.pushDueAt).where(sql`${t.pushDueAt} is not null`),
    index('notifications_user_created_idx').on(
      t.userId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // The badge's count reads only the unread ones.
    index('notifications_user_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
  ],
);
