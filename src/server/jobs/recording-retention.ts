import type { FastifyBaseLogger } from 'fastify';
import type { TradeRecordingsService } from '../modules/trade-recordings/service';
import type { Job } from './job';

/**
 * The call recordings past their retention (decision 015, issue 25: 24 hours after a cancellation before payment,
 * RECORDING_RETENTION_DAYS after the trade's end or its dispute's decision; see TradeRecordingsService.sweepExpired):
 * hourly.
 */
export const recordingRetentionJob = (
  recordings: TradeRecordingsService,
  log: FastifyBaseLogger,
  now: () => Date,
): Job => ({
  name: 'recording-retention',
  label: 'Retenção das gravações de chamada',
  everySeconds: 60 * 60,
  retryLimit: 2,
  retryDelaySeconds: 60,
  async run() {
    const removed = await recordings.sweepExpired(now());
    if (removed) log.info({ removed }, 'gravações de chamada vencidas removidas');
  },
});
