import { idParams } from '@shared/api';
import {
  feedbackTypeLabels,
  partnershipTypeLabels,
  ticketCategoryLabels,
  ticketStatusLabels,
} from '@shared/support-messages';
import { feedbackStatusLabels, partnershipStatusLabels, priorityLabel } from '@shared/support-queue-messages';
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
import { brasiliaDateTime, type CsvColumn, sendCsv } from '../../http/csv';
import { rateLimits } from '../../http/rate-limits';
import type { SupportQueuesService } from './queues';

type Row<K extends 'exportTickets' | 'exportFeedback' | 'exportPartnerships'> = Awaited<
  ReturnType<SupportQueuesService[K]>
>[number];

const ticketColumns: CsvColumn<Row<'exportTickets'>>[] = [
  { header: 'Nº', value: (t) => t.id },
  { header: 'Assunto', value: (t) => t.subject },
  { header: 'Categoria', value: (t) => ticketCategoryLabels[t.category] },
  { header: 'Usuário', value: (t) => t.userName },
  { header: 'E-mail', value: (t) => t.userEmail },
  { header: 'Status', value: (t) => ticketStatusLabels[t.status] },
  { header: 'Prioridade', value: (t) => priorityLabel(t.priority) },
  { header: 'Responsável', value: (t) => t.assignedToName },
  { header: 'Descrição', value: (t) => t.description },
  { header: 'Resposta', value: (t) => t.adminResponse },
  { header: 'Criado em (Brasília)', value: (t) => brasiliaDateTime(t.createdAt) },
  { header: 'Respondido em (Brasília)', value: (t) => brasiliaDateTime(t.respondedAt) },
];

const feedbackColumns: CsvColumn<Row<'exportFeedback'>>[] = [
  { header: 'Nº', value: (f) => f.id },
  { header: 'Tipo', value: (f) => feedbackTypeLabels[f.feedbackType] },
  { header: 'Nota', value: (f) => f.rating },
  { header: 'Assunto', value: (f) => f.subject },
  { header: 'Nome', value: (f) => f.userName },
  { header: 'E-mail', value: (f) => f.userEmail },
  { header: 'Mensagem', value: (f) => f.message },
  { header: 'Status', value: (f) => feedbackStatusLabels[f.status] },
  { header: 'Prioridade', value: (f) => priorityLabel(f.priority) },
  { header: 'Resposta', value: (f) => f.adminResponse },
  { header: 'Enviado em (Brasília)', value: (f) => brasiliaDateTime(f.createdAt) },
  { header: 'Respondido em (Brasília)', value: (f) => brasiliaDateTime(f.respondedAt) },
];

const partnershipColumns: CsvColumn<Row<'exportPartnerships'>>[] = [
  { header: 'Nº', value: (p) => p.id },
  { header: 'Empresa', value: (p) => p.companyName },
  { header: 'Contato', value: (p) => p.contactName },
  { header: 'E-mail', value: (p) => p.contactEmail },
  { header: 'Telefone', value: (p) => p.contactPhone },
  { header: 'Tipo', value: (p) => partnershipTypeLabels[p.partnershipType] },
  { header: 'Descrição', value: (p) => p.description },
  { header: 'Status', value: (p) => partnershipStatusLabels[p.status] },
  { header: 'Observações', value: (p) => p.adminNotes },
  { header: 'Analisado por', value: (p) => p.reviewedByName },
  { header: 'Enviado em (Brasília)', value: (p) => brasiliaDateTime(p.createdAt) },
  { header: 'Analisado em (Brasília)', value: (p) => brasiliaDateTime(p.reviewedAt) },
];

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

  app.get(
    '/tickets/export.csv',
    {
      onRequest: staff,
      config: { rateLimit: rateLimits.staffExports },
      schema: {
        tags: ['suporte'],
        summary: 'Exporta os chamados do filtro em CSV (até 10 000 linhas)',
        querystring: staffTicketsQuery.omit({ page: true }),
      },
    },
    async (request, reply) =>
      sendCsv(reply, 'chamados', ticketColumns, await queues.exportTickets(viewerOf(request), request.query)),
  );

  app.post(
    '/tickets/:id/in-progress',
    {
      onRequest: staff,
      config: { rateLimit: rateLimits.staffWrites },
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
      config: { rateLimit: rateLimits.staffWrites },
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

  app.get(
    '/feedback/export.csv',
    {
      onRequest: staff,
      config: { rateLimit: rateLimits.staffExports },
      schema: {
        tags: ['feedback'],
        summary: 'Exporta os feedbacks do filtro em CSV (até 10 000 linhas)',
        querystring: staffFeedbackQuery.omit({ page: true }),
      },
    },
    async (request, reply) =>
      sendCsv(
        reply,
        'feedback',
        feedbackColumns,
        await queues.exportFeedback(viewerOf(request), request.query),
      ),
  );

  app.post(
    '/feedback/:id/respond',
    {
      onRequest: staff,
      config: { rateLimit: rateLimits.staffWrites },
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
      config: { rateLimit: rateLimits.staffWrites },
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

  app.get(
    '/partnerships/export.csv',
    {
      onRequest: admin,
      config: { rateLimit: rateLimits.staffExports },
      schema: {
        tags: ['parcerias'],
        summary: 'Exporta as propostas do filtro em CSV (até 10 000 linhas, admin)',
        querystring: staffPartnershipsQuery.omit({ page: true }),
      },
    },
    async (request, reply) =>
      sendCsv(
        reply,
        'parcerias',
        partnershipColumns,
        await queues.exportPartnerships(viewerOf(request), request.query),
      ),
  );

  app.post(
    '/partnerships/:id/decision',
    {
      onRequest: admin,
      config: { rateLimit: rateLimits.staffWrites },
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
