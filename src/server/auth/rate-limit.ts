import { errorMessages } from '@shared/errors';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema';
import { AppError } from '../errors';

/**
 * What a route counts, declared in its `config.rateLimit`:
 * - `address`: credential attempts (sign-in, sign-up, and later password reset and 2FA) from one IP address;
 * - `address` with an `action`: submissions of one public form (partnership, feedback) from one IP address;
 * - `account`: credential attempts on one e-mail, whichever entry point they come through;
 * - `member`: writes of one kind (posts, comments, listings) by the signed-in member.
 * All credential entry points share the same two counters, so switching endpoints buys no extra guesses.
 */
export type RateLimitRule =
  | { per: 'address' }
  /** A public form from one IP address, counted apart from the credential attempts. */
  | { per: 'address'; action: string; max: number }
  | { per: 'account'; email: (request: FastifyRequest) => string }
  | { per: 'member'; action: string; max: number };

/** Addresses are shared (CGNAT, LAN houses): an address may try more often than one account. */
const ADDRESS_FACTOR = 5;

/**
 * Fixed-window counters in the database, so every process behind a load balancer sees the same counts.
 * Each key is counted in one atomic upsert; the first key over its `max` stops the request (429) before the
 * handler runs. Runs as a preHandler: after the route's guard (the member is known) and its validation.
 */
export function registerRateLimits(
  app: FastifyInstance,
  { db, windowSeconds, maxAttempts }: { db: Db; windowSeconds: number; maxAttempts: number },
) {
  const window = sql.raw(`interval '${Math.floor(windowSeconds)} seconds'`);

  async function count(key: string, max: number) {
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

  function keyOf(rule: RateLimitRule, request: FastifyRequest): [string, number] {
    switch (rule.per) {
      case 'address':
        if ('action' in rule) return [`${rule.action}:ip:${request.ip}`, rule.max];
        return [`credentials:ip:${request.ip}`, maxAttempts * ADDRESS_FACTOR];
      case 'account':
        return [`credentials:account:${rule.email(request).trim().toLowerCase()}`, maxAttempts];
      case 'member':
        if (!request.viewer) throw AppError.unauthenticated();
        return [`${rule.action}:${request.viewer.userId}`, rule.max];
    }
  }

  app.addHook('preHandler', async (request) => {
    for (const rule of request.routeOptions.config.rateLimit ?? []) await count(...keyOf(rule, request));
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    rateLimit?: RateLimitRule[];
  }
}
