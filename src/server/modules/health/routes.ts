import { health } from '@shared/health';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';

export const healthRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (app, { database }) => {
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
};
