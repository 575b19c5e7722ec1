import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { sweepOrphanFiles } from '../modules/media/sweep';
import type { Storage } from '../storage/storage';
import type { Job } from './job';

/** Files a crash left behind (no row points at them, older than an hour): hourly, and at the first start. */
export const orphanSweepJob = (db: Db, storage: Storage, log: FastifyBaseLogger): Job => ({
  name: 'orphan-sweep',
  label: 'Arquivos órfãos',
  everySeconds: 60 * 60,
  retryLimit: 2,
  retryDelaySeconds: 60,
  async run() {
    const { scanned, removed } = await sweepOrphanFiles(db, storage);
    if (removed) log.info({ scanned, removed }, 'arquivos órfãos removidos');
  },
});
