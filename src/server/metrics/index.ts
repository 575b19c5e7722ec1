import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { createBusinessGauges } from './business';
import { observeDatabase } from './database';
import { observeHttpRequests } from './http';
import { observeJobs } from './jobs';
import { observeRealtime } from './realtime';
import { createMetricsRegistry } from './registry';
import { disabledMetricsRoute, metricsRoute } from './routes';
import { createSavedSearchGauges } from './saved-searches';

/**
 * Prometheus metrics at GET /metrics (README, Operations › Metrics), on only with a token. Called once, before any
 * route, so the HTTP timing reaches them all; the parts made later in buildApp (the realtime hub and bus, the
 * jobs) are joined when the app is ready and left before it closes.
 */
export function registerMetrics(app: FastifyInstance, deps: { token?: string; database: Database }) {
  const { token, database } = deps;
  if (!token) {
    disabledMetricsRoute(app);
    return;
  }
  const registry = createMetricsRegistry();
  observeHttpRequests(app, registry);
  const stopQueries = observeDatabase(database, registry);
  const business = createBusinessGauges(database.db, registry);
  // Saved searches that alert (issue 38 part 3).
  const savedSearches = createSavedSearchGauges(database.db, registry);
  metricsRoute(app, {
    token,
    registry,
    refresh: async () => {
      await Promise.all([business.refresh(), savedSearches.refresh()]);
    },
  });

  let leave = async () => {};
  app.addHook('onReady', async () => {
    const stopJobs = observeJobs(app.jobs, registry);
    const unsubscribe = await observeRealtime(app, registry);
    leave = async () => {
      stopQueries();
      stopJobs();
      await unsubscribe();
    };
  });
  // Before onClose, where the database's owner closes it.
  app.addHook('preClose', () => leave());
}
