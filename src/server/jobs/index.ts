import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import type { NotificationMailSender } from '../modules/notifications/mail-sender';
import type { TradeRecordingsService } from '../modules/trade-recordings/service';
import type { TradesService } from '../modules/trades/service';
import type { TradeTimers } from '../modules/trades/timers';
import type { Storage } from '../storage/storage';
import { notificationMailsJob } from './notification-mails';
import { orphanSweepJob } from './orphan-sweep';
import { rateLimitPurgeJob } from './rate-limit-purge';
import { recordingRetentionJob } from './recording-retention';
import { createJobRunner } from './runner';
import { sellerStatsJob } from './seller-stats';
import { tradeRefundsJob } from './trade-refunds';
import { tradeTimersJob } from './trade-timers';

/** The app's jobs (decision 021), each defined in its own file, under one runner. */
export function createAppJobs(deps: {
  database: Database;
  log: FastifyBaseLogger;
  storage: Storage;
  tradeTimers: TradeTimers;
  tradeTimerSeconds: number;
  /** With API Pix: the devoluções still pending, read again every trade timer's period. */
  settlePendingRefunds: TradesService['settlePendingRefunds'] | null;
  notificationMails: NotificationMailSender;
  tradeRecordings: TradeRecordingsService;
  rateLimitWindowSeconds: number;
  now: () => Date;
}) {
  const { database, log } = deps;
  return createJobRunner({
    database,
    log,
    jobs: [
      tradeTimersJob(deps.tradeTimers, deps.tradeTimerSeconds, log),
      ...(deps.settlePendingRefunds
        ? [tradeRefundsJob(deps.settlePendingRefunds, deps.tradeTimerSeconds, log)]
        : []),
      notificationMailsJob(deps.notificationMails),
      orphanSweepJob(database.db, deps.storage, log),
      recordingRetentionJob(deps.tradeRecordings, log, deps.now),
      sellerStatsJob(database.db, log),
      rateLimitPurgeJob(database.db, deps.rateLimitWindowSeconds, log),
    ],
  });
}
