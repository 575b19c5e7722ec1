import { idParams } from '@shared/api';
import {
  feedbackResponseInput,
  partnershipDecisionInput,
  staffFeedbackPage,
  staffFeedbackQuery,
  staffPartnershipPage,
  staffPartnershipsQuery,
  staffTicketPage,
  staffTicketsQuery,
  ticketResolveInput,
} from '@shared/support-queues';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdmin, requireStaff, viewerOf } from '../../auth/guards';
import { staffWrites } from '../../auth/rate-limit';
import type { SupportQueuesService } from './queues';

/**
 * The staff queues under /api/staff: tickets and feedback for moderators and admins, partnerships for admins
 * (the guard answers early; the service checks the same rule).
 */
export const supportQueueRoutes: FastifyPluginAsyncZod<{ queues: SupportQueuesService }> = async (
  app,
  { queues },
) => {
  const staff = requireStaff();
  const admin = requireAdmin();
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  app.get(
    '/tickets',
    {
      onRequest: staff,
      schema: {
        tags: ['suporte'],
        summary: 'Chamados de suporte, mais novos primeiro (staff)',
        querystring: staffTicketsQuery,
        response: { 200: staffTicketPage },
      },
    },
    async (request) => queues.tickets(viewerOf(request), request.query),
  );

  app.post(
    '/tickets/:id/in-progress',
    {
      onRequest: staff,
      config: { rateLimit: staffWrites },
      schema: { tags: ['suporte'], summary: 'Marca um chamado como em andamento', params: idParams },
    },
    async (request, reply) => {
      await queues.markTicketInProgress(viewerOf(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/tickets/:id/resolve',
    {
      onRequest: staff,
      config: { rateLimit: staffWrites },
      schema: {
        tags: ['suporte'],
        summary: 'Responde e resolve um chamado',
        params: idParams,
        body: ticketResolveInput,
      },
    },
    async (request, reply) => {
      await queues.resolveTicket(viewerOf(request), request.params.id, request.body);
      return reply.status(204).send();
    },
  );

  app.get(
    '/feedback',
    {
      onRequest: staff,
      schema: {
        tags: ['feedback'],
        summary: 'Feedback dos usuários, mais novos primeiro (staff)',
        querystring: staffFeedbackQuery,
        response: { 200: staffFeedbackPage },
      },
    },
    async (request) => queues.feedback(viewerOf(request), request.query),
  );

  app.post(
    '/feedback/:id/respond',
    {
      onRequest: staff,
      config: { rateLimit: staffWrites },
      schema: {
        tags: ['feedback'],
        summary: 'Responde um feedback',
        params: idParams,
        body: feedbackResponseInput,
      },
    },
    async (request, reply) => {
      await queues.respondFeedback(viewerOf(request), request.params.id, request.body);
      return reply.status(204).send();
    },
  );

  app.post(
    '/feedback/:id/resolve',
    {
      onRequest: staff,
      config: { rateLimit: staffWrites },
      schema: { tags: ['feedback'], summary: 'Marca um feedback como resolvido', params: idParams },
    },
    async (request, reply) => {
      await queues.resolveFeedback(viewerOf(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    '/partnerships',
    {
      onRequest: admin,
      schema: {
        tags: ['parcerias'],
        summary: 'Propostas de parceria, mais novas primeiro (admin)',
        querystring: staffPartnershipsQuery,
        response: { 200: staffPartnershipPage },
      },
    },
    async (request) => queues.partnerships(viewerOf(request), request.query),
  );

  app.post(
    '/partnerships/:id/decision',
    {
      onRequest: admin,
      config: { rateLimit: staffWrites },
      schema: {
        tags: ['parcerias'],
        summary: 'Aprova ou rejeita uma proposta pendente',
        params: idParams,
        body: partnershipDecisionInput,
      },
    },
    async (request, reply) => {
      await queues.decidePartnership(viewerOf(request), request.params.id, request.body);
      return reply.status(204).send();
    },
  );
};
