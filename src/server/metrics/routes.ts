import { createHash, timingSafeEqual } from 'node:crypto';
import type { ApiErrorBody } from '@shared/errors';
import { metricsMessages as m } from '@shared/metrics-messages';
import type { FastifyInstance } from 'fastify';
import type { Registry } from 'prom-client';

export const METRICS_PATH = '/metrics';

const errorBody = (code: string, message: string): ApiErrorBody => ({ error: { code, message } });

/** Whether the request's `Authorization: Bearer <token>` is the token: digests of equal length, compared in constant time. */
export function isMetricsAuthorized(token: string, authorization: string | undefined): boolean {
  const given = /^Bearer (.+)$/.exec(authorization ?? '')?.[1] ?? '';
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(token), digest(given));
}

/**
 * GET /metrics, in Prometheus's text format, for whoever holds the token. Registered before the app's error handler,
 * so it answers its errors itself, in the API's shape.
 */
export function metricsRoute(
  app: FastifyInstance,
  deps: { token: string; registry: Registry; refresh: () => Promise<void> },
) {
  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (!isMetricsAuthorized(deps.token, request.headers.authorization)) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer')
        .send(errorBody('UNAUTHENTICATED', m.badToken));
    }
    try {
      await deps.refresh();
      const text = await deps.registry.metrics();
      return reply.type(deps.registry.contentType).send(text);
    } catch (err) {
      request.log.error({ err }, 'metrics: falha ao ler as métricas');
      return reply.status(503).send(errorBody('UNAVAILABLE', m.unavailable));
    }
  });
}

/** Without METRICS_TOKEN the endpoint is off: 404, and nothing is measured (no hook, no registry). */
export function disabledMetricsRoute(app: FastifyInstance) {
  app.get(METRICS_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply.status(404).send(errorBody('NOT_FOUND', m.disabled)),
  );
}
