import { defaultUserSettings } from '@shared/settings';
import { and, eq, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { notifications, userSettings, users } from '../../db/schema';
import type { Mailer } from '../../mail/mailer';
import { notificationMail } from '../../mail/templates/notification';
import { deletedEmailOf } from '../accounts/lifecycle';

/** Tries per mail; after the last failure it is given up and logged (decision 019). */
export const MAX_MAIL_ATTEMPTS = 5;
/** A claim holds its rows this long: longer than any one send, so only a crashed sender's claim comes back. */
const LEASE_SECONDS = 300;
/** Before try n+1: 1, 2, 4, 8 minutes. */
const retryDelaySeconds = (attempts: number) => 60 * 2 ** (attempts - 1);
const BATCH = 20;

/**
 * Mails the notifications that have a mail due (decision 019), at least once each. Each run is a job of the jobs layer
 * (jobs/notification-mails.ts), and runs may overlap (a second process, a test):
 * a claim takes the due rows with `FOR UPDATE SKIP LOCKED` and moves them ahead by a lease, so two senders never
 * hold the same row; the mail goes after the claim commits, and the batch's rows are marked after its mails. A
 * crash between the two sends them again when the lease ends. The action that notified is never waited for or undone.
 */
export function createNotificationMailSender(deps: {
  db: Db;
  sendMail: Mailer;
  log: FastifyBaseLogger;
  publicUrl: string;
}) {
  const { db, log } = deps;

  const claim = () =>
    db.transaction(async (tx) => {
      const due = await tx
        .select({ id: notifications.id })
        .from(notifications)
        .where(lte(notifications.mailDueAt, sql`now()`))
        .orderBy(notifications.mailDueAt, notifications.id)
        .limit(BATCH)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      return tx
        .update(notifications)
        .set({
          mailDueAt: sql`now() + make_interval(secs => ${LEASE_SECONDS})`,
          mailAttempts: sql`${notifications.mailAttempts} + 1`,
        })
        .where(
          inArray(
            notifications.id,
            due.map((row) => row.id),
          ),
        )
        .returning({
          id: notifications.id,
          userId: notifications.userId,
          title: notifications.title,
          body: notifications.body,
          link: notifications.link,
          attempts: notifications.mailAttempts,
        });
    });

  type Claimed = Awaited<ReturnType<typeof claim>>[number];

  /** Marks the row unless another claim took it since (its lease ran out): that claim owns it now. */
  const mark = (row: Claimed, set: { mailDueAt: SQL | null; mailedAt?: SQL }) =>
    db
      .update(notifications)
      .set(set)
      .where(and(eq(notifications.id, row.id), eq(notifications.mailAttempts, row.attempts)));

  /**
   * The batch's recipients, each with the address, the name and the e-mail switch, in one read. The switch is
   * asked now, not when the notification was written: turning it off stops what is queued too.
   */
  async function recipientsOf(rows: Claimed[]) {
    const found = await db
      .select({
        id: users.id,
        email: users.email,
        name: users.name,
        wantsEmail: sql<boolean>`coalesce(${userSettings.emailNotifications}, ${defaultUserSettings.notifications.email})`,
      })
      .from(users)
      .leftJoin(userSettings, eq(userSettings.userId, users.id))
      .where(inArray(users.id, [...new Set(rows.map((row) => row.userId))]));
    return new Map(found.map((user) => [user.id, user]));
  }

  type Recipient = Awaited<ReturnType<typeof recipientsOf>> extends Map<string, infer R> ? R : never;

  /** Sends one mail; answers whether it went. A mail not sent is marked here, one sent by `sendDue`. */
  async function deliver(row: Claimed, user: Recipient | undefined): Promise<boolean> {
    if (!user || user.email === deletedEmailOf(row.userId) || !user.wantsEmail) {
      await mark(row, { mailDueAt: null });
      return false;
    }
    try {
      await deps.sendMail(notificationMail({ to: user.email, name: user.name, ...row }, deps.publicUrl));
    } catch (err) {
      const givenUp = row.attempts >= MAX_MAIL_ATTEMPTS;
      log[givenUp ? 'error' : 'warn'](
        { err, notificationId: row.id, attempts: row.attempts },
        givenUp
          ? 'notification mail given up after its last attempt'
          : 'notification mail failed; retrying later',
      );
      await mark(row, {
        mailDueAt: givenUp ? null : sql`now() + make_interval(secs => ${retryDelaySeconds(row.attempts)})`,
      });
      return false;
    }
    return true;
  }

  /** Marks the batch's sent mails in one statement, each unless another claim took it since (see `mark`). */
  async function markSent(rows: Claimed[]) {
    if (rows.length === 0) return;
    const claimed = sql.join(
      rows.map((row) => sql`(${row.id}::int, ${row.attempts}::int)`),
      sql`, `,
    );
    await db
      .update(notifications)
      .set({ mailDueAt: null, mailedAt: sql`now()` })
      .where(sql`(${notifications.id}, ${notifications.mailAttempts}) in (${claimed})`);
  }

  /** Sends every mail due now, batch after batch; answers how many went. */
  async function sendDue(): Promise<number> {
    let sent = 0;
    for (let rows = await claim(); rows.length > 0; rows = await claim()) {
      const recipients = await recipientsOf(rows);
      const went: Claimed[] = [];
      for (const row of rows) if (await deliver(row, recipients.get(row.userId))) went.push(row);
      await markSent(went);
      sent += went.length;
    }
    return sent;
  }

  return { sendDue };
}

export type NotificationMailSender = ReturnType<typeof createNotificationMailSender>;
