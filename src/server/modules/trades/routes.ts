import { created, idParams as params } from '@shared/api';
import { tradeMessages as m } from '@shared/trade-messages';
import {
  cancelInput,
  confirmPaymentInput,
  confirmValueInput,
  decideDisputeInput,
  markDeliveredInput,
  openDisputeInput,
  releaseInput,
  revealedCredentials,
  startTradeInput,
  tradeList,
  tradeListQuery,
  tradeView,
} from '@shared/trades';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser, viewerOf } from '../../auth/guards';
import type { Viewer } from '../../auth/session';
import type { TradesService } from './service';

const tags = ['intermediação'];
/** Steps with nothing to say (confirm the delivery, take the trade). */
const emptyBody = z.object({}).optional();

export const tradesRoutes: FastifyPluginAsyncZod<{ trades: TradesService }> = async (app, { trades }) => {
  const onRequest = requireUser(m.loginRequired);
  const config = { rateLimit: [{ per: 'member' as const, action: 'trade-step', max: 120 }] };
  /** Every step answers with the room as it is after the step. */
  const step = <B>(
    path: string,
    summary: string,
    body: z.ZodType<B, unknown>,
    run: (viewer: Viewer, id: number, input: B) => Promise<unknown>,
  ) =>
    app.post(
      path,
      { onRequest, config, schema: { tags, summary, params, body, response: { 200: tradeView } } },
      async (request) => {
        const viewer = viewerOf(request);
        await run(viewer, request.params.id, request.body as B);
        return trades.view(viewer, request.params.id);
      },
    );

  app.get(
    '',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Minhas intermediações',
        querystring: tradeListQuery,
        response: { 200: tradeList },
      },
    },
    async (request) => ({ trades: await trades.list(viewerOf(request), request.query.scope) }),
  );

  app.post(
    '',
    {
      onRequest,
      config: { rateLimit: [{ per: 'member', action: 'trade-start', max: 20 }] },
      schema: {
        tags,
        summary: 'Inicia uma intermediação',
        body: startTradeInput,
        response: { 200: created, 201: created },
      },
    },
    async (request, reply) => {
      const trade = await trades.start(viewerOf(request), request.body.listingId);
      return reply.status(trade.created ? 201 : 200).send({ id: trade.id });
    },
  );

  app.get(
    '/:id',
    {
      onRequest,
      schema: { tags, summary: 'A sala de uma intermediação', params, response: { 200: tradeView } },
    },
    async (request) => trades.view(viewerOf(request), request.params.id),
  );

  step('/:id/value', 'Vendedor confirma o valor', confirmValueInput, (v, id, b) =>
    trades.confirmValue(v, id, b.amount),
  );
  step('/:id/payment', 'Intermediador confirma o pagamento', confirmPaymentInput, (v, id, b) =>
    trades.confirmPayment(v, id, b.endToEndId),
  );
  step('/:id/delivery', 'Vendedor marca a entrega', markDeliveredInput, (v, id, b) =>
    trades.markDelivered(v, id, b),
  );
  step('/:id/delivery/confirm', 'Comprador confirma a entrega', emptyBody, (v, id) =>
    trades.confirmDelivery(v, id),
  );
  step('/:id/release', 'Intermediador libera o pagamento', releaseInput, (v, id, b) =>
    trades.release(v, id, b.endToEndId),
  );
  step('/:id/cancel', 'Cancela a intermediação', cancelInput, (v, id, b) => trades.cancel(v, id, b));
  step('/:id/dispute', 'Abre uma disputa', openDisputeInput, (v, id, b) =>
    trades.openDispute(v, id, b.reason),
  );
  step('/:id/dispute/decision', 'Decide a disputa', decideDisputeInput, (v, id, b) =>
    trades.decideDispute(v, id, b),
  );
  step('/:id/take', 'Assume a intermediação', emptyBody, (v, id) => trades.take(v, id));

  app.post(
    '/:id/credentials',
    {
      onRequest,
      config,
      schema: {
        tags,
        summary: 'Mostra os dados de acesso entregues',
        params,
        body: emptyBody,
        response: { 200: revealedCredentials },
      },
    },
    async (request) => ({
      credentials: await trades.revealCredentials(viewerOf(request), request.params.id),
    }),
  );
};
