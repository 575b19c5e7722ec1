import { created } from '@shared/api';
import { feedbackInput } from '@shared/feedback';
import { partnershipInput } from '@shared/partnerships';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rateLimits } from '../../http/rate-limits';
import type { SupportFormsService } from './forms';

/** Public forms: the per-address limit keeps a script from filling the staff's queue. */
export const supportFormsRoutes: FastifyPluginAsyncZod<{ forms: SupportFormsService }> = async (
  app,
  { forms },
) => {
  app.post(
    '/partnerships',
    {
      config: { rateLimit: rateLimits.partnershipForm },
      schema: {
        tags: ['parcerias'],
        summary: 'Envia uma proposta de parceria',
        body: partnershipInput,
        response: { 201: created },
      },
    },
    async (request, reply) => reply.status(201).send(await forms.requestPartnership(request.body)),
  );

  app.post(
    '/feedback',
    {
      config: { rateLimit: rateLimits.feedbackForm },
      schema: {
        tags: ['feedback'],
        summary: 'Envia um feedback',
        body: feedbackInput,
        response: { 201: created },
      },
    },
    async (request, reply) => reply.status(201).send(await forms.sendFeedback(request.body)),
  );
};
