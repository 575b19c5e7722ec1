import type { z } from 'zod';

/**
 * One job of the jobs layer (decision 021): a name, how often it runs, how it retries, and its handler.
 * Each job lives in its own file here; the runner (runner.ts) runs them all through pg-boss.
 */
export interface Job {
  /** The pg-boss queue's name: letters, digits, '-'. */
  name: string;
  /** What the Sistema tab calls it (pt-BR). */
  label: string;
  /**
   * Runs once per slot of this many seconds, whichever process takes it (pg-boss throttling): every process
   * offers a run at its start and then every `everySeconds`, and the slot lets one of the offers through.
   */
  everySeconds: number;
  /** Tries after a failed run, waiting `retryDelaySeconds`, then twice as long each time (pg-boss backoff). */
  retryLimit: number;
  retryDelaySeconds: number;
  /**
   * A run still active after this long counts as failed (15 minutes unless said). It is also how long a run lost
   * with its process (kill -9) holds the queue's one running slot: a job with a deadline says a shorter one.
   */
  expireSeconds?: number;
  /** The work; it throws to fail the run. It logs what it did itself. */
  run(): Promise<void>;
}

/**
 * A triggered job that carries a payload (decision 021, payload jobs): each `send` is one pg-boss job, written in
 * the caller's transaction when given one, run once by whichever process fetches it, retried with backoff, and
 * left in the dead letters (Sistema, /metrics) after its last try.
 */
export interface PayloadJob<N extends string = string, S extends z.ZodType = z.ZodType> {
  /** The pg-boss queue's name: letters, digits, '-'. */
  name: N;
  /** What the Sistema tab calls it (pt-BR). */
  label: string;
  /** The payload's shape: a send whose payload fails it is refused; a stored one that fails it fails its tries. */
  schema: S;
  /** Tries after a failed run, waiting `retryDelaySeconds`, then about twice as long each time. */
  retryLimit: number;
  retryDelaySeconds: number;
  /** The work; it throws to fail this try. */
  run(payload: z.output<S>): Promise<void>;
  /** What a dead letter of it is about, for staff (Sistema): a recipient and subject, never a secret. */
  describe?(payload: z.output<S>): string;
}

/** A payload job, its name kept as a literal so `send` is typed by it. */
export const defineJob = <const N extends string, S extends z.ZodType>(
  job: PayloadJob<N, S>,
): PayloadJob<N, S> => job;
