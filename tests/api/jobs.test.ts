import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Database, openDatabase, queryRows } from '../../src/server/db/client';
import type { Job } from '../../src/server/jobs/job';
import { createJobRunner, type JobRunner } from '../../src/server/jobs/runner';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const WAIT = { timeout: 20_000, interval: 100 };

/** A job for one test: its own queue name, hourly, retried after 1 s, 2 s… */
const testJob = (name: string, run: Job['run']): Job => ({
  name,
  label: name,
  everySeconds: 3600,
  retryLimit: 3,
  retryDelaySeconds: 1,
  run,
});

const runnerFor = (database: Database, job: Job) =>
  createJobRunner({ database, log: t.app.log, jobs: [job], pollingIntervalSeconds: 0.5 });

/** Another process's database: its own pool on PostgreSQL; PGlite has one (its one process, a second runner). */
const secondDatabase = async () =>
  t.database.url
    ? { database: await openDatabase({ url: t.database.url, pgliteDir: 'memory://' }), own: true }
    : { database: t.database, own: false };

const jobRows = (name: string) =>
  queryRows<{ state: string; retry_count: number }>(
    t.db,
    sql`select state, retry_count from pgboss.job where name = ${name} order by created_on`,
  );

describe('the jobs runner', () => {
  it('two processes over one database run a periodic job once per slot', async () => {
    const runs: string[] = [];
    const other = await secondDatabase();
    const first = runnerFor(
      t.database,
      testJob('test-once', async () => void runs.push('first')),
    );
    const second = runnerFor(
      other.database,
      testJob('test-once', async () => void runs.push('second')),
    );
    try {
      // Both offer a run when they start; the slot lets one through, and one of the two takes it. (One PGlite is
      // one session: its process starts one runner, so the two start in turn there.)
      if (other.own) await Promise.all([first.start(), second.start()]);
      else for (const runner of [first, second]) await runner.start();
      await vi.waitFor(
        async () => expect((await jobRows('test-once')).map((r) => r.state)).toEqual(['completed']),
        WAIT,
      );
      expect(runs).toHaveLength(1);
    } finally {
      await Promise.all([first.close(), second.close()]);
      if (other.own) await other.database.close();
    }
  });

  it('a run queued before a stop is run after a new start', async () => {
    const runs: string[] = [];
    let before: JobRunner | undefined;
    let stopped: Promise<void> | undefined;
    before = runnerFor(
      t.database,
      testJob('test-restart', async () => {
        runs.push('before');
        // A wake during the run queues the next one (as a new notification does); then the process goes down.
        await before?.trigger('test-restart');
        stopped = before?.close();
      }),
    );
    await before.start();
    await vi.waitFor(() => expect(stopped).toBeDefined(), WAIT);
    await stopped;
    expect((await jobRows('test-restart')).map((r) => r.state)).toEqual(['completed', 'created']);

    const after = runnerFor(
      t.database,
      testJob('test-restart', async () => void runs.push('after')),
    );
    try {
      await after.start();
      await vi.waitFor(
        async () =>
          expect((await jobRows('test-restart')).map((r) => r.state)).toEqual(['completed', 'completed']),
        WAIT,
      );
      // The queued run, not a new one: the slot of the hour had its run already.
      expect(runs).toEqual(['before', 'after']);
    } finally {
      await after.close();
    }
  });

  it('a failing run is retried with a growing delay, and the status tells it', async () => {
    const tries: number[] = [];
    const runner = runnerFor(
      t.database,
      testJob('test-retry', async () => {
        tries.push(Date.now());
        if (tries.length < 3) throw new Error(`falha ${tries.length}`);
      }),
    );
    try {
      await runner.start();
      await vi.waitFor(async () => {
        const [status] = await runner.status();
        expect(status?.lastRun?.outcome).toBe('retrying');
        expect(status?.nextRunAt).not.toBeNull();
      }, WAIT);
      await vi.waitFor(async () => expect((await runner.status())[0]?.lastRun?.outcome).toBe('ok'), WAIT);
      expect(tries).toHaveLength(3);
      expect(await jobRows('test-retry')).toEqual([{ state: 'completed', retry_count: 2 }]);
      // pg-boss's backoff: retryDelay × 2^n with jitter, so 1–2 s, then 2–4 s.
      const [gap1, gap2] = [tries[1]! - tries[0]!, tries[2]! - tries[1]!];
      expect(gap1).toBeGreaterThanOrEqual(900);
      expect(gap2).toBeGreaterThanOrEqual(1900);
    } finally {
      await runner.close();
    }
  });

  it("the app's jobs all run once at start, and the Sistema tab's list shows their last and next run", async () => {
    await t.app.jobs.start();
    try {
      await vi.waitFor(async () => {
        const jobs = await t.app.jobs.status();
        expect(jobs.map((job) => [job.name, job.lastRun?.outcome])).toEqual([
          ['trade-timers', 'ok'],
          ['notification-mails', 'ok'],
          ['notification-pushes', 'ok'],
          ['orphan-sweep', 'ok'],
          ['recording-retention', 'ok'],
          ['seller-stats', 'ok'],
          ['rate-limit-purge', 'ok'],
          ['saved-search-sweep', 'ok'],
          ['saved-search-digest', 'ok'],
        ]);
        for (const job of jobs)
          expect(Date.parse(job.nextRunAt ?? '')).toBeGreaterThan(Date.parse(job.lastRun?.startedAt ?? ''));
      }, WAIT);
    } finally {
      await t.app.jobs.stop();
    }
  });
});
