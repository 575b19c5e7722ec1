import { setTimeout as delay } from 'node:timers/promises';
import type { DeadLetter, JobRun } from '@shared/admin';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { fromDrizzle, fromPglite, PgBoss } from 'pg-boss';
import { z } from 'zod';
import { type Database, type Db, queryRows } from '../db/client';
import type { Job, PayloadJob } from './job';

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
/** Where a payload job goes after its last failed try: a queue nobody works, read by Sistema and /metrics. */
export const DEAD_LETTERS = 'dead-letters';
/** How long a dead letter stays for staff to read. */
const DEAD_LETTER_DAYS = 30;
/** The NOTIFY channel a send wakes the workers on, at its commit (every process LISTENs, PGlite in-process). */
const WAKE_CHANNEL = 'jobs';

/** The payload a `send` of `N` takes, by the job's schema. */
type PayloadOf<P extends readonly PayloadJob[], N extends P[number]['name']> = z.input<
  Extract<P[number], { name: N }>['schema']
>;

/** A dead letter's columns, as pg-boss keeps them (the source queue, its tries and last output). */
const deadLetterColumns = sql.raw('id, source_name, data, created_on, source_retry_count, source_output');
interface DeadLetterRow {
  id: string;
  source_name: string;
  data: unknown;
  created_on: Date | string;
  source_retry_count: number | null;
  source_output: { message?: string } | null;
}

/** A run this process finished: `lagSeconds` from when it was due to when it started (the metrics). */
export interface FinishedRun {
  job: string;
  ok: boolean;
  lagSeconds: number;
}

/**
 * Runs the jobs (decision 021) through pg-boss over the app's database: its PGlite instance, or a small pool of
 * its own on PostgreSQL. Queued runs are rows, so they survive a restart.
 *
 * Periodic jobs: a queue's `stately` policy keeps one run queued and one running across every process, and a
 * throttled send gives each slot of `everySeconds` one run however many processes offer it. They run only between
 * `start()` and `stop()` (main.ts; tests start them when they need them).
 *
 * Payload jobs: `send(name, payload, { via })` validates the payload and writes the job in the caller's
 * transaction; its commit wakes the workers of every process, and one of them runs it. They are worked from
 * `open()` (the app's ready) until `close()` (the app's close), so a send made by a request is run in tests too.
 */
