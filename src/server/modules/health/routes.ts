import { health, readiness } from '@shared/health';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import type { ReadinessCheck } from './readiness';

/** `/api/health` says the process is alive (liveness); `/api/health/ready` whether to send it traffic. */
export const healthRoutes: FastifyPluginAsyncZod<{ database: Database; readiness: ReadinessCheck }> = async (
  app,
  { database, readiness: ready },
) => {
  app.get(
    '',
    {
      schema: {
        tags: ['sistema'],
        summary: 'Estado do servidor e do banco',
        response: { 200: health, 503: health },
      },
    },
    async (request, reply) => {
      const started = performance.now();
      let up = true;
      try {
        await database.db.execute(sql`select 1`);
      } catch (err) {
        request.log.error({ err }, 'health check: database unreachable');
        up = false;
      }
      reply.header('cache-control', 'no-store');
      return reply.status(up ? 200 : 503).send({
        status: up ? 'ok' : 'degraded',
        database: {
          kind: database.kind,
          status: up ? 'ok' : 'down',
          latencyMs: Math.round((performance.now() - started) * 100) / 100,
        },
        uptimeSeconds: Math.round(process.uptime()),
      });
    },
  );

  app.get(
    '/ready',
    {
      schema: {
        tags: ['sistema'],
        summary: 'Pronto para receber tráfego (banco, migrações, espaço em disco, encerramento)',
        response: { 200: readiness, 503: readiness },
      },
    },
    async (_request, reply) => {
      const answer = await ready.check();
      reply.header('cache-control', 'no-store');
      return reply.status(answer.status === 'ready' ? 200 : 503).send(answer);
    },
  );
};
