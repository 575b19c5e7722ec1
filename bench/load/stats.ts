import { performance } from 'node:perf_hooks';

export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

/** A request the mix did not expect to fail (a status it does not expect, or no answer at all). */
export interface Failure {
  route: string;
  status: number | 'sem resposta';
  detail: string;
}

/** Nginx's answers when an upstream died with the request in flight, and a connection lost outright. */
const killStatuses = new Set([502, 503, 504]);
/** After the kill, nginx may still pick the dead upstream for a request already sent: such failures are the kill's. */
const KILL_WINDOW_MS = 10_000;
const BUCKET_MS = 5_000;
const SLOWEST = 8;

/**
 * Every request's time per route template, the failures, and the failures the kill explains ("lost at kill":
 * a 502/503/504 or a dropped connection for a request in flight when the process died, or sent just after).
 */
export function createStats() {
  const times = new Map<string, number[]>();
  const failures: Failure[] = [];
  const lostAtKill: Failure[] = [];
  let killAt: number | null = null;
  /** Requests answered per 5 s since `begin()`: where the throughput dipped (a stall, the kill). */
  const perBucket: number[] = [];
  /** The slowest requests, to tell a stall of the whole process (many at once) from one slow route. */
  const slowest: { route: string; startedS: number; ms: number }[] = [];
  let begunAt = performance.now();

  return {
    begin() {
      begunAt = performance.now();
    },
    markKill() {
      killAt = performance.now();
    },
    /** One request: `started` from performance.now(); `ok` when its status is one the mix expects. */
    record(route: string, started: number, ok: boolean, status: number | 'sem resposta', detail = '') {
      const ended = performance.now();
      const list = times.get(route) ?? [];
      list.push(ended - started);
      times.set(route, list);
      const bucket = Math.floor((ended - begunAt) / BUCKET_MS);
      for (let b = perBucket.length; b <= bucket; b++) perBucket.push(0);
      perBucket[bucket] = (perBucket[bucket] ?? 0) + 1;
      const took = ended - started;
      if (slowest.length < SLOWEST || took > (slowest.at(-1)?.ms ?? 0)) {
        slowest.push({ route, startedS: (started - begunAt) / 1000, ms: took });
        slowest.sort((a, b) => b.ms - a.ms);
        slowest.length = Math.min(slowest.length, SLOWEST);
      }
      if (ok) return;
      const byKill =
        killAt !== null &&
        (status === 'sem resposta' || killStatuses.has(status)) &&
        ended >= killAt &&
        started <= killAt + KILL_WINDOW_MS;
      (byKill ? lostAtKill : failures).push({ route, status, detail: detail.slice(0, 160) });
    },
    /** Routes by request count, each with its count, p50 and p99 in ms. */
    table() {
      return [...times.entries()]
        .map(([route, list]) => {
          const sorted = [...list].sort((a, b) => a - b);
          return {
            route,
            count: list.length,
            p50: percentile(sorted, 50),
            p99: percentile(sorted, 99),
            max: sorted.at(-1) ?? 0,
          };
        })
        .sort((a, b) => b.count - a.count);
    },
    /** Requests per second in each 5 s since `begin()`. */
    timeline: () => perBucket.map((n) => n / (BUCKET_MS / 1000)),
    total: () => [...times.values()].reduce((n, list) => n + list.length, 0),
    failures,
    lostAtKill,
    slowest,
  };
}

export type Stats = ReturnType<typeof createStats>;
