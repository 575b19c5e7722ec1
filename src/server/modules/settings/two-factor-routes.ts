import {
  twoFactorBackupCodes,
  twoFactorConfirmInput,
  twoFactorPasswordInput,
  twoFactorSetup,
  twoFactorStatus,
} from '@shared/two-factor';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser, viewerOf } from '../../auth/guards';
import { authHeaders } from '../../auth/headers';
import { rateLimits } from '../../http/rate-limits';
import type { TwoFactorService } from '../accounts/two-factor';

const tags = ['configurações'];

/**
 * Two-factor verification of the signed-in member, under /api/accounts/me/two-factor (settings' security
 * section). Every route acts on the session's own user; the password and code checks are counted per member
 * like the password change.
 */
export const twoFactorRoutes: FastifyPluginAsyncZod<{ twoFactor: TwoFactorService }> = async (
  app,
  { twoFactor },
) => {
  const onRequest = requireUser();
  const guesses = { rateLimit: rateLimits.twoFactor };

  app.get(
    '/',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Se a verificação em duas etapas está ativa',
        response: { 200: twoFactorStatus },
      },
    },
    async (request, reply) =>
      reply.header('cache-control', 'no-store').send(await twoFactor.status(viewerOf(request))),
  );

  app.post(
    '/enable',
    {
      onRequest,
      config: guesses,
      schema: {
        tags,
        summary: 'Confere a senha e começa a ativação: QR code, chave e códigos de backup',
        body: twoFactorPasswordInput,
        response: { 200: twoFactorSetup },
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send(await twoFactor.enable(viewerOf(request), request.body.password, authHeaders(request))),
  );

  app.post(
    '/confirm',
    {
      onRequest,
      config: guesses,
      schema: {
        tags,
        summary: 'Confirma a ativação com o primeiro código do aplicativo',
        body: twoFactorConfirmInput,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const cookies = await twoFactor.confirm(viewerOf(request), request.body.code, authHeaders(request));
      if (cookies.length) reply.header('set-cookie', cookies);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/disable',
    {
      onRequest,
      config: guesses,
      schema: {
        tags,
        summary: 'Desativa a verificação em duas etapas (confere a senha)',
        body: twoFactorPasswordInput,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const cookies = await twoFactor.disable(viewerOf(request), request.body.password, authHeaders(request));
      if (cookies.length) reply.header('set-cookie', cookies);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/backup-codes',
    {
      onRequest,
      config: guesses,
      schema: {
        tags,
        summary: 'Gera novos códigos de backup (os anteriores deixam de valer)',
        body: twoFactorPasswordInput,
        response: { 200: twoFactorBackupCodes },
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send(
          await twoFactor.regenerateBackupCodes(
            viewerOf(request),
            request.body.password,
            authHeaders(request),
          ),
        ),
  );
};
