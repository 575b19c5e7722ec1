import { REALTIME_REPLAY_LIMIT } from '@shared/realtime';
import { and, asc, eq, gt, max, or, type SQL } from 'drizzle-orm';
import type { Viewer } from '../auth/session';
import type { Db } from '../db/client';
import { tradeEvents, trades } from '../db/schema';

/** The trades `viewer` may see, as a condition on `trades` (the rule of `canSeeTrade`). */
const visibleTo = (viewer: Viewer): SQL | undefined =>
  viewer.role ? undefined : or(eq(trades.buyerId, viewer.userId), eq(trades.sellerId, viewer.userId));

/**
 * The trade events after `since` that `viewer` may see, oldest first: what a reconnecting tab missed. Null when
 * there are more than the replay limit (the tab should read everything again instead).
 */
export async function missedTradeEvents(
  db: Db,
  viewer: Viewer,
  since: number,
): Promise<{ tradeId: number; eventId: number }[] | null> {
  const rows = await db
    .select({ tradeId: tradeEvents.tradeId, eventId: tradeEvents.id })
    .from(tradeEvents)
    .innerJoin(trades, eq(trades.id, tradeEvents.tradeId))
    .where(and(gt(tradeEvents.id, since), visibleTo(viewer)))
    .orderBy(asc(tradeEvents.id))
    .limit(REALTIME_REPLAY_LIMIT + 1);
  return rows.length > REALTIME_REPLAY_LIMIT ? null : rows;
}

/** The newest trade event id `viewer` may see (0 when none): where a new tab starts counting from. */
export async function lastTradeEventId(db: Db, viewer: Viewer): Promise<number> {
  const [row] = await db
    .select({ last: max(tradeEvents.id) })
    .from(tradeEvents)
    .innerJoin(trades, eq(trades.id, tradeEvents.tradeId))
    .where(visibleTo(viewer));
  return row?.last ?? 0;
}
