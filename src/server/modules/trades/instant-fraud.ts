import {
  listingCodeMessages as cm,
  INSTANT_FRAUD_MIN_DISPUTES,
  INSTANT_FRAUD_MIN_RATE,
  type InstantFraudSignal,
} from '@shared/listing-codes';
import { paths } from '@shared/paths';
import { isStaff } from '@shared/permissions';
import { and, eq, isNotNull, or, sql } from 'drizzle-orm';
import type { Viewer } from '../../auth/session';
import type { Db } from '../../db/client';
import { listings, profiles, trades, users } from '../../db/schema';
import { AppError } from '../../errors';
import { recordAudit } from '../audit/record';
import { notify } from '../notifications/service';

/**
 * Instant delivery's fraud signal (issue 37): sellers whose automatically delivered codes their buyers dispute
 * (a dispute opened by the buyer of an instant trade after the code was delivered: "o código não funciona"; the
 * reason is free text, so every such dispute counts) at least INSTANT_FRAUD_MIN_DISPUTES times and at a rate of
 * at least INSTANT_FRAUD_MIN_RATE of their delivered codes. Shown on the trades desk, the worst first.
 */
export async function readInstantFraud(
  db: Db,
  thresholds = { minDisputes: INSTANT_FRAUD_MIN_DISPUTES, minRate: INSTANT_FRAUD_MIN_RATE },
): Promise<InstantFraudSignal[]> {
  const disputed = sql<number>`count(*) filter (where ${trades.disputeOpenedAt} is not null and ${trades.disputeOpenedBy} = ${trades.buyerId})::int`;
  const delivered = sql<number>`count(*)::int`;
  const rows = await db
    .select({
      sellerId: trades.sellerId,
      nickname: profiles.username,
      delivered,
      disputed,
      instantListings: sql<number>`(select count(*)::int from ${listings} l where l.seller_id = ${trades.sellerId}
        and l.instant_delivery and (l.status = 'active' or l.paused_reason = 'sem_codigos'))`,
      pausedByStaff: sql<number>`(select count(*)::int from ${listings} l where l.seller_id = ${trades.sellerId}
        and l.status = 'paused' and l.paused_reason = 'equipe')`,
    })
    .from(trades)
    .innerJoin(profiles, eq(profiles.id, trades.sellerId))
    .where(and(eq(trades.instantDelivery, true), isNotNull(trades.deliveredAt)))
    .groupBy(trades.sellerId, profiles.username)
    .having(
      sql`${disputed} >= ${thresholds.minDisputes} and ${disputed}::float8 / ${delivered} >= ${thresholds.minRate}`,
    )
    .orderBy(sql`${disputed}::float8 / ${delivered} desc`, sql`${disputed} desc`)
    .limit(50);
  return rows.map((r) => ({ ...r, rate: Math.round((r.disputed / r.delivered) * 1000) / 1000 }));
}

/**
 * Staff pause every instant-delivery listing of a member (moderators and admins: a moderation act, like a
 * suspension, that moves no money): each becomes 'paused' ('equipe'), taking no new trade; trades already open
 * go on. Audited with the reason and the listings; the seller is told why. Answers how many it paused.
 */
export async function pauseInstantListings(
  db: Db,
  viewer: Viewer,
  memberId: string,
  reason: string,
): Promise<{ paused: number }> {
  if (!isStaff(viewer)) throw AppError.forbidden();
  return db.transaction(async (tx) => {
    const [member] = await tx.select({ id: users.id }).from(users).where(eq(users.id, memberId));
    if (!member) throw new AppError('NOT_FOUND', cm.memberNotFound);
    const paused = await tx
      .update(listings)
      .set({ status: 'paused', pausedReason: 'equipe' })
      .where(
        and(
          eq(listings.sellerId, memberId),
          eq(listings.instantDelivery, true),
          or(
            eq(listings.status, 'active'),
            and(eq(listings.status, 'paused'), eq(listings.pausedReason, 'sem_codigos')),
          ),
        ),
      )
      .returning({ id: listings.id });
    await recordAudit(tx, {
      actorId: viewer.userId,
      action: 'member.pause_instant',
      targetType: 'user',
      targetId: memberId,
      details: { reason, listingIds: paused.map((l) => l.id) },
    });
    // The link opens a paused listing's vault, which says the staff paused it.
    const [first] = paused;
    if (first)
      await notify(tx, {
        userId: memberId,
        kind: 'instant_moderated',
        title: cm.staffPausedTitle,
        body: cm.staffPausedBody(listingCount(paused.length), withStop(reason)),
        link: paths.listingCodes(first.id),
      });
    return { paused: paused.length };
  });
}

/**
 * Staff lift their pause (moderators and admins): each listing they paused goes back on sale when it has codes, or
 * waits for codes ('sem_codigos') as any instant listing at zero. Audited; the seller is told. Answers how many.
 */
export async function resumeInstantListings(
  db: Db,
  viewer: Viewer,
  memberId: string,
): Promise<{ resumed: number }> {
  if (!isStaff(viewer)) throw AppError.forbidden();
  return db.transaction(async (tx) => {
    const [member] = await tx.select({ id: users.id }).from(users).where(eq(users.id, memberId));
    if (!member) throw new AppError('NOT_FOUND', cm.memberNotFound);
    // Guarded by the state it leaves: a second resume finds none.
    const resumed = await tx
      .update(listings)
      .set({
        status: sql`case when ${listings.quantity} > 0 then 'active'::listing_status else 'paused'::listing_status end`,
        pausedReason: sql`case when ${listings.quantity} > 0 then null else 'sem_codigos' end`,
      })
      .where(
        and(
          eq(listings.sellerId, memberId),
          eq(listings.status, 'paused'),
          eq(listings.pausedReason, 'equipe'),
        ),
      )
      .returning({ id: listings.id });
    const [first] = resumed;
    if (!first) return { resumed: 0 };
    await recordAudit(tx, {
      actorId: viewer.userId,
      action: 'member.resume_instant',
      targetType: 'user',
      targetId: memberId,
      details: { listingIds: resumed.map((l) => l.id) },
    });
    await notify(tx, {
      userId: memberId,
      kind: 'instant_moderated',
      title: cm.staffResumedTitle,
      body: cm.staffResumedBody(listingCount(resumed.length)),
      link: paths.listingCodes(first.id),
    });
    return { resumed: resumed.length };
  });
}

const listingCount = (n: number) => (n === 1 ? 'seu anúncio' : `seus ${n} anúncios`);
const withStop = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);
