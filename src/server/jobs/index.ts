import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import type { Mailer } from '../mail/mailer';
import type { NotificationMailSender } from '../modules/notifications/mail-sender';
import type { PayoutSender } from '../modules/payouts/sender';
import type { PushSender } from '../modules/push/sender';
import type { SavedSearchAlerts } from '../modules/saved-searches/matching';
import type { TradeRecordingsService } from '../modules/trade-recordings/service';
import type { TradeTimers } from '../modules/trades/timers';
import type { Storage } from '../storage/storage';
import type { Job } from './job';
import { mailJob } from './mail';
import { notificationMailsJob } from './notification-mails';
import { notificationPushesJob } from './notification-pushes';
import { orphanSweepJob } from './orphan-sweep';
import { payoutReconciliationJob } from './payout-reconciliation';
import { payoutSendsJob } from './payout-sends';
import { pixChargeRecheckJob } from './pix-charge-recheck';
import { pushJob } from './push';
import { rateLimitPurgeJob } from './rate-limit-purge';
import { recordingRetentionJob } from './recording-retention';
import { createJobRunner } from './runner';
import { savedSearchDigestJob } from './saved-search-digest';
import { savedSearchMatchJob } from './saved-search-match';
import { savedSearchSweepJob } from './saved-search-sweep';
import { sellerStatsJob } from './seller-stats';
import { tradeRefundsJob } from './trade-refunds';
import { tradeTimersJob } from './trade-timers';

/**
 * The app's jobs runner (decision 021), made before the modules so they can send: with the payload jobs, each in
 * its own file here. The periodic jobs are added once the modules they run exist (`periodicJobs`).
 */
export const createAppJobs = (deps: {
  database: Database;
  log: FastifyBaseLogger;
  sendMail: Mailer;
  mailRetrySeconds: number;
  /** Web Push: the sender, made after the runner (it queues through it). */
  pushes: () => PushSender;
  pushRetrySeconds: number;
  /** Saved searches that alert (issue 38 part 3): the match job's work. */
  savedSearchAlerts: SavedSearchAlerts;
}) =>
  createJobRunner({
    database: deps.database,
    log: deps.log,
    jobs: [],
    payloadJobs: [
      mailJob(deps.sendMail, deps.mailRetrySeconds),
      pushJob(deps.pushes, deps.pushRetrySeconds),
      savedSearchMatchJob(deps.savedSearchAlerts),
    ],
  });

export type AppJobs = ReturnType<typeof createAppJobs>;

/** The app's periodic jobs, each defined in its own file. */
export function periodicJobs(deps: {
  database: Database;
  log: FastifyBaseLogger;
  storage: Storage;
  tradeTimers: TradeTimers;
  tradeTimerSeconds: number;
  /** With API Pix: the charges still waiting and the devoluções still pending, read again every timer period. */
  apiPix: {
    recheckWaitingCharges: () => Promise<number>;
    settlePendingRefunds: () => Promise<number>;
  } | null;
  notificationMails: NotificationMailSender;
  /** With a PSP sending payouts (PAYOUT_PROVIDER=efi): yesterday's sends reconciled with the ledger. */
  payoutReconciliation?: (() => Promise<{ day: string; findings: unknown[]; pspSends: number }>) | null;
  pushes: PushSender;
  tradeRecordings: TradeRecordingsService;
  rateLimitWindowSeconds: number;
  now: () => Date;
  /** With an automatic payout provider: the payout sender (decision 028) and its period. */
  payouts: { sender: PayoutSender; seconds: number } | null;
  savedSearchAlerts: SavedSearchAlerts;
}): Job[] {
  const { database, log } = deps;
  return [
    tradeTimersJob(deps.tradeTimers, deps.tradeTimerSeconds, log),
    ...(deps.apiPix
      ? [
          pixChargeRecheckJob(deps.apiPix.recheckWaitingCharges, deps.tradeTimerSeconds, log),
          tradeRefundsJob(deps.apiPix.settlePendingRefunds, deps.tradeTimerSeconds, log),
        ]
      : []),
    notificationMailsJob(deps.notificationMails),
    ...(deps.payoutReconciliation ? [payoutReconciliationJob(deps.payoutReconciliation, log)] : []),
    notificationPushesJob(deps.pushes),
    orphanSweepJob(database.db, deps.storage, log),
    recordingRetentionJob(deps.tradeRecordings, log, deps.now),
    sellerStatsJob(database.db, log),
    rateLimitPurgeJob(database.db, deps.rateLimitWindowSeconds, log),
    ...(deps.payouts ? [payoutSendsJob(deps.payouts.sender, deps.payouts.seconds, log)] : []),
    // Saved searches that alert (issue 38 part 3).
    savedSearchSweepJob(deps.savedSearchAlerts),
    savedSearchDigestJob(deps.savedSearchAlerts),
  ];
}
