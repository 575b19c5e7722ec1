import {
  defaultPushEventSwitches,
  MAX_PUSH_SUBSCRIPTIONS,
  type PushDevice,
  type PushEventSwitches,
  type PushSubscriptionInput,
  pushEvents,
} from '@shared/push';
import { pushMessages as m } from '@shared/push-messages';
import { describeDevice } from '@shared/user-agent';
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Viewer } from '../../auth/session';
import type { Db } from '../../db/client';
import { pushSubscriptions, pushTallies, userSettings } from '../../db/schema';
import { AppError } from '../../errors';

/** The endpoint's host is a push service we allow: the host itself or one of its subdomains. */
export function isAllowedPushEndpoint(endpoint: string, serviceHosts: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  const host = url.hostname.toLowerCase();
  const listed = serviceHosts.some((allowed) => host === allowed || host.endsWith(`.${allowed}`));
  // Real push services are https; plain http only for a loopback host listed on purpose (the tests' stand-in).
  const loopback = host === '127.0.0.1' || host === 'localhost' || host === '[::1]';
  return listed && (url.protocol === 'https:' || (url.protocol === 'http:' && loopback));
}

const toDevice = (row: typeof pushSubscriptions.$inferSelect): PushDevice => ({
  id: row.id,
  device: row.device,
  service: new URL(row.endpoint).hostname,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

const toSwitches = (stored: Partial<Record<string, boolean>> | undefined): PushEventSwitches =>
  Object.fromEntries(
    pushEvents.map((event) => [event, stored?.[event] ?? defaultPushEventSwitches[event]]),
  ) as PushEventSwitches;

/** A member's devices subscribed to Web Push (issue 38) and their per-event switches; always the viewer's own. */
export function createPushService(db: Db, deps: { serviceHosts: readonly string[] }) {
  const devicesOf = async (userId: string) =>
    (
      await db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId))
        .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
    ).map(toDevice);

  return {
    devices: (viewer: Viewer) => devicesOf(viewer.userId),

    /**
     * Subscribes this browser. One row per endpoint: subscribing again (new keys after the browser renewed them,
     * or another member signing in on the same device) replaces it, so a device never gets a push twice nor the
     * previous member's.
     */
    async subscribe(viewer: Viewer, input: PushSubscriptionInput, userAgent: string | undefined) {
      if (!isAllowedPushEndpoint(input.endpoint, deps.serviceHosts)) {
        throw new AppError('VALIDATION', m.serviceRefused, { endpoint: m.serviceRefused });
      }
      return db.transaction(async (tx) => {
        // Serialises one member's subscribes, so the cap holds against two at once.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`push:${viewer.userId}`}))`);
        const [others] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(pushSubscriptions)
          .where(
            and(eq(pushSubscriptions.userId, viewer.userId), ne(pushSubscriptions.endpoint, input.endpoint)),
          );
        if ((others?.n ?? 0) >= MAX_PUSH_SUBSCRIPTIONS) {
          throw new AppError('CONFLICT', m.tooManyDevices(MAX_PUSH_SUBSCRIPTIONS));
        }
        const values = {
          userId: viewer.userId,
          endpoint: input.endpoint,
          p256dh: input.keys.p256dh,
          auth: input.keys.auth,
          device: describeDevice(userAgent),
        };
        const [row] = await tx
          .insert(pushSubscriptions)
          .values(values)
          .onConflictDoUpdate({
            target: pushSubscriptions.endpoint,
            set: { ...values, createdAt: sql`now()`, lastUsedAt: null },
          })
          .returning();
        if (!row) throw new Error('push_subscriptions: a linha sumiu depois de gravada');
        return toDevice(row);
      });
    },

    /** Removes one of the viewer's devices; another member's is not found (whoever asks: staff too). */
    async remove(viewer: Viewer, id: number): Promise<void> {
      const gone = await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, viewer.userId)))
        .returning({ id: pushSubscriptions.id });
      if (gone.length === 0) throw new AppError('NOT_FOUND', m.notFound);
    },

    async switches(viewer: Viewer): Promise<PushEventSwitches> {
      const [row] = await db
        .select({ pushEvents: userSettings.pushEvents })
        .from(userSettings)
        .where(eq(userSettings.userId, viewer.userId));
      return toSwitches(row?.pushEvents);
    },

    /** Moves only the switches sent; the settings row is made with its defaults when it is the first save. */
    async updateSwitches(viewer: Viewer, input: Partial<PushEventSwitches>): Promise<PushEventSwitches> {
      const changes = JSON.stringify(
        Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)),
      );
      const [row] = await db
        .insert(userSettings)
        .values({ userId: viewer.userId, pushEvents: sql`${changes}::jsonb` })
        .onConflictDoUpdate({
          target: userSettings.userId,
          set: { pushEvents: sql`${userSettings.pushEvents} || ${changes}::jsonb` },
        })
        .returning({ pushEvents: userSettings.pushEvents });
      return toSwitches(row?.pushEvents);
    },
  };
}

export type PushService = ReturnType<typeof createPushService>;

/** The figures for staff (/metrics, Sistema): devices subscribed, and what became of the pushes. */
export async function readPushFigures(db: Db) {
  const [subscribed] = await db.select({ n: sql<number>`count(*)::int` }).from(pushSubscriptions);
  const tallies = await db.select().from(pushTallies);
  const count = (outcome: string) => Number(tallies.find((row) => row.outcome === outcome)?.count ?? 0);
  return {
    subscriptions: subscribed?.n ?? 0,
    sent: count('sent'),
    failed: count('failed'),
    pruned: count('pruned'),
  };
}
export type PushFigures = Awaited<ReturnType<typeof readPushFigures>>;
