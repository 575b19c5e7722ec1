import { pixWebhookBody } from '@shared/pix-charge';
import { pixChargeMessages as m } from '@shared/pix-charge-messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ConfigError } from '../../config';
import { AppError } from '../../errors';
import { rateLimits } from '../../http/rate-limits';
import type { PixProvider } from './provider';
import { isWebhookAuthorized, type OnChargePaid, txidsOfWebhook } from './webhook';

const tags = ['pagamentos'];

/** `hmac` is our shared secret (see `isWebhookAuthorized`); anything else in the query is ignored. */
const webhookQuery = z.looseObject({ hmac: z.string().max(200).optional() });
const webhookAnswer = z.object({ received: z.number().int() });

export interface PixRoutesOptions {
  provider: PixProvider;
  /** Runs for each txid of a notification, not awaited: the PSP gets its 200 at once. */
  onChargePaid: OnChargePaid;
  /** `PIX_WEBHOOK_SECRET`: required with an API Pix provider (the app does not start without it). */
  webhookSecret?: string;
}

/**
 * The PSP's webhook (API Pix). Public: no session, and a PSP sends no Origin. Register
 * `https://<host>/api/pix/webhook?hmac=<secret>`: API Pix posts to the registered URL followed by `/pix`, query
 * string included, so the call arrives here with `hmac=<secret>/pix`. The body only says which charges to look
 * at: `onChargePaid(txid)` reads each one back from the PSP before anything moves.
 *
 * Counted per address before the secret is checked, so guessing it is throttled too; the body is validated
 * first (its shape is the Banco Central's public specification, nothing a stranger learns here).
 */
export const pixRoutes: FastifyPluginAsyncZod<PixRoutesOptions> = async (app, options) => {
  const { provider, onChargePaid, webhookSecret } = options;
  if (provider.kind === 'api-pix' && !webhookSecret) {
    throw new ConfigError('Configuração inválida:\n  PIX_PROVIDER=api-pix exige PIX_WEBHOOK_SECRET');
  }

  app.post(
    '/webhook',
    {
      config: { rateLimit: rateLimits.pixWebhook },
      schema: {
        tags,
        summary: 'Notificação de PIX recebido (API Pix do PSP: {webhookUrl}/pix)',
        querystring: webhookQuery,
        body: pixWebhookBody,
        response: { 200: webhookAnswer },
      },
      // After the rate limit (an app-wide preHandler runs before a route's own).
      preHandler: async (request) => {
        if (!isWebhookAuthorized(webhookSecret, request.query.hmac)) {
          throw new AppError('UNAUTHENTICATED', m.webhookUnauthorized);
        }
      },
    },
    async (request) => {
      const txids = txidsOfWebhook(request.body);
      if (provider.kind === 'manual') {
        // No PSP charges anything under the manual provider: a notification is a mistake or a forgery.
        request.log.warn({ txids }, 'webhook PIX recebido com PIX_PROVIDER=manual; ignorado');
        return { received: 0 };
      }
      for (const txid of txids) {
        // Called now (a spy sees it at once), awaited by nobody; a throw is logged, never answered.
        (async () => onChargePaid(txid))().catch((err) =>
          request.log.error({ err, txid }, 'webhook PIX: falha ao confirmar'),
        );
      }
      return { received: txids.length };
    },
  );
};
