import { sql } from 'drizzle-orm';
import { type RacePoint, setRaceHold } from '../../src/server/race-seam';
import type { TestApp } from './test-app';

/**
 * Holds the first request that reaches `point` (src/server/race-seam.ts) inside its transaction, its locks taken:
 * `reached` resolves once it is there, `release` lets it go on (and stops holding anything). One hold at a time.
 */
export function holdAt(point: RacePoint) {
  let arrive!: () => void;
  const reached = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  let letGo!: () => void;
  const released = new Promise<void>((resolve) => {
    letGo = resolve;
  });
  let held = false;
  setRaceHold((at) => {
    if (at !== point || held) return undefined;
    held = true;
    arrive();
    return released;
  });
  return {
    reached,
    release: () => {
      setRaceHold(undefined);
      letGo();
    },
  };
}

/**
 * Holds `first` at `point` (its locks taken), sends `second`, waits until it queues behind the held transaction,
 * lets `first` go, and answers both results: the interleaving where `first` took its locks first.
 */
export async function race<A, B>(
  t: TestApp,
  point: RacePoint,
  first: () => Promise<A>,
  second: () => Promise<B>,
) {
  const hold = holdAt(point);
  const firstDone = first();
  await hold.reached;
  const secondDone = second();
  await untilWaitingOnLock(t);
  hold.release();
  return Promise.all([firstDone, secondDone]);
}

/** Stops any hold a failed test left. */
export const releaseAll = () => setRaceHold(undefined);

/**
 * Resolves once another request is queued behind the held transaction. PostgreSQL: a backend of this database
 * waits on a lock (pg_stat_activity), so the competing request is past its sign-in check and at the lock the held
 * transaction owns. PGlite runs one transaction at a time, every query included: the competing request's first
 * query waits for the held transaction whatever it is, so there is nothing further to wait for.
 */
export async function untilWaitingOnLock(t: TestApp) {
  if (t.database.kind !== 'postgres') return;
  for (;;) {
    const { rows } = (await t.db.execute(
      sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    )) as unknown as { rows: { n: number }[] };
    if ((rows[0]?.n ?? 0) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
