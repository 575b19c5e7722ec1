import { collectDefaultMetrics, Registry } from 'prom-client';

/**
 * One registry per app, never prom-client's global one: several apps in one process (the tests, a sibling) each keep
 * their own figures. The process's own (CPU, memory, event loop, GC) come with it.
 */
export function createMetricsRegistry(): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return registry;
}
