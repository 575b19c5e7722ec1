import { created } from '@shared/api';
import { supportMessages as m } from '@shared/support-messages';
import { memberTickets, ticketInput } from '@shared/support-tickets';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser, viewerOf } from '../../auth/guards';
import type { TicketsService } from './tickets';

const tags = ['suporte'];
/** Per member and rate-limit window: a few real problems, not a flood. */
const MAX_TICKETS = 10;

export const supportRoutes: FastifyPluginAsyncZod<{ tickets: TicketsService }> = async (app, { tickets }) => {
  const onRequest = requireUser(m.ticketLoginRequired);

  app.post(
    '/tickets',
    {
      onRequest,
      config: { rateLimit: [{ per: 'member', action: 'support-ticket', max: MAX_TICKETS }] },
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
