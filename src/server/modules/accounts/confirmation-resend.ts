import { accountMessages } from '@shared/account-messages';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rateLimits } from '../../db/schema';
import { AppError } from '../../errors';

/** One confirmation mail per address per minute, whoever asks: a button pressed again, or a script. */
export const RESEND_INTERVAL_SECONDS = 60;

/**
 * Takes this address's resend slot, or refuses with how long to wait. Counted on the address whether or not it has
 * an account waiting, so the answer tells nothing about it. One atomic upsert: two presses at once get one mail.
 */
export async function claimResendSlot(db: Db, email: string): Promise<void> {
  const interval = sql.raw(`interval '${RESEND_INTERVAL_SECONDS} seconds'`);
  const fresh = sql`${rateLimits.windowStart} < now() - ${interval}`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key: `confirmation-resend:${email}`, count: 1, windowStart: sql`now()` })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${fresh} then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`case when ${fresh} then now() else ${rateLimits.windowStart} end`,
      },
    })
    .returning({
      count: rateLimits.count,
      waitSeconds: sql<number>`ceil(extract(epoch from (${rateLimits.windowStart} + ${interval} - now())))::int`,
    });
  if (row && row.count > 1) {
    const seconds = Math.max(1, Number(row.waitSeconds));
    throw new AppError('RATE_LIMITED', accountMessages.confirmationResendWait(seconds));
  }
}
