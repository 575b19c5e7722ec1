import { tradeStateLabels } from '@shared/trades';
import {
  deskReasonLabels,
  nothingForStaffLabel,
  type PartySuspension,
  payoutsPage,
  payoutsQuery,
  reconciliationResult,
  tradesDeskPage,
  tradesDeskQuery,
} from '@shared/trades-desk';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdmin, requireStaff, viewerOf } from '../../auth/guards';
import { brasiliaDateTime, type CsvColumn, reaisCell, sendCsv } from '../../http/csv';
import { rateLimits } from '../../http/rate-limits';
import type { TradesDeskService } from './desk';

const tags = ['intermediação'];

/** A party's suspension in a cell: 'banido: motivo', 'suspenso até 12/03/2026 14:00: motivo' (Brasília), or ''. */
const suspensionCell = (s: PartySuspension | null) =>
  s ? `${s.endsAt ? `suspenso até ${brasiliaDateTime(s.endsAt)}` : 'banido'}: ${s.reason}` : '';

const deskColumns: CsvColumn<Awaited<ReturnType<TradesDeskService['exportList']>>[number]>[] = [
  { header: 'Nº', value: (t) => t.id },
  { header: 'Negociação', value: (t) => t.listingTitle },
  { header: 'Valor (R$)', value: (t) => reaisCell(t.amountCents) },
  { header: 'Aguardando', value: (t) => (t.reason ? deskReasonLabels[t.reason] : nothingForStaffLabel) },
  { header: 'Estado', value: (t) => tradeStateLabels[t.state] },
  { header: 'Vendedor', value: (t) => t.sellerName },
  { header: 'Vendedor suspenso', value: (t) => suspensionCell(t.sellerSuspension) },
  { header: 'Comprador', value: (t) => t.buyerName },
  { header: 'Comprador suspenso', value: (t) => suspensionCell(t.buyerSuspension) },
  { header: 'Intermediador', value: (t) => t.intermediaryName },
  { header: 'Desde (Brasília)', value: (t) => brasiliaDateTime(t.waitingSince) },
  { header: 'Prazo (Brasília)', value: (t) => brasiliaDateTime(t.deadlineAt) },
];

const payoutColumns: CsvColumn<Awaited<ReturnType<TradesDeskService['exportPayouts']>>[number]>[] = [
  { header: 'Nº', value: (p) => p.id },
  { header: 'Negociação', value: (p) => p.listingTitle },
  { header: 'Vendedor', value: (p) => p.sellerName },
  { header: 'Valor (R$)', value: (p) => reaisCell(p.amountCents) },
  { header: 'Taxa (R$)', value: (p) => reaisCell(p.feeCents) },
  { header: 'Repasse (R$)', value: (p) => reaisCell(p.payoutCents) },
  { header: 'Chave PIX', value: (p) => p.pixKey ?? 'sem chave PIX' },
  { header: 'Titular', value: (p) => p.holderName },
  { header: 'Intermediador', value: (p) => p.intermediaryName },
  { header: 'Devido desde (Brasília)', value: (p) => brasiliaDateTime(p.dueAt) },
  { header: 'Prazo vencido', value: (p) => (p.flagged ? 'Sim' : 'Não') },
];

/** /api/staff/trades-desk (staff) and the ledger's reconciliation (admins). */
export const tradesDeskRoutes: FastifyPluginAsyncZod<{ desk: TradesDeskService }> = async (app, { desk }) => {
  app.get(
    '/trades-desk',
    {
      onRequest: requireStaff(),
      schema: {
        tags,
        summary: 'Intermediações que esperam a equipe, a espera mais antiga primeiro',
        querystring: tradesDeskQuery,
        response: { 200: tradesDeskPage },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return desk.list(viewerOf(request), request.query);
    },
  );

  app.get(
    '/trades-desk/export.csv',
    {
      onRequest: requireStaff(),
      config: { rateLimit: rateLimits.staffExports },
      schema: {
        tags,
        summary: 'Exporta as intermediações do filtro em CSV (até 10 000 linhas)',
        querystring: tradesDeskQuery.omit({ page: true }),
      },
    },
    async (request, reply) =>
      sendCsv(reply, 'intermediacoes', deskColumns, await desk.exportList(viewerOf(request), request.query)),
  );

  app.get(
    '/trades-desk/payouts',
    {
      onRequest: requireStaff(),
      schema: {
        tags,
        summary: 'Repasses devidos aos vendedores, o mais antigo primeiro (chave completa só para admins)',
        querystring: payoutsQuery,
        response: { 200: payoutsPage },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return desk.payouts(viewerOf(request), request.query);
    },
  );

  app.get(
    '/trades-desk/payouts/export.csv',
    {
      onRequest: requireStaff(),
      config: { rateLimit: rateLimits.staffExports },
      schema: {
        tags,
        summary: 'Exporta os repasses do filtro em CSV (até 10 000 linhas; chave completa só para admins)',
        querystring: payoutsQuery.omit({ page: true }),
      },
    },
    async (request, reply) =>
      sendCsv(reply, 'repasses', payoutColumns, await desk.exportPayouts(viewerOf(request), request.query)),
  );

  app.post(
    '/ledger/reconciliation',
    {
      onRequest: requireAdmin(),
      config: { rateLimit: rateLimits.staffWrites },
      schema: {
        tags,
        summary: 'Executa a conciliação do livro-razão (admin)',
        response: { 200: reconciliationResult },
      },
    },
    async (request) => desk.reconcile(viewerOf(request)),
  );
};
