import type { FastifyBaseLogger } from 'fastify';
import type { Job } from './job';

/** Hourly: the first run after midnight (São Paulo) finds the day's differences, the later ones close those fixed. */
const EVERY_SECONDS = 3600;

/**
 * With a PSP sending payouts: yesterday's sends at the PSP and the ledger's payouts are compared, each difference
 * recorded once (Visão Geral's alert, /metrics). Runs every hour on the same day, which is cheap (one listing per
 * page) and lets a booking that caught up (a webhook lost, read back later) close its finding by itself. A PSP that
 * is down fails the run, tried again with backoff and at the next slot.
 */
export const payoutReconciliationJob = (
  reconcileYesterday: () => Promise<{ day: string; findings: unknown[]; pspSends: number }>,
  log: FastifyBaseLogger,
): Job => ({
  name: 'payout-reconciliation',
  label: 'Conciliação diária dos repasses com o PSP',
  everySeconds: EVERY_SECONDS,
  retryLimit: 3,
  retryDelaySeconds: 300,
  async run() {
    const { day, findings, pspSends } = await reconcileYesterday();
    if (findings.length > 0)
      log.warn({ day, findings: findings.length, pspSends }, 'payout reconciliation: differences');
  },
});
