import type { FastifyBaseLogger } from 'fastify';
import type { TradeTimers } from '../modules/trades/timers';
import type { Job } from './job';

/**
 * The trades' deadlines (decision 010): every `seconds` one process sweeps the due ones. Each expiry is guarded by
 * the state and the deadline, so a sweep that overlaps another (a retry, a second process) still acts once.
 */
export const tradeTimersJob = (timers: TradeTimers, seconds: number, log: FastifyBaseLogger): Job => ({
  name: 'trade-timers',
  label: 'Prazos das negociações',
  everySeconds: seconds,
  retryLimit: 2,
  retryDelaySeconds: 10,
  async run() {
    const changed = await timers.sweep();
    if (changed > 0) log.info({ changed }, 'trade timers swept');
  },
});
