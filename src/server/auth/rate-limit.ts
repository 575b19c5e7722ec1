import { errorMessages } from '@shared/errors';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest, HTTPMethods } from 'fastify';
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
 *
 * Every write (POST, PUT, PATCH, DELETE) declares one or the other in its route config:
 * - `rateLimit: rateLimits.<preset>`, the counters it adds to, named in one file (http/rate-limits.ts), or
 * - `rateLimitExempt: '<reason>'`, why counting it would protect nothing (and a comment beside it).
 * `writeRoutes` lists them all as registered; a test fails on a write that declares neither.
 */
export type RateLimitRule =
  | { per: 'address' }
  /** A public form from one IP address, counted apart from the credential attempts. */
  | { per: 'address'; action: string; max: number }
  | { per: 'account'; email: (request: FastifyRequest) => string }
  | {
      per: 'member';
      action: string;
      max: number;
      /** Counts only requests that carry files (multipart), on a route that takes JSON too: its photos. */
      multipartOnly?: true;
    };

/** Addresses are shared (CGNAT, LAN houses): an address may try more often than one account. */
export const ADDRESS_FACTOR = 5;

const WRITE_METHODS = new Set<string>(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A write route as registered, with what it declared (one of the two). */
export interface WriteRoute {
  method: string;
  url: string;
  rateLimit?: RateLimitRule[];
  rateLimitExempt?: string;
}

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
    const isMultipart = request.headers['content-type']?.toLowerCase().startsWith('multipart/') ?? false;
    for (const rule of request.routeOptions.config.rateLimit ?? []) {
      if ('multipartOnly' in rule && rule.multipartOnly && !isMultipart) continue;
      await count(...keyOf(rule, request));
    }
  });

  // Routes registered from here on (every module's) are listed; a declaration that contradicts itself stops
  // the start, since no request could tell which one was meant.
  const writeRoutes: WriteRoute[] = [];
  app.decorate('writeRoutes', writeRoutes);
  app.addHook('onRoute', (route) => {
    const methods = ([] as HTTPMethods[]).concat(route.method).filter((method) => WRITE_METHODS.has(method));
    if (methods.length === 0) return;
    const { rateLimit, rateLimitExempt } = (route.config ?? {}) as {
      rateLimit?: RateLimitRule[];
      rateLimitExempt?: string;
    };
    if (rateLimit && rateLimitExempt !== undefined) {
      throw new Error(`${methods.join(',')} ${route.url}: rateLimit and rateLimitExempt both declared`);
    }
    if (rateLimit?.length === 0 || (rateLimitExempt !== undefined && !rateLimitExempt.trim())) {
      throw new Error(
        `${methods.join(',')} ${route.url}: an empty rateLimit or rateLimitExempt limits nothing`,
      );
    }
    for (const method of methods) writeRoutes.push({ method, url: route.url, rateLimit, rateLimitExempt });
  });
}

/**
 * Deletes the counters whose window has ended: they count nothing any more (the next request starts the key over
 * at 1), and every e-mail typed at sign-in, every address and member leaves one. Returns how many went.
 */
export async function purgeExpiredRateLimits(db: Db, windowSeconds: number): Promise<number> {
  const window = sql.raw(`interval '${Math.floor(windowSeconds)} seconds'`);
  const removed = await db
    .delete(rateLimits)
    .where(sql`${rateLimits.windowStart} < now() - ${window}`)
    .returning({ key: rateLimits.key });
  return removed.length;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    rateLimit?: RateLimitRule[];
    /** Why this write counts nothing ('ends only the session of its own cookie'); a write has this or `rateLimit`. */
    rateLimitExempt?: string;
  }
  interface FastifyInstance {
    /** Every write route registered after `registerRateLimits`, with the limit or exemption it declared. */
    writeRoutes: readonly WriteRoute[];
  }
}
