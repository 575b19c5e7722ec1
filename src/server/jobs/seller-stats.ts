import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { refreshDueSellerStats } from '../modules/reviews/seller-stats';
import type { Job } from './job';

/**
 * A hidden review becomes public when its period closes, with no write to trigger on: every minute, the
 * sellers whose next publication has passed get their stored figures recomputed (decision 024).
 */
export const sellerStatsJob = (db: Db, log: FastifyBaseLogger): Job => ({
  name: 'seller-stats',
  label: 'Números dos vendedores',
  everySeconds: 60,
  retryLimit: 2,
  retryDelaySeconds: 10,
  async run() {
    const refreshed = await refreshDueSellerStats(db);
    if (refreshed) log.info({ refreshed }, 'números de vendedores atualizados');
  },
});
