import { id } from '@shared/api';
import { liftSuspensionInput, suspendInput } from '@shared/moderation';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireStaff, viewerOf } from '../../auth/guards';
import { rateLimits } from '../../http/rate-limits';
import type { SuspensionsService } from './suspensions';

const tags = ['denúncias'];
const userParams = z.object({ id: z.string().min(1).max(100) });

/**
 * A penalty on a member (/api/staff, moderators and admins), given from the reports queue or the member page,
 * and lifting one early (issue 22).
 */
export const staffSuspensionRoutes: FastifyPluginAsyncZod<{ suspensions: SuspensionsService }> = async (
  app,
  { suspensions },
) => {
  app.post(
    '/users/:id/suspend',
    {
      onRequest: requireStaff(),
      config: { rateLimit: rateLimits.staffWrites },
      schema: { tags, summary: 'Aplica uma penalidade a um membro', params: userParams, body: suspendInput },
    },
    async (request, reply) => {
      await suspensions.suspend(viewerOf(request), request.params.id, request.body);
      return reply.status(204).send();
    },
  );

  app.post(
    '/suspensions/:id/lift',
    {
      onRequest: requireStaff(),
      config: { rateLimit: rateLimits.staffWrites },
      schema: {
        tags,
        summary: 'Revoga uma suspensão antes do fim, com o motivo',
        params: z.object({ id }),
        body: liftSuspensionInput,
      },
    },
    async (request, reply) => {
      await suspensions.lift(viewerOf(request), request.params.id, request.body);
      return reply.status(204).send();
    },
  );
};
