import { setTimeout as delay } from 'node:timers/promises';
import type { JobRun } from '@shared/admin';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { fromPglite, PgBoss } from 'pg-boss';
import { type Database, queryRows } from '../db/client';
import type { Job } from './job';

/** A finished run's pg-boss state, as the Sistema tab tells it: 'retry' is a failed run that will be tried again. */
const outcomes: Record<string, NonNullable<JobRun['lastRun']>['outcome']> = {
  completed: 'ok',
  retry: 'retrying',
  failed: 'failed',
};
/** pg-boss's own tables live in this schema, created and migrated by pg-boss at start (decision 021). */
const JOBS_SCHEMA = 'pgboss';
/** A run that takes longer than this is counted as failed (and retried): the longest job is the hourly sweep. */
const EXPIRE_SECONDS = 15 * 60;
/**
 * Triggers of one job this close share one send: a burst of notifications (every trade step makes two) wakes the
 * mails once, not once per notification; each send was a pg-boss insert, the costliest statement of a step
 * (bench/README.md, issue 35).
 */
const TRIGGER_GAP_MS = 250;

/** A run this process finished: `lagSeconds` from when it was due to when it started (the metrics). */
export interface FinishedRun {
  job: string;
  ok: boolean;
  lagSeconds: number;
}

/**
 * Runs the jobs (decision 021) through pg-boss over the app's database: its PGlite instance, or a small pool of
 * its own on PostgreSQL. Queued runs are rows, so they survive a restart; a queue's `stately` policy keeps one
 * run queued and one running across every process, and a throttled send gives each slot of `everySeconds` one
 * run however many processes offer it. Nothing runs until `start()` (main.ts; tests start it when they need it).
 */
