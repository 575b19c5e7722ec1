import { created, idParams } from '@shared/api';
import { reportDecisionInput, staffReportPage, staffReportsQuery } from '@shared/moderation';
import { moderationMessages as m, reportStatusLabels } from '@shared/moderation-messages';
import { reportReasonLabels } from '@shared/report-reasons';
import { memberReports, reportInput, reportTargetLabels } from '@shared/reports';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireStaff, requireUser, viewerOf } from '../../auth/guards';
import { brasiliaDateTime, type CsvColumn, sendCsv } from '../../http/csv';
import { rateLimits } from '../../http/rate-limits';
import type { ReportsService } from './service';

const tags = ['denúncias'];
const userParams = z.object({ id: z.string().min(1).max(100) });

/** Members' reports of listings, users and comments (on listings and posts), and their history (/api/reports). */
export const memberReportsRoutes: FastifyPluginAsyncZod<{ reports: ReportsService }> = async (
  app,
  { reports },
) => {
  const onRequest = requireUser(m.reportLoginRequired);
  const rateLimit = rateLimits.report;

  app.post(
    '/listings/:id',
    {
      onRequest,
      config: { rateLimit },
      schema: {
        tags,
        summary: 'Denuncia um anúncio',
        params: idParams,
        body: reportInput,
        response: { 201: created },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await reports.reportListing(viewerOf(request), request.params.id, request.body)),
  );

  app.post(
    '/listing-comments/:id',
    {
      onRequest,
      config: { rateLimit },
      schema: {
        tags,
        summary: 'Denuncia um comentário de anúncio',
        params: idParams,
        body: reportInput,
        response: { 201: created },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await reports.reportListingComment(viewerOf(request), request.params.id, request.body)),
  );

  app.post(
    '/post-comments/:id',
    {
      onRequest,
      config: { rateLimit },
      schema: {
        tags,
        summary: 'Denuncia um comentário do fórum',
        params: idParams,
        body: reportInput,
        response: { 201: created },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await reports.reportPostComment(viewerOf(request), request.params.id, request.body)),
  );

  app.post(
    '/users/:id',
    {
      onRequest,
      config: { rateLimit },
      schema: {
        tags,
        summary: 'Denuncia um usuário',
        params: userParams,
        body: reportInput,
        response: { 201: created },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await reports.reportUser(viewerOf(request), request.params.id, request.body)),
  );

  app.get(
    '/mine',
    {
      onRequest,
      schema: {
        tags,
        summary: 'As denúncias do membro e a resposta da equipe',
        response: { 200: memberReports },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return reports.mine(viewerOf(request));
    },
  );
};

const reportColumns: CsvColumn<Awaited<ReturnType<ReportsService['exportList']>>[number]>[] = [
  { header: 'Nº', value: (r) => r.id },
  { header: 'Tipo', value: (r) => reportTargetLabels[r.targetType] },
  { header: 'Denunciado', value: (r) => r.targetName },
  {
    header: 'Motivo',
    value: (r) => reportReasonLabels[r.reason as keyof typeof reportReasonLabels] ?? r.reason,
  },
  { header: 'Detalhes', value: (r) => r.details },
  { header: 'Denunciante', value: (r) => r.reporterName },
  { header: 'E-mail do denunciante', value: (r) => r.reporterEmail },
  { header: 'Status', value: (r) => reportStatusLabels[r.status] },
  { header: 'Resposta', value: (r) => r.adminResponse },
  { header: 'Tratada por', value: (r) => r.handledByName },
  { header: 'Criada em (Brasília)', value: (r) => brasiliaDateTime(r.createdAt) },
  { header: 'Atualizada em (Brasília)', value: (r) => brasiliaDateTime(r.updatedAt) },
];

/** The reports queue (/api/staff): moderators and admins; the penalty on a member is accounts' suspension route. */
export const staffReportsRoutes: FastifyPluginAsyncZod<{ reports: ReportsService }> = async (
  app,
  { reports },
) => {
  const onRequest = requireStaff();

  app.get(
    '/reports',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Denúncias, mais novas primeiro (staff)',
        querystring: staffReportsQuery,
        response: { 200: staffReportPage },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return reports.list(viewerOf(request), request.query);
    },
  );

  app.get(
    '/reports/export.csv',
    {
      onRequest,
      config: { rateLimit: rateLimits.staffExports },
      schema: {
        tags,
        summary: 'Exporta as denúncias do filtro em CSV (até 10 000 linhas)',
        querystring: staffReportsQuery.omit({ page: true }),
      },
    },
    async (request, reply) =>
      sendCsv(reply, 'denuncias', reportColumns, await reports.exportList(viewerOf(request), request.query)),
  );

  app.post(
    '/reports/:id/decision',
    {
      onRequest,
      config: { rateLimit: rateLimits.staffWrites },
      schema: {
        tags,
        summary: 'Move uma denúncia (em análise, resolvida, rejeitada)',
        params: idParams,
        body: reportDecisionInput,
      },
    },
    async (request, reply) => {
      await reports.decide(viewerOf(request), request.params.id, request.body);
      return reply.status(204).send();
    },
  );
};
