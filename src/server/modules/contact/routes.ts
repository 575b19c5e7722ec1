import type { SupportContact } from '@shared/contact';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const supportContact = z.object({
  email: z.string().nullable(),
  whatsapp: z.string().nullable(),
  security: z.string().nullable(),
  companyName: z.string().nullable(),
  companyCnpj: z.string().nullable(),
});

/**
 * The support channels from SUPPORT_EMAIL and SUPPORT_WHATSAPP, the security address (SECURITY_EMAIL, else
 * SUPPORT_EMAIL) and who runs the site (COMPANY_NAME, COMPANY_CNPJ); null for each the operator did not set.
 */
export const contactRoutes: FastifyPluginAsyncZod<{ support: SupportContact }> = async (app, { support }) => {
  app.get(
    '',
    {
      schema: {
        tags: ['suporte'],
        summary:
          'Canais de atendimento (e-mail, WhatsApp, e-mail de segurança) e a empresa, como configurados',
        response: { 200: supportContact },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return support;
    },
  );
};
