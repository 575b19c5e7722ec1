import {
  addPixKeyInput,
  MAX_PIX_KEYS,
  pixKeyParams as params,
  pixKey,
  pixKeyConfirmation,
  pixKeyList,
} from '@shared/pix';
import { pixMessages as m } from '@shared/pix-messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser, viewerOf } from '../../auth/guards';
import { authHeaders } from '../../auth/headers';
import { rateLimits } from '../../http/rate-limits';
import type { PixKeysService } from './service';

const tags = ['pagamentos'];

export const pixKeysRoutes: FastifyPluginAsyncZod<{ pixKeys: PixKeysService }> = async (app, { pixKeys }) => {
  const onRequest = requireUser(m.loginRequired);
  const config = { rateLimit: rateLimits.pixKeyChange };
  const listed = async (answer: ReturnType<PixKeysService['list']>) => ({
    ...(await answer),
    max: MAX_PIX_KEYS,
  });
  // The confirmation travels as a JSON body; 'Tornar padrão' of the default and a plain delete need none.
  const body = pixKeyConfirmation.nullish();

  app.get(
    '',
    { onRequest, schema: { tags, summary: 'Minhas chaves PIX', response: { 200: pixKeyList } } },
    async (request, reply) =>
      reply.header('cache-control', 'no-store').send(await listed(pixKeys.list(viewerOf(request)))),
  );

  app.post(
    '',
    {
      onRequest,
      config,
      schema: {
        tags,
        summary: 'Adiciona uma chave PIX (a primeira, que vira a padrão, pede a senha ou o código)',
        body: addPixKeyInput,
        response: { 201: pixKey },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await pixKeys.add(viewerOf(request), request.body, authHeaders(request))),
  );

  app.put(
    '/:id/default',
    {
      onRequest,
      config,
      schema: {
        tags,
        summary: 'Torna a chave PIX padrão (confere a senha ou o código de duas etapas)',
        params,
        body,
        response: { 200: pixKeyList },
      },
    },
    async (request) =>
      listed(
        pixKeys.makeDefault(viewerOf(request), request.params.id, request.body ?? {}, authHeaders(request)),
      ),
  );

  app.delete(
    '/:id',
    {
      onRequest,
      config,
      schema: {
        tags,
        summary: 'Exclui uma chave PIX (a padrão, quando outra a substitui, pede a senha ou o código)',
        params,
        body,
        response: { 200: pixKeyList },
      },
    },
    async (request) =>
      listed(pixKeys.remove(viewerOf(request), request.params.id, request.body ?? {}, authHeaders(request))),
  );
};
