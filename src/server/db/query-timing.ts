import type { PGlite, Transaction } from '@electric-sql/pglite';
import type pg from 'pg';

/** Told how long each query took, in seconds (the metrics' histogram). */
export type QueryObserver = (seconds: number) => void;

/**
 * The observers of one database's queries. Its driver's `query` is wrapped once, when the database opens; with no
 * observer the wrapper only checks an empty set, so an app without metrics pays nothing more.
 */
export function createQueryTiming() {
  const observers = new Set<QueryObserver>();

  const report = (started: number) => {
    const seconds = (performance.now() - started) / 1000;
    for (const observe of observers) observe(seconds);
  };

  /** Times a promise-returning `query` (PGlite, and its transactions). */
  function timed<Args extends unknown[], Result>(
    query: (...args: Args) => Promise<Result>,
  ): (...args: Args) => Promise<Result> {
    return (...args) => {
      if (observers.size === 0) return query(...args);
      const started = performance.now();
      const result = query(...args);
      result.then(
        () => report(started),
        () => report(started),
      );
      return result;
    };
  }

  return {
    /** Adds an observer; answers its removal. */
    observe(observer: QueryObserver): () => void {
      observers.add(observer);
      return () => observers.delete(observer);
    },

    /**
     * Every connection the pool opens gets a timed `query`: `pool.query` and drizzle's transactions both run on one.
     * pg's `query` answers through a callback (the pool's way) or a promise (drizzle's); a stream is not timed.
     */
    timePool(pool: pg.Pool) {
      pool.on('connect', (client) => {
        const query = client.query.bind(client) as (...args: unknown[]) => unknown;
        (client as { query: unknown }).query = (...args: unknown[]) => {
          if (observers.size === 0) return query(...args);
          const started = performance.now();
          const callback = args.at(-1);
          if (typeof callback === 'function') {
            args[args.length - 1] = (...answer: unknown[]) => {
              report(started);
              callback(...answer);
            };
            return query(...args);
          }
          const result = query(...args);
          if (result instanceof Promise) {
            result.then(
              () => report(started),
              () => report(started),
            );
          }
          return result;
        };
      });
    },

    /** PGlite's `query`, and that of each transaction it opens (drizzle's `db.transaction`). */
    timePglite(client: PGlite) {
      client.query = timed(client.query.bind(client)) as PGlite['query'];
      const transaction = client.transaction.bind(client);
      client.transaction = <T>(callback: (tx: Transaction) => Promise<T>) =>
        transaction((tx) => {
          tx.query = timed(tx.query.bind(tx)) as Transaction['query'];
          return callback(tx);
        });
    },
  };
}