export function createJobRunner<const P extends readonly PayloadJob[] = readonly []>(deps: {
  database: Database;
  log: FastifyBaseLogger;
  jobs: Job[];
  payloadJobs?: P;
  /** How often an idle worker asks for work; pg-boss's floor is 0.5 s. */
  pollingIntervalSeconds?: number;
}) {
  const { database, log } = deps;
  const jobs = [...deps.jobs];
  const payloadJobs: readonly PayloadJob[] = deps.payloadJobs ?? [];
  const payloadByName = new Map(payloadJobs.map((job) => [job.name, job]));
  const pollingIntervalSeconds = deps.pollingIntervalSeconds ?? 2;
  /** The open under way or done, so a stop during an open waits for it and stops what it started. */
  let opening: Promise<PgBoss> | null = null;
  let starting: Promise<void> | null = null;
  let offers: NodeJS.Timeout[] = [];
  let unlisten: (() => Promise<void>) | null = null;
  /** This process's worker of each payload queue, woken at a send's commit. */
  const workers = new Map<string, string>();
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

  /** Runs `work`, timing its lag and telling the observers; a throw fails the try (pg-boss retries it). */
  async function attempt(
    name: string,
    label: string,
    run: { startedOn: Date; startAfter: Date; retryCount: number } | undefined,
    work: () => Promise<void>,
  ) {
    // Both stamps are the database's clock: no skew between processes.
    const lagSeconds = run
      ? Math.max(0, (new Date(run.startedOn).getTime() - new Date(run.startAfter).getTime()) / 1000)
      : 0;
    try {
      await work();
    } catch (err) {
      log.error({ err, job: name, retry: run?.retryCount }, `tarefa falhou: ${label}`);
      tell({ job: name, ok: false, lagSeconds });
      throw err;
    }
    tell({ job: name, ok: true, lagSeconds });
  }

  async function ensureQueue(
    b: PgBoss,
    name: string,
    policy: 'stately' | 'standard',
    options: Omit<Parameters<PgBoss['updateQueue']>[1], 'deadLetter'>,
    deadLetter?: string,
  ) {
    // A job's tries may change between versions; its policy and dead letter queue never do.
    if (await b.getQueue(name)) await b.updateQueue(name, options);
    else await b.createQueue(name, { policy, ...options, ...(deadLetter && { deadLetter }) });
  }

  async function openBoss(): Promise<PgBoss> {
    const started = new PgBoss({
      schema: JOBS_SCHEMA,
      ...(database.pglite
        ? { db: fromPglite(database.pglite), backend: 'pglite' as const }
        : { connectionString: database.url, max: 3 }),
      // Schedules (cron) are not used: every periodic job is a throttled send (decision 021).
      schedule: false,
    });
    started.on('error', (err) => log.error({ err }, 'erro no executor de tarefas'));
    await started.start();
    await ensureQueue(started, DEAD_LETTERS, 'standard', {
      retentionSeconds: DEAD_LETTER_DAYS * 24 * 60 * 60,
      deleteAfterSeconds: DEAD_LETTER_DAYS * 24 * 60 * 60,
    });
    for (const job of payloadJobs) {
      await ensureQueue(
        started,
        job.name,
        'standard',
        {
          retryLimit: job.retryLimit,
          retryDelay: job.retryDelaySeconds,
          retryBackoff: true,
          expireInSeconds: EXPIRE_SECONDS,
        },
        DEAD_LETTERS,
      );
      const id = await started.work(
        job.name,
        { pollingIntervalSeconds, includeMetadata: true },
        async ([run]) => {
          if (!run) return;
          try {
            await attempt(job.name, job.label, run, async () => {
              // A payload stored by an older version that no longer fits fails, and ends in the dead letters.
              await job.run(job.schema.parse(run.data));
            });
          } finally {
            // More may be waiting (one transaction's sends wake the worker once: NOTIFYs with the same payload
            // fold into one, and the push sweep queues many): fetch again at once, not after the polling interval.
            // An empty fetch then waits as usual.
            const worker = workers.get(job.name);
            if (worker) started.notifyWorker(worker);
          }
        },
      );
      workers.set(job.name, id);
    }
    unlisten = await database.listen(WAKE_CHANNEL, (name) => {
      const worker = workers.get(name);
      if (worker) started.notifyWorker(worker);
    });
    return started;
  }

  async function startPeriodic(b: PgBoss) {
    for (const job of jobs) {
      await ensureQueue(b, job.name, 'stately', {
        retryLimit: job.retryLimit,
        retryDelay: job.retryDelaySeconds,
        retryBackoff: true,
        expireInSeconds: job.expireSeconds ?? EXPIRE_SECONDS,
      });
      await b.work(job.name, { pollingIntervalSeconds, includeMetadata: true }, ([run]) =>
        attempt(job.name, job.label, run, job.run),
      );
    }
    for (const job of jobs) {
      await offer(b, job);
      const timer = setInterval(() => offer(b, job), job.everySeconds * 1000);
      timer.unref();
      offers.push(timer);
    }
  }

  const installed = async () => {
    const [row] = await queryRows<{ ok: boolean }>(
      database.db,
      sql`select to_regclass(${`${JOBS_SCHEMA}.job`}) is not null as ok`,
    );
    return row?.ok === true;
  };

  /** A dead letter's row as Sistema tells it: what it was about (never a token), its tries and last error. */
  const toDeadLetter = (row: DeadLetterRow): DeadLetter => {
    const job = payloadByName.get(row.source_name);
    const payload = job?.schema.safeParse(row.data);
    return {
      id: row.id,
      job: row.source_name,
      label: job?.label ?? row.source_name,
      about: payload?.success && job?.describe ? job.describe(payload.data) : null,
      tries: (row.source_retry_count ?? 0) + 1,
      error: row.source_output?.message ?? null,
      failedAt: new Date(row.created_on).toISOString(),
    };
  };

  /** The dead letter `id`, locked in `via`'s transaction until it ends; null when there is none. */
  const lockDeadLetter = async (id: string, via: Db) => {
    const [row] = await queryRows<DeadLetterRow>(
      via,
      sql`select ${deadLetterColumns} from ${sql.identifier(JOBS_SCHEMA)}.job
          where name = ${DEAD_LETTERS} and id = ${id}::uuid for update`,
    );
    return row ? toDeadLetter(row) : null;
  };

  /** pg-boss's drizzle adapter: its statements run through `via`, in the caller's transaction when it is one. */
  const adapt = (via: Db) => fromDrizzle(via as Parameters<typeof fromDrizzle>[0], sql);

  const opened = () => {
    if (!opening) throw new Error('o executor de tarefas não foi aberto');
    return opening;
  };

  const open = () => {
    opening ??= openBoss();
    return opening;
  };

  return {
    /** Opens pg-boss (its schema, the queues) and works the payload jobs; what `send` needs. */
    open: async (): Promise<void> => void (await open()),

    /** Opens, then runs the periodic jobs too. */
    async start(): Promise<void> {
      const b = await open();
      starting ??= startPeriodic(b);
      await starting;
    },

    /** Adds periodic jobs, before `start()` (app.ts names them once the modules they run exist). */
    add(more: Job[]): void {
      jobs.push(...more);
    },

    /**
     * Queues one run of the payload job `name`: in `via`'s transaction when given (it exists if and only if that
     * commits), else at once. A payload that fails the job's schema is refused here, before anything is written.
     */
    async send<N extends P[number]['name']>(
      name: N,
      payload: PayloadOf<P, N>,
      options: { via?: Db } = {},
    ): Promise<void> {
      const job = payloadByName.get(name);
      if (!job) throw new Error(`tarefa desconhecida: ${name}`);
      const checked = job.schema.safeParse(payload);
      if (!checked.success)
        throw new Error(`dados inválidos para a tarefa ${name}: ${z.prettifyError(checked.error)}`);
      const b = await opened();
      const via = options.via ?? database.db;
      await b.send(name, checked.data as object, { db: adapt(via) });
      await via.execute(sql`select pg_notify(${WAKE_CHANNEL}, ${name})`);
    },

    /**
     * Asks for a run of `name` (one queued at most): at once, or, within TRIGGER_GAP_MS of the last send, by one
     * send when that gap ends; nothing when the runner is not started here. A send already begun may have been
     * read before the caller's change committed, so only one not yet begun covers a trigger.
     */
    trigger(name: string): Promise<void> {
      if (!starting) return Promise.resolve();
      const lane = lanes.get(name) ?? { planned: null, free: Promise.resolve() };
      lanes.set(name, lane);
      if (lane.planned) return lane.planned;
      const planned = lane.free.then(async () => {
        lane.planned = null;
        const b = await opening?.catch(() => null);
        await b
          ?.send(name, null)
          .catch((err: unknown) => log.error({ err, job: name }, 'falha ao agendar tarefa'));
      });
      lane.planned = planned;
      lane.free = planned.then(() => delay(TRIGGER_GAP_MS, undefined, { ref: false }));
      return planned;
    },

    /** Stops offering and fetching the periodic jobs; a run under way finishes first. Payload jobs still run. */
    async stop(): Promise<void> {
      const b = await opening?.catch(() => null);
      await starting?.catch(() => undefined);
      starting = null;
      for (const timer of offers) clearInterval(timer);
      offers = [];
      if (b) for (const job of jobs) await b.offWork(job.name);
    },

    /** Stops everything, payload jobs too (the app's close); a run under way finishes first (before the database closes). */
    async close(): Promise<void> {
      const closing = await opening?.catch(() => null);
      // A start under way finishes first: its `work` calls would fail on a stopped pg-boss.
      await starting?.catch(() => undefined);
      opening = null;
      starting = null;
      for (const timer of offers) clearInterval(timer);
      offers = [];
      workers.clear();
      await unlisten?.();
      unlisten = null;
      await closing?.stop({ graceful: true, timeout: EXPIRE_SECONDS * 1000 });
    },

    /** Calls `observer` after each run this process finishes; answers its removal. */
    observeRuns(observer: (run: FinishedRun) => void): () => void {
      runObservers.add(observer);
      return () => runObservers.delete(observer);
    },

    /** The names of the jobs, periodic and payload, for the metrics to list each one even before its first run. */
    names: () => [...jobs.map((job) => job.name), ...payloadJobs.map((job) => job.name)],

    /** The payload jobs' runs that failed their last try, newest first (any process's), for the Sistema tab. */
    async deadLetters(limit = 50): Promise<DeadLetter[]> {
      if (!(await installed())) return [];
      const rows = await queryRows<DeadLetterRow>(
        database.db,
        sql`select ${deadLetterColumns} from ${sql.identifier(JOBS_SCHEMA)}.job where name = ${DEAD_LETTERS}
            order by created_on desc limit ${limit}`,
      );
      return rows.map(toDeadLetter);
    },

    /**
     * Sends the dead letter `id`'s job again with its payload, in `via`'s transaction: pg-boss's redrive makes a
     * new job of the source queue (its tries from zero) and deletes the dead letter in one statement. Answers the
     * dead letter, or null when it is no longer there (retried or discarded already): the row is locked first, so
     * of two concurrent calls the second waits and then finds it gone.
     */
    async retryDeadLetter(id: string, via: Db): Promise<DeadLetter | null> {
      const letter = await lockDeadLetter(id, via);
      if (!letter) return null;
      const b = await opened();
      const moved = await b.redrive(DEAD_LETTERS, { ids: [id], db: adapt(via) });
      if (moved !== 1) return null;
      await via.execute(sql`select pg_notify(${WAKE_CHANNEL}, ${letter.job})`);
      return letter;
    },

    /** Deletes the dead letter `id`, in `via`'s transaction; answers it, or null when it is no longer there. */
    async discardDeadLetter(id: string, via: Db): Promise<DeadLetter | null> {
      const letter = await lockDeadLetter(id, via);
      if (!letter) return null;
      const b = await opened();
      // Locked above in this transaction, so the delete takes it (pg-boss's answer here is untyped).
      await b.deleteJob(DEAD_LETTERS, id, { db: adapt(via) });
      return letter;
    },

    /** How many dead letters each payload job left (any process's), for /metrics. */
    async deadLetterCounts(): Promise<Map<string, number>> {
      const counts = new Map(payloadJobs.map((job) => [job.name, 0]));
      if (!(await installed())) return counts;
      const rows = await queryRows<{ source_name: string; n: number | string }>(
        database.db,
        sql`select source_name, count(*) as n from ${sql.identifier(JOBS_SCHEMA)}.job
            where name = ${DEAD_LETTERS} group by source_name`,
      );
      for (const row of rows) counts.set(row.source_name, Number(row.n));
      return counts;
    },

    /** Each job's last finished run and its next one, read from pg-boss's table (any process's runs). */
    async status(): Promise<JobRun[]> {
      const names = jobs.map((job) => job.name);
      const rows = (await installed())
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

export type JobRunner<P extends readonly PayloadJob[] = readonly PayloadJob[]> = ReturnType<
  typeof createJobRunner<P>
>;
