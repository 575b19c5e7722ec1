import { efiSendWebhookBody } from '@shared/payout-efi';
import { payoutEfiMessages as m } from '@shared/payout-efi-messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors';
import { rateLimits } from '../../http/rate-limits';
import { isWebhookAuthorized } from '../pix/webhook';
import { idsOfSendWebhook, type OnSendNotified } from './efi-webhook';
import type { PayoutProvider } from './provider';

const tags = ['repasses'];

/** `hmac` is our shared secret (see `isWebhookAuthorized`); anything else in the query is ignored. */
const webhookQuery = z.looseObject({ hmac: z.string().max(200).optional() });
const webhookAnswer = z.object({ received: z.number().int() });

export interface EfiWebhookRoutesOptions {
  /** Under the manual provider every notification is refused (there is no send to hear about). */
  provider: PayoutProvider;
  /** Runs for each idEnvio of a notification, not awaited: Efí gets its 200 at once. */
  onSendNotified: OnSendNotified;
  /** `EFI_WEBHOOK_SECRET`: required with the Efí provider (the app does not start without it). */
  webhookSecret?: string;
}

/**
 * Efí's webhook for the results of our sends (`/api/payouts/webhook`). Public: no session, and Efí sends no Origin.
 * Register `https://<host>/api/payouts/webhook?hmac=<secret>` for the payer key (`PUT /v2/webhook/{EFI_PAYER_KEY}`):
 * Efí posts to the registered URL followed by `/pix`, query string included, so the call arrives with
 * `hmac=<secret>/pix`, compared in constant time like the charges' webhook; the request log redacts query values, so
 * the secret is never logged. A notification is only a wake-up: `onSendNotified(idEnvio)` looks the id up among our
 * payouts still `sending` and reads it back from Efí before anything is booked (`confirmSend`).
 *
 * Counted per address before the secret is checked, so guessing it is throttled too.
 */
export const efiWebhookRoutes: FastifyPluginAsyncZod<EfiWebhookRoutesOptions> = async (app, options) => {
  // The configuration already refuses PAYOUT_PROVIDER=efi without EFI_WEBHOOK_SECRET; a provider given in code
  // without a secret (tests) gets the manual provider's route: nothing is ever accepted.
  const { provider, onSendNotified, webhookSecret } = options;

  app.post(
    '/webhook',
    {
      config: { rateLimit: rateLimits.payoutWebhook },
      schema: {
        tags,
        summary: 'Notificação de resultado de um repasse enviado (Efí: {webhookUrl}/pix)',
        querystring: webhookQuery,
        body: efiSendWebhookBody,
        response: { 200: webhookAnswer },
      },
      preHandler: async (request) => {
        // Without a secret (manual provider) nothing is ever accepted: there is no send to hear about.
        if (!webhookSecret || !isWebhookAuthorized(webhookSecret, request.query.hmac)) {
          throw new AppError('UNAUTHENTICATED', m.webhookUnauthorized);
        }
      },
    },
    async (request) => {
      const ids = idsOfSendWebhook(request.body);
      if (!provider.automatic) {
        request.log.warn({ ids }, 'webhook de repasse recebido com PAYOUT_PROVIDER=manual; ignorado');
        return { received: 0 };
      }
      for (const id of ids) {
        (async () => onSendNotified(id))().catch((err) =>
          request.log.error({ err, idEnvio: id }, 'webhook de repasse: falha ao conferir'),
        );
      }
      return { received: ids.length };
    },
  );
};
