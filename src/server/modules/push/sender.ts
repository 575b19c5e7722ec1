import { type PushEvent, pushDelivery, pushEventOfKind } from '@shared/push';
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { notifications, pushSubscriptions, pushTallies, userSettings } from '../../db/schema';
import { isGone, isTransient, type PushTransport } from './transport';

const BATCH = 100;

/** One push to one device: ids only, so no endpoint, key or text sits in the jobs' tables. */
export interface PushOrder {
  subscriptionId: number;
  notificationId: number;
}

export type PushOutcome = 'sent' | 'failed' | 'pruned';

/** The event's switch, read from the member's settings row (none, or not in it: on). */
const switchedOn = (switches: Partial<Record<string, boolean>> | null, event: PushEvent) =>
  switches?.[event] ?? true;

/**
 * Web Push (issue 38) hangs on the notifications like the e-mails (decision 019): every notification whose kind is
 * pushed gets `push_due_at` in the transaction that writes it (notifications/service.ts `toRow`), whichever way it
 * was written. `queueDue` claims those rows (`FOR UPDATE SKIP LOCKED`, so two processes never take the same one),
 * clears them, and in the same transaction queues one payload job per device of a member who has that event
 * switched on: the claim and the jobs commit together, so each push is queued once. pg-boss then runs each job once
 * in whichever process fetches it, with its own retries (`deliver`).
 */
export function createPushSender(deps: {
  db: Db;
  transport: PushTransport;
  log: FastifyBaseLogger;
  queue: (order: PushOrder, via: Db) => Promise<void>;
}) {
  const { db, log } = deps;

  async function tally(outcome: PushOutcome) {
    await db
      .insert(pushTallies)
      .values({ outcome, count: 1 })
      .onConflictDoUpdate({ target: pushTallies.outcome, set: { count: sql`${pushTallies.count} + 1` } });
  }

  /** Claims one batch of due notifications and queues their pushes; answers how many pushes were queued. */
  const queueBatch = () =>
    db.transaction(async (tx) => {
      const due = await tx
        .select({ id: notifications.id })
        .from(notifications)
        .where(lte(notifications.pushDueAt, sql`now()`))
        .orderBy(notifications.pushDueAt, notifications.id)
        .limit(BATCH)
        .for('update', { skipLocked: true });
      if (due.length === 0) return null;
      const rows = await tx
        .update(notifications)
        .set({ pushDueAt: null })
        .where(
          inArray(
            notifications.id,
            due.map((row) => row.id),
          ),
        )
        .returning({ id: notifications.id, userId: notifications.userId, kind: notifications.kind });
      const devices = await tx
        .select({
          id: pushSubscriptions.id,
          userId: pushSubscriptions.userId,
          switches: userSettings.pushEvents,
        })
        .from(pushSubscriptions)
        .leftJoin(userSettings, eq(userSettings.userId, pushSubscriptions.userId))
        .where(inArray(pushSubscriptions.userId, [...new Set(rows.map((row) => row.userId))]));
      let queued = 0;
      for (const row of rows) {
        const event = pushEventOfKind[row.kind];
        if (!event) continue;
        for (const device of devices) {
          if (device.userId !== row.userId || !switchedOn(device.switches, event)) continue;
          await deps.queue({ subscriptionId: device.id, notificationId: row.id }, tx);
          queued++;
        }
      }
      return queued;
    });

  return {
    /** Queues the pushes of every notification due now, batch after batch; answers how many were queued. */
    async queueDue(): Promise<number> {
      let queued = 0;
      for (let n = await queueBatch(); n !== null; n = await queueBatch()) queued += n;
      return queued;
    },

    /**
     * Sends one queued push (the payload job's run). Read now, not when queued: a device removed, a switch turned
     * off or an account deleted since stops it. 404/410 delete the subscription (the browser dropped it); 429 and
     * 5xx, or no answer, throw, so pg-boss tries again with backoff; any other refusal (a 400, a 413) would be
     * refused again, so it is logged and given up.
     */
    async deliver(order: PushOrder): Promise<PushOutcome | null> {
      const [found] = await db
        .select({
          endpoint: pushSubscriptions.endpoint,
          p256dh: pushSubscriptions.p256dh,
          auth: pushSubscriptions.auth,
          switches: userSettings.pushEvents,
          kind: notifications.kind,
          title: notifications.title,
          body: notifications.body,
          link: notifications.link,
        })
        .from(pushSubscriptions)
        .innerJoin(
          notifications,
          and(eq(notifications.id, order.notificationId), eq(notifications.userId, pushSubscriptions.userId)),
        )
        .leftJoin(userSettings, eq(userSettings.userId, pushSubscriptions.userId))
        .where(eq(pushSubscriptions.id, order.subscriptionId));
      const event = found && pushEventOfKind[found.kind];
      if (!found || !event || !switchedOn(found.switches, event)) return null;
      const payload = {
        title: found.title,
        body: found.body,
        url: found.link,
        // One phone notification per page: a newer notice about the same trade or offer replaces the older.
        tag:
          found.link
            .replace(/[^A-Za-z0-9]+/g, '-')
            .replace(/^-|-$/g, '')
            .slice(0, 32) || 'inicio',
      };
      let status: number;
      try {
        ({ status } = await deps.transport(found, payload, pushDelivery[event]));
      } catch (err) {
        await tally('failed');
        throw err;
      }
      if (status >= 200 && status < 300) {
        await db
          .update(pushSubscriptions)
          .set({ lastUsedAt: sql`now()` })
          .where(eq(pushSubscriptions.id, order.subscriptionId));
        await tally('sent');
        return 'sent';
      }
      if (isGone(status)) {
        await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, order.subscriptionId));
        await tally('pruned');
        return 'pruned';
      }
      await tally('failed');
      if (isTransient(status))
        throw new Error(`o serviço de push respondeu ${status}; nova tentativa depois`);
      log.warn(
        { status, subscriptionId: order.subscriptionId },
        'push refused by the push service; given up',
      );
      return 'failed';
    },
  };
}

export type PushSender = ReturnType<typeof createPushSender>;
