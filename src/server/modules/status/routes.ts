import { idParams } from '@shared/api';
import { maintenanceInput, maintenanceWindow, systemStatus } from '@shared/status';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readViewer, requireStaff, viewerOf } from '../../auth/guards';
import { rateLimits } from '../../http/rate-limits';
import type { StatusService } from './service';

const tags = ['sistema'];

export const statusRoutes: FastifyPluginAsyncZod<{ status: StatusService }> = async (app, { status }) => {
  app.get(
    '',
    {
      // An admin also gets the disk's figures.
      onRequest: readViewer,
      schema: {
        tags,
        summary: 'Estado dos sistemas e manutenções programadas',
        response: { 200: systemStatus },
      },
    },
    async (request, reply) => {
      // Always 200: a dependency down is the answer, not a failure of this route (/api/health is for balancers).
      reply.header('cache-control', 'no-store');
      return status.read(request.viewer);
    },
  );

  app.post(
    '/maintenance',
    {
      onRequest: requireStaff(),
      config: { rateLimit: rateLimits.staffWrites },
      schema: {
        tags,
        summary: 'Programa uma manutenção (equipe)',
        body: maintenanceInput,
        response: { 201: maintenanceWindow },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await status.addMaintenance(viewerOf(request), request.body)),
  );

  app.delete(
    '/maintenance/:id',
    {
      onRequest: requireStaff(),
      config: { rateLimit: rateLimits.staffWrites },
      schema: {
        tags,
        summary: 'Remove uma manutenção (equipe)',
        params: idParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await status.removeMaintenance(viewerOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
