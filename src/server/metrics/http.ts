import type { FastifyInstance } from 'fastify';
import { Histogram, type Registry } from 'prom-client';

/** The label of a request no route matched (a probe, a typo, a page the SPA serves): never its raw path. */
const UNMATCHED = 'unmatched';

/**
 * Times every request by method, route template (`/api/listings/:id`, never the id) and status. Added on the root
 * before any route is registered: a hook reaches only the routes declared after it.
 */
export function observeHttpRequests(app: FastifyInstance, registry: Registry) {
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Duração das requisições HTTP, por método, rota (modelo) e status',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    duration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? UNMATCHED,
        status_code: reply.statusCode,
      },
      reply.elapsedTime / 1000,
    );
  });
}
