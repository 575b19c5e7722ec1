import type { FastifyBaseLogger } from 'fastify';
import { purgeExpiredRateLimits } from '../auth/rate-limit';
import type { Db } from '../db/client';
import type { Job } from './job';

/** The rate-limit counters whose window ended (auth/rate-limit.ts): hourly, so `rate_limits` stays small. */
export const rateLimitPurgeJob = (db: Db, windowSeconds: number, log: FastifyBaseLogger): Job => ({
  name: 'rate-limit-purge',
  label: 'Contadores de limite vencidos',
  everySeconds: 60 * 60,
  retryLimit: 2,
  retryDelaySeconds: 60,
  async run() {
    const removed = await purgeExpiredRateLimits(db, windowSeconds);
    if (removed) log.info({ removed }, 'contadores de limite vencidos removidos');
  },
});
