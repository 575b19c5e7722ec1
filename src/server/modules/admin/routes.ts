import {
  addStaffInput,
  auditPage,
  auditQuery,
  changeStaffRoleInput,
  deadLetterParams,
  overview,
  staffParams as params,
  staffCandidates,
  staffCandidatesQuery,
  staffList,
  systemInfo,
} from '@shared/admin';
import { auditActionLabels, auditTargetLabels, isAuditAction, sentenceText } from '@shared/audit-sentences';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin, viewerOf } from '../../auth/guards';
import { brasiliaDateTime, type CsvColumn, sendCsv } from '../../http/csv';
import { rateLimits } from '../../http/rate-limits';
import type { AuditReader } from './audit';
import type { DeadLettersService } from './dead-letters';
import type { OverviewReader } from './overview';
import type { StaffService } from './staff';
import type { SystemReader } from './system';

const tags = ['admin'];

const auditColumns: CsvColumn<Awaited<ReturnType<AuditReader['exportRows']>>[number]>[] = [
  { header: 'Nº', value: (e) => e.id },
  { header: 'Quando (Brasília)', value: (e) => brasiliaDateTime(e.createdAt) },
  { header: 'O que aconteceu', value: (e) => sentenceText(e.sentence) },
  { header: 'Ação', value: (e) => (isAuditAction(e.action) ? auditActionLabels[e.action] : e.action) },
  { header: 'Autor', value: (e) => e.actorName },
  {
    header: 'Alvo',
    value: (e) => `${auditTargetLabels[e.targetType] ?? e.targetType} ${e.targetName ?? e.targetId}`,
  },
  { header: 'Detalhes', value: (e) => e.sentence.fields.map((f) => `${f.label}: ${f.value}`).join(' · ') },
];

/** `/api/admin`: the staff panel's admin-only routes (roles, the audit log, the system figures). */
export const adminRoutes: FastifyPluginAsyncZod<{
  staff: StaffService;
  audit: AuditReader;
  system: SystemReader;
  overview: OverviewReader;
  deadLetters: DeadLettersService;
}> = async (app, { staff, audit, system, overview: overviewReader, deadLetters }) => {
  const onRequest = requireAdmin();

  app.get(
    '/staff',
    {
      onRequest,
      schema: { tags, summary: 'Equipe (administradores e moderadores)', response: { 200: staffList } },
    },
    async (request) => ({ staff: await staff.list(viewerOf(request)) }),
  );

  app.get(
    '/staff/candidates',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Perfis sem função, para adicionar à equipe',
        querystring: staffCandidatesQuery,
        response: { 200: staffCandidates },
      },
    },
    async (request) => ({ candidates: await staff.candidates(viewerOf(request), request.query.q) }),
  );

  app.post(
    '/staff',
    {
      onRequest,
      config: { rateLimit: rateLimits.staffWrites },
      schema: { tags, summary: 'Adiciona à equipe', body: addStaffInput, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await staff.add(viewerOf(request), request.body.userId, request.body.role);
      return reply.status(204).send(null);
    },
  );

  app.patch(
    '/staff/:userId',
    {
      onRequest,
      config: { rateLimit: rateLimits.staffWrites },
      schema: {
        tags,
        summary: 'Muda a função',
        params,
        body: changeStaffRoleInput,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await staff.changeRole(viewerOf(request), request.params.userId, request.body.role);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/staff/:userId',
    {
      onRequest,
      config: { rateLimit: rateLimits.staffWrites },
      schema: { tags, summary: 'Remove da equipe', params, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await staff.remove(viewerOf(request), request.params.userId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/audit',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Registro de auditoria',
        querystring: auditQuery,
        response: { 200: auditPage },
      },
    },
    async (request) => audit.page(viewerOf(request), request.query),
  );

  app.get(
    '/audit/export.csv',
    {
      onRequest,
      config: { rateLimit: rateLimits.staffExports },
      schema: {
        tags,
        summary: 'Exporta o registro de auditoria do filtro em CSV (até 10 000 linhas)',
        querystring: auditQuery.omit({ page: true }),
      },
    },
    async (request, reply) =>
      sendCsv(reply, 'auditoria', auditColumns, await audit.exportRows(viewerOf(request), request.query)),
  );

  app.get(
    '/system',
    { onRequest, schema: { tags, summary: 'Informações do sistema', response: { 200: systemInfo } } },
    async (request, reply) =>
      reply.header('cache-control', 'no-store').send(await system.read(viewerOf(request))),
  );

  app.post(
    '/dead-letters/:id/retry',
    {
      onRequest,
      config: { rateLimit: rateLimits.staffWrites },
      schema: {
        tags,
        summary: 'Envia de novo a tarefa que falhou de vez, com os mesmos dados',
        params: deadLetterParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deadLetters.retry(viewerOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/dead-letters/:id',
    {
      onRequest,
      config: { rateLimit: rateLimits.staffWrites },
      schema: {
        tags,
        summary: 'Descarta a tarefa que falhou de vez',
        params: deadLetterParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deadLetters.discard(viewerOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/overview',
    {
      onRequest,
      schema: { tags, summary: 'Visão geral: métricas, atividade e alertas', response: { 200: overview } },
    },
    async (request, reply) =>
      reply.header('cache-control', 'no-store').send(await overviewReader.read(viewerOf(request))),
  );
};
