import { pixWebhookBody } from '@shared/pix-charge';
import { pixChargeMessages as m } from '@shared/pix-charge-messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors';
import type { PixProvider } from './provider';
import { isWebhookAuthorized, type OnChargePaid, txidsOfWebhook } from './webhook';

const tags = ['pagamentos'];

/** `hmac` is our shared secret; anything else a PSP appends to the registered URL is ignored. */
const webhookQuery = z.looseObject({ hmac: z.string().max(200).optional() });
const webhookAnswer = z.object({ received: z.number().int() });

export interface PixRoutesOptions {
  provider: PixProvider;
  /** Runs for each txid of a notification, not awaited: the PSP gets its 200 at once. */
  onChargePaid: OnChargePaid;
  webhookSecret?: string;
}

/**
 * The PSP's webhook (API Pix). Public: no session, and a PSP sends no Origin. API Pix posts to the
 * registered URL followed by `/pix`, so both `/webhook` and `/webhook/pix` answer. The body only says
 * which charges to look at: `onChargePaid(txid)` reads each one back from the PSP before anything moves.
 */
export const pixRoutes: FastifyPluginAsyncZod<PixRoutesOptions> = async (app, options) => {
  const { provider, onChargePaid, webhookSecret } = options;

  for (const path of ['/webhook', '/webhook/pix']) {
    app.post(
      path,
      {
        schema: {
          tags,
          summary: 'Notificação de PIX recebido (API Pix do PSP)',
          querystring: webhookQuery,
          body: pixWebhookBody,
          response: { 200: webhookAnswer },
        },
        // The secret is checked before the body is validated: a stranger learns nothing of its shape.
        preValidation: async (request) => {
          const { hmac } = request.query as { hmac?: unknown };
          if (!isWebhookAuthorized(webhookSecret, typeof hmac === 'string' ? hmac : undefined)) {
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
  }
};
