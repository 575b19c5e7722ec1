import { pauseInstantInput, pauseInstantResult, resumeInstantResult } from '@shared/listing-codes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireStaff, viewerOf } from '../../auth/guards';
import type { Db } from '../../db/client';
import { rateLimits } from '../../http/rate-limits';
import { pauseInstantListings, resumeInstantListings } from './instant-fraud';

/**
 * /api/admin/members/:id/pause-instant and /resume-instant (moderators and admins): the desk's instant-delivery fraud
 * signal acted on, and the pause lifted.
 */
export const instantFraudRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.post(
    '/members/:id/pause-instant',
    {
      onRequest: requireStaff(),
      config: { rateLimit: rateLimits.staffWrites },
      schema: {
        tags: ['intermediação'],
        summary: 'Pausa todos os anúncios com entrega automática de um membro (equipe; auditado)',
        params: z.object({ id: z.string().min(1).max(100) }),
        body: pauseInstantInput,
        response: { 200: pauseInstantResult },
      },
    },
    async (request) => pauseInstantListings(db, viewerOf(request), request.params.id, request.body.reason),
  );
  app.post(
    '/members/:id/resume-instant',
    {
      onRequest: requireStaff(),
      config: { rateLimit: rateLimits.staffWrites },
      schema: {
        tags: ['intermediação'],
        summary: 'Reativa os anúncios com entrega automática que a equipe pausou (equipe; auditado)',
        params: z.object({ id: z.string().min(1).max(100) }),
        response: { 200: resumeInstantResult },
      },
    },
    async (request) => resumeInstantListings(db, viewerOf(request), request.params.id),
  );
};
