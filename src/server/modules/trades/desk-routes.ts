import {
  payoutsPage,
  payoutsQuery,
  reconciliationResult,
  tradesDeskPage,
  tradesDeskQuery,
} from '@shared/trades-desk';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdmin, requireStaff, viewerOf } from '../../auth/guards';
import { staffWrites } from '../../auth/rate-limit';
import type { TradesDeskService } from './desk';

const tags = ['intermediação'];

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

  app.post(
    '/ledger/reconciliation',
    {
      onRequest: requireAdmin(),
      config: { rateLimit: staffWrites },
      schema: {
        tags,
        summary: 'Executa a conciliação do livro-razão (admin)',
        response: { 200: reconciliationResult },
      },
    },
    async (request) => desk.reconcile(viewerOf(request)),
  );
};
