import { payoutIdentityAnswer, payoutIdentityInput } from '@shared/payout-identity';
import { payoutIdentityMessages as m } from '@shared/payout-identity-messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser, viewerOf } from '../../auth/guards';
import { authHeaders } from '../../auth/headers';
import { rateLimits } from '../../http/rate-limits';
import type { PayoutIdentityService } from './service';

const tags = ['pagamentos'];

/** The member's own payout identity ('Dados para recebimento' on /pagamentos). */
export const payoutIdentityRoutes: FastifyPluginAsyncZod<{ payoutIdentity: PayoutIdentityService }> = async (
  app,
  { payoutIdentity },
) => {
  const onRequest = requireUser(m.loginRequired);

  app.get(
    '',
    {
      onRequest,
      schema: { tags, summary: 'Meus dados para recebimento', response: { 200: payoutIdentityAnswer } },
    },
    async (request, reply) =>
      reply.header('cache-control', 'no-store').send(await payoutIdentity.read(viewerOf(request))),
  );

  app.put(
    '',
    {
      onRequest,
      config: { rateLimit: rateLimits.payoutIdentityChange },
      schema: {
        tags,
        summary: 'Cadastra ou altera os dados para recebimento (confere a senha ou o código de duas etapas)',
        body: payoutIdentityInput,
        response: { 200: payoutIdentityAnswer },
      },
    },
    async (request) => payoutIdentity.set(viewerOf(request), request.body, authHeaders(request)),
  );
};