export function createJobRunner(deps: {
  database: Database;
  log: FastifyBaseLogger;
  jobs: Job[];
  /** How often an idle worker asks for work; pg-boss's floor is 0.5 s. */
  pollingIntervalSeconds?: number;
}) {
  const { database, log, jobs } = deps;
  /** Set once started: what `trigger` sends through. */
  let boss: PgBoss | null = null;
  /** The start under way or done, so a stop during a start waits for it and stops what it started. */
  let starting: Promise<PgBoss> | null = null;
  let offers: NodeJS.Timeout[] = [];
  /** Per job: the send planned but not begun, which covers any trigger until it begins; when the next may begin. */
  const lanes = new Map<string, { planned: Promise<void> | null; free: Promise<unknown> }>();
  const runObservers = new Set<(run: FinishedRun) => void>();
  const tell = (run: FinishedRun) => {
    for (const observe of runObservers) observe(run);
  };

  const offer = (b: PgBoss, job: Job) =>
    b
      .sendThrottled(job.name, null, null, job.everySeconds)
      .catch((err: unknown) => log.error({ err, job: job.name }, 'falha ao agendar tarefa'));

  async function open(): Promise<PgBoss> {
    const started = new PgBoss({
      schema: JOBS_SCHEMA,
      ...(database.pglite
        ? { db: fromPglite(database.pglite), backend: 'pglite' as const }
        : { connectionString: database.url, max: 3 }),
      // Schedules (cron) are not used: every job is a throttled send (decision 021).
      schedule: false,
    });
    started.on('error', (err) => log.error({ err }, 'erro no executor de tarefas'));
    await started.start();
    for (const job of jobs) {
      const retries = {
        retryLimit: job.retryLimit,
        retryDelay: job.retryDelaySeconds,
        retryBackoff: true,
        expireInSeconds: EXPIRE_SECONDS,
      };
      // A job's tries may change between versions; its policy never does.
      if (await started.getQueue(job.name)) await started.updateQueue(job.name, retries);
      else await started.createQueue(job.name, { policy: 'stately', ...retries });
      await started.work(
        job.name,
        { pollingIntervalSeconds: deps.pollingIntervalSeconds ?? 2, includeMetadata: true },
        async ([run]) => {
          // Both stamps are the database's clock: no skew between processes.
          const lagSeconds = run
            ? Math.max(0, (new Date(run.startedOn).getTime() - new Date(run.startAfter).getTime()) / 1000)
            : 0;
          try {
            await job.run();
          } catch (err) {
            log.error({ err, job: job.name, retry: run?.retryCount }, `tarefa falhou: ${job.label}`);
            tell({ job: job.name, ok: false, lagSeconds });
            throw err;
          }
          tell({ job: job.name, ok: true, lagSeconds });
        },
      );
    }
    boss = started;
    for (const job of jobs) {
      await offer(started, job);
      const timer = setInterval(() => offer(started, job), job.everySeconds * 1000);
      timer.unref();
      offers.push(timer);
    }
    return started;
  }

  return {
    async start(): Promise<void> {
      starting ??= open();
      await starting;
    },

    /**
     * Asks for a run of `name` (one queued at most): at once, or, within TRIGGER_GAP_MS of the last send, by one
     * send when that gap ends; nothing when the runner is not started here. A send already begun may have been
     * read before the caller's change committed, so only one not yet begun covers a trigger.
     */
    trigger(name: string): Promise<void> {
      const lane = lanes.get(name) ?? { planned: null, free: Promise.resolve() };
      lanes.set(name, lane);
      if (lane.planned) return lane.planned;
      const planned = lane.free.then(async () => {
        lane.planned = null;
        await boss
          ?.send(name, null)
          .catch((err: unknown) => log.error({ err, job: name }, 'falha ao agendar tarefa'));
      });
      lane.planned = planned;
      lane.free = planned.then(() => delay(TRIGGER_GAP_MS, undefined, { ref: false }));
      return planned;
    },

    /** Stops offering and fetching; a run under way finishes first (before the database closes). */
    async stop(): Promise<void> {
      const stopping = await starting?.catch(() => null);
      starting = null;
      boss = null;
      for (const timer of offers) clearInterval(timer);
      offers = [];
      await stopping?.stop({ graceful: true, timeout: EXPIRE_SECONDS * 1000 });
    },

    /** Calls `observer` after each run this process finishes; answers its removal. */
    observeRuns(observer: (run: FinishedRun) => void): () => void {
      runObservers.add(observer);
      return () => runObservers.delete(observer);
    },

    /** The names of the jobs, for the metrics to list each one even before its first run. */
    names: () => jobs.map((job) => job.name),

    /** Each job's last finished run and its next one, read from pg-boss's table (any process's runs). */
    async status(): Promise<JobRun[]> {
      const names = jobs.map((job) => job.name);
      const [installed] = await queryRows<{ ok: boolean }>(
        database.db,
        sql`select to_regclass(${`${JOBS_SCHEMA}.job`}) is not null as ok`,
      );
      const rows = installed?.ok
        ? await queryRows<{
            name: string;
            last_state: string | null;
            last_started: Date | string | null;
            next_at: Date | string | null;
          }>(
            database.db,
            sql`select n.name, l.state as last_state, l.started_on as last_started,
                  (select min(q.start_after) from ${sql.identifier(JOBS_SCHEMA)}.job q
                    where q.name = n.name and q.state in ('created', 'retry')) as next_at
                from unnest(array[${sql.join(
                  names.map((name) => sql`${name}`),
                  sql`, `,
                )}]::text[]) as n(name)
                left join lateral (
                  select j.state, j.started_on from ${sql.identifier(JOBS_SCHEMA)}.job j
                  where j.name = n.name and j.state in ('completed', 'failed', 'retry') and j.started_on is not null
                  order by j.started_on desc limit 1
                ) l on true`,
          )
        : [];
      const byName = new Map(rows.map((row) => [row.name, row]));
      const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
      return jobs.map((job) => {
        const row = byName.get(job.name);
        const lastStarted = iso(row?.last_started ?? null);
        const queued = iso(row?.next_at ?? null);
        return {
          name: job.name,
          label: job.label,
          everySeconds: job.everySeconds,
          lastRun: lastStarted
            ? { startedAt: lastStarted, outcome: outcomes[row?.last_state ?? 'failed'] ?? 'failed' }
            : null,
          // A run queued (a retry, a wake) comes first; else the next slot after the last run.
          nextRunAt:
            queued ??
            (lastStarted ? new Date(Date.parse(lastStarted) + job.everySeconds * 1000).toISOString() : null),
        };
      });
    },
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;
