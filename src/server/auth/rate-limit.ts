import { errorMessages } from '@shared/errors';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema';
import { AppError } from '../errors';

/** A counter key and how many attempts per window it allows. */
export interface RateLimitKey {
  key: string;
  max: number;
}

export type RateLimiter = (keys: RateLimitKey[]) => Promise<void>;

/**
 * Fixed-window counters in the database, so every process behind a load balancer sees the same counts.
 * Each key is counted in one atomic upsert; the first key over its `max` stops the request.
 */
export function createRateLimiter(db: Db, windowSeconds: number): RateLimiter {
  const window = sql.raw(`interval '${Math.floor(windowSeconds)} seconds'`);
  return async (keys) => {
    for (const { key, max } of keys) {
      const [row] = await db
        .insert(rateLimits)
        .values({ key, count: 1, windowStart: sql`now()` })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            count: sql`case when ${rateLimits.windowStart} < now() - ${window} then 1 else ${rateLimits.count} + 1 end`,
            windowStart: sql`case when ${rateLimits.windowStart} < now() - ${window} then now() else ${rateLimits.windowStart} end`,
          },
        })
        .returning({ count: rateLimits.count });
      if (row && row.count > max) throw new AppError('RATE_LIMITED', errorMessages.rateLimited);
    }
  };
}
