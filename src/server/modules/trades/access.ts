import { type Actor, canSeeTrade } from '@shared/permissions';
import { tradeMessages } from '@shared/trade-messages';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { trades } from '../../db/schema';
import { AppError } from '../../errors';

/**
 * Who may see a trade, for every reader of one (the room, its chat, its call, its recordings): its buyer, its seller
 * and staff — a moderator reads a trade another holds, an admin any (README, the staff roles; `canSeeTrade` in
 * src/shared/permissions.ts, which the realtime hub below the modules applies too). To anyone else the trade does
 * not exist: a 404 with the caller's text, never a 403 that would confirm it.
 */
export async function tradeSeenBy(
  db: Db,
  viewer: Actor,
  tradeId: number,
  options: { lock?: 'share' | 'update'; notFound?: string } = {},
): Promise<typeof trades.$inferSelect> {
  const query = db.select().from(trades).where(eq(trades.id, tradeId));
  const [trade] = options.lock ? await query.for(options.lock) : await query;
  return tradeRowSeenBy(viewer, trade, options.notFound);
}

/** The same rule on a trade row already in hand (the one a step's own update returned). */
export function tradeRowSeenBy(
  viewer: Actor,
  trade: typeof trades.$inferSelect | undefined,
  notFound: string = tradeMessages.notFound,
): typeof trades.$inferSelect {
  if (!trade || !canSeeTrade(viewer, trade)) throw new AppError('NOT_FOUND', notFound);
  return trade;
}
