import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import type { JobRunner } from '../jobs/runner';

/**
 * The jobs this process ran (decision 021): runs, failures, and the lag from when a run was due to when it started.
 * Counted by the runner as runs finish, so a process counts only its own; Prometheus sums the processes.
 * The dead letters are read from the database at each scrape: every process tells the same figure (take the max).
 * Answers the removal of the observer.
 */
export function observeJobs(jobs: JobRunner, registry: Registry): () => void {
  const runs = new Counter({
    name: 'job_runs_total',
    help: 'Execuções terminadas de cada tarefa neste processo',
    labelNames: ['job'],
    registers: [registry],
  });
  const failures = new Counter({
    name: 'job_failures_total',
    help: 'Execuções de cada tarefa que falharam neste processo',
    labelNames: ['job'],
    registers: [registry],
  });
  const lag = new Histogram({
    name: 'job_start_lag_seconds',
    help: 'Atraso entre a hora marcada de uma execução e o seu início',
    labelNames: ['job'],
    buckets: [0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 900],
    registers: [registry],
  });
  new Gauge({
    name: 'job_dead_letters',
    help: 'Tarefas avulsas que falharam na última tentativa (as guardadas, de qualquer processo)',
    labelNames: ['job'],
    registers: [registry],
    async collect() {
      const counts = await jobs.deadLetterCounts().catch(() => null);
      this.reset();
      for (const [job, n] of counts ?? []) this.set({ job }, n);
    },
  });
  // Every job shows from the first scrape, at zero.
  for (const job of jobs.names()) {
    runs.inc({ job }, 0);
    failures.inc({ job }, 0);
  }
  return jobs.observeRuns(({ job, ok, lagSeconds }) => {
    runs.inc({ job });
    if (!ok) failures.inc({ job });
    lag.observe({ job }, lagSeconds);
  });
}
