import {
  myPayouts,
  payoutDesk,
  payoutDeskQuery,
  payoutHoldReleaseInput,
  payoutPauseInput,
  payoutTradeParams,
  payoutView,
} from '@shared/payouts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin, requireUser, viewerOf } from '../../auth/guards';
import { rateLimits } from '../../http/rate-limits';
import type { PayoutsService } from './service';

const tags = ['repasses'];

/**
 * /api (decision 028): the seller's payouts (`/payouts/mine`, `/trades/:tradeId/payout`, also read by admins) and
 * the admins' 'Repasses' for automatic payouts under `/staff/payouts` (moderators: 403).
 */
export const payoutsRoutes: FastifyPluginAsyncZod<{ payouts: PayoutsService }> = async (app, { payouts }) => {
  const noStore = { 'cache-control': 'private, no-store' };

  app.get(
    '/payouts/mine',
    {
      onRequest: requireUser(),
      schema: {
        tags,
        summary: 'Os repasses do vendedor, o mais recente primeiro',
        response: { 200: myPayouts },
      },
    },
    async (request, reply) => reply.headers(noStore).send(await payouts.mine(viewerOf(request))),
  );

  app.get(
    '/trades/:tradeId/payout',
    {
      onRequest: requireUser(),
      schema: {
        tags,
        summary: 'O repasse da intermediação e sua linha do tempo (o vendedor, ou um admin)',
        params: payoutTradeParams,
        response: { 200: payoutView },
      },
    },
    async (request, reply) =>
      reply.headers(noStore).send(await payouts.forTrade(viewerOf(request), request.params.tradeId)),
  );

  app.get(
    '/staff/payouts',
    {
      onRequest: requireAdmin(),
      schema: {
        tags,
        summary: 'Repasses automáticos por estado, falhas primeiro, os totais do dia e a pausa (admin)',
        querystring: payoutDeskQuery,
        response: { 200: payoutDesk },
      },
    },
    async (request, reply) =>
      reply.headers(noStore).send(await payouts.desk(viewerOf(request), request.query)),
  );

  app.post(
    '/staff/payouts/pause',
    {
      onRequest: requireAdmin(),
      config: { rateLimit: rateLimits.staffWrites },
      schema: {
        tags,
        summary: 'Pausa os repasses automáticos (incidente), com o motivo (admin)',
        body: payoutPauseInput,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await payouts.pause(viewerOf(request), request.body.reason);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/staff/payouts/resume',
    {
      onRequest: requireAdmin(),
      config: { rateLimit: rateLimits.staffWrites },
      schema: { tags, summary: 'Retoma os repasses automáticos (admin)', response: { 204: z.null() } },
    },
    async (request, reply) => {
      await payouts.resume(viewerOf(request));
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/staff/payouts/:tradeId/hold-release',
    {
      onRequest: requireAdmin(),
      config: { rateLimit: rateLimits.staffWrites },
      schema: {
        tags,
        summary: 'Libera antes do prazo a retenção de um repasse, com o motivo (admin)',
        params: payoutTradeParams,
        body: payoutHoldReleaseInput,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await payouts.releaseHold(viewerOf(request), request.params.tradeId, request.body.reason);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/staff/payouts/:tradeId/by-hand',
    {
      onRequest: requireAdmin(),
      config: { rateLimit: rateLimits.staffWrites },
      schema: {
        tags,
        summary: 'Passa um repasse não realizado ao pagamento manual (admin)',
        params: payoutTradeParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await payouts.takeByHand(viewerOf(request), request.params.tradeId);
      return reply.status(204).send(null);
    },
  );
};
