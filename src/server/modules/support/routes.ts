import { created } from '@shared/api';
import { supportMessages as m } from '@shared/support-messages';
import { memberTickets, ticketInput } from '@shared/support-tickets';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser, viewerOf } from '../../auth/guards';
import { rateLimits } from '../../http/rate-limits';
import type { TicketsService } from './tickets';

const tags = ['suporte'];

export const supportRoutes: FastifyPluginAsyncZod<{ tickets: TicketsService }> = async (app, { tickets }) => {
  const onRequest = requireUser(m.ticketLoginRequired);

  app.post(
    '/tickets',
    {
      onRequest,
      config: { rateLimit: rateLimits.supportTicket },
      schema: { tags, summary: 'Abre um chamado de suporte', body: ticketInput, response: { 201: created } },
    },
    async (request, reply) => reply.status(201).send(await tickets.open(viewerOf(request), request.body)),
  );

  app.get(
    '/tickets',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Os chamados do membro, mais novos primeiro',
        response: { 200: memberTickets },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { tickets: await tickets.mine(viewerOf(request)) };
    },
  );
};
