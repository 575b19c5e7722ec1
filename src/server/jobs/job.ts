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
  /** The work; it throws to fail the run. It logs what it did itself. */
  run(): Promise<void>;
}
