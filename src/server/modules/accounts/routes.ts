import { accountMessages } from '@shared/account-messages';
import {
  authProviders,
  confirmationResendInput,
  confirmationResent,
  loginInput,
  meResponse,
  passwordResetInput,
  passwordResetRequested,
  passwordResetRequestInput,
  registered,
  registerInput,
} from '@shared/accounts';
import { loginResponse, twoFactorCodeInput } from '@shared/two-factor';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readViewer } from '../../auth/guards';
import { authHeaders } from '../../auth/headers';
import { rateLimits } from '../../http/rate-limits';
import type { AccountsService } from './service';
import type { TwoFactorService } from './two-factor';

export const accountsRoutes: FastifyPluginAsyncZod<{
  accounts: AccountsService;
  twoFactor: TwoFactorService;
  discordEnabled: boolean;
}> = async (app, { accounts, twoFactor, discordEnabled }) => {
  app.post(
    '/register',
    {
      config: { rateLimit: rateLimits.credentials },
      schema: {
        tags: ['contas'],
        summary: 'Cria uma conta e envia o email de confirmação',
        body: registerInput,
        response: { 201: registered },
      },
    },
    async (request, reply) => {
      await accounts.register(request.body);
      return reply.status(201).send({ ok: true });
    },
  );

  app.post(
    '/confirmation/resend',
    {
      // Its own counter per address (a resend guesses nothing), and one mail a minute per e-mail in the service.
      config: { rateLimit: rateLimits.confirmationResend },
      schema: {
        tags: ['contas'],
        summary: 'Reenvia o email de confirmação (mesma resposta exista a conta ou não; um por minuto)',
        body: confirmationResendInput,
        response: { 202: confirmationResent },
      },
    },
    async (request, reply) => {
      await accounts.resendConfirmation(request.body);
      return reply.status(202).send({ ok: true, message: accountMessages.confirmationResent });
    },
  );

  app.post(
    '/login',
    {
      config: { rateLimit: rateLimits.credentials },
      schema: {
        tags: ['contas'],
        summary: 'Entra com email e senha (com a verificação em duas etapas ativa, pede o código a seguir)',
        body: loginInput,
        response: { 200: loginResponse },
      },
    },
    async (request, reply) => {
      const { cookies, userId } = await accounts.login(request.body, authHeaders(request), {
        ipAddress: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
      });
      reply.header('set-cookie', cookies);
      if (!userId) return { user: null, twoFactorRequired: true };
      return {
        user: await accounts.describe(userId, await app.session.roleOf(userId)),
        twoFactorRequired: false,
      };
    },
  );

  app.post(
    '/login/two-factor',
    {
      // Each try guesses a code: counted per address like the password step (the plugin also allows only five
      // per password step and locks the account's codes after repeated failures).
      config: { rateLimit: rateLimits.perAddress },
      schema: {
        tags: ['contas'],
        summary: 'Conclui o login com o código do aplicativo autenticador ou um código de backup',
        body: twoFactorCodeInput,
        response: { 200: meResponse },
      },
    },
    async (request, reply) => {
      const { cookies, userId } = await twoFactor.verifySignIn(request.body, authHeaders(request), {
        ipAddress: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
      });
      reply.header('set-cookie', cookies);
      return { user: await accounts.describe(userId, await app.session.roleOf(userId)) };
    },
  );

  app.post(
    '/password-reset',
    {
      config: { rateLimit: rateLimits.credentials },
      schema: {
        tags: ['contas'],
        summary: 'Envia um link para redefinir a senha (mesma resposta exista a conta ou não)',
        body: passwordResetRequestInput,
        response: { 202: passwordResetRequested },
      },
    },
    async (request, reply) => {
      await accounts.requestPasswordReset(request.body.email);
      return reply.status(202).send({ ok: true, message: accountMessages.passwordResetRequested });
    },
  );

  app.post(
    '/password-reset/confirm',
    {
      config: { rateLimit: rateLimits.perAddress },
      schema: {
        tags: ['contas'],
        summary: 'Define a nova senha com o link recebido e encerra todas as sessões da conta',
        body: passwordResetInput,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await accounts.resetPassword(request.body);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/logout',
    {
      // A refused logout would keep open a session its owner asked to close; it ends only its own cookie's.
      config: { rateLimitExempt: 'ends only the session of its own cookie' },
      schema: { tags: ['contas'], summary: 'Encerra a sessão', response: { 204: z.null() } },
    },
    async (request, reply) => {
      reply.header('set-cookie', await accounts.logout(authHeaders(request)));
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/me',
    {
      onRequest: readViewer,
      schema: { tags: ['contas'], summary: 'O usuário da sessão, ou null', response: { 200: meResponse } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { viewer } = request;
      return { user: viewer ? await accounts.describe(viewer.userId, viewer.role) : null };
    },
  );

  app.get(
    '/providers',
    {
      schema: { tags: ['contas'], summary: 'Formas de login disponíveis', response: { 200: authProviders } },
    },
    async () => ({ discord: discordEnabled }),
  );
};
