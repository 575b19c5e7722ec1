import { paymentHistory } from '@shared/payments';
import { pixMessages as m } from '@shared/pix-messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser, viewerOf } from '../../auth/guards';
import { paymentHistoryCsv } from './csv';
import type { PaymentsService } from './service';

const tags = ['pagamentos'];

export const paymentsRoutes: FastifyPluginAsyncZod<{ payments: PaymentsService }> = async (
  app,
  { payments },
) => {
  const onRequest = requireUser(m.loginRequired);

  app.get(
    '/history',
    {
      onRequest,
      schema: { tags, summary: 'Histórico e saldos do livro-razão', response: { 200: paymentHistory } },
    },
    async (request) => payments.history(viewerOf(request)),
  );

  app.get(
    '/history.csv',
    {
      onRequest,
      schema: { tags, summary: 'Histórico em CSV (planilhas brasileiras)', response: { 200: z.string() } },
    },
    async (request, reply) => {
      const { items } = await payments.history(viewerOf(request));
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="historico-pagamentos.csv"')
        .header('cache-control', 'no-store')
        .send(paymentHistoryCsv(items));
    },
  );
};
