import { Gauge, Histogram, type Registry } from 'prom-client';
import type { Database } from '../db/client';

/**
 * The database's side: how long the app's queries take (every query, through the driver's timed `query`) and, on
 * PostgreSQL, how the pool is used. PGlite has no pool (one in-process connection): the pool gauge is left out.
 * Answers the removal of the query observer.
 */
export function observeDatabase(database: Database, registry: Registry): () => void {
  const queryDuration = new Histogram({
    name: 'db_query_duration_seconds',
    help: 'Duração das consultas do app ao banco',
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  const { pool } = database;
  if (pool) {
    new Gauge({
      name: 'db_pool_connections',
      help: 'Conexões do pool do PostgreSQL: total, ociosas e pedidos esperando uma conexão',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
  }
  return database.observeQueries((seconds) => queryDuration.observe(seconds));
}
