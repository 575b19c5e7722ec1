import { addPixKeyInput, MAX_PIX_KEYS, pixKeyParams as params, pixKey, pixKeyList } from '@shared/pix';
import { pixMessages as m } from '@shared/pix-messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser, viewerOf } from '../../auth/guards';
import type { PixKeysService } from './service';

const tags = ['pagamentos'];

export const pixKeysRoutes: FastifyPluginAsyncZod<{ pixKeys: PixKeysService }> = async (app, { pixKeys }) => {
  const onRequest = requireUser(m.loginRequired);
  const listed = async (keys: Promise<Awaited<ReturnType<PixKeysService['list']>>>) => ({
    keys: await keys,
    max: MAX_PIX_KEYS,
  });

  app.get(
    '',
    { onRequest, schema: { tags, summary: 'Minhas chaves PIX', response: { 200: pixKeyList } } },
    async (request) => listed(pixKeys.list(viewerOf(request))),
  );

  app.post(
    '',
    {
      onRequest,
      schema: { tags, summary: 'Adiciona uma chave PIX', body: addPixKeyInput, response: { 201: pixKey } },
    },
    async (request, reply) => reply.status(201).send(await pixKeys.add(viewerOf(request), request.body)),
  );

  app.put(
    '/:id/default',
    {
      onRequest,
      schema: { tags, summary: 'Torna a chave PIX padrão', params, response: { 200: pixKeyList } },
    },
    async (request) => listed(pixKeys.makeDefault(viewerOf(request), request.params.id)),
  );

  app.delete(
    '/:id',
    { onRequest, schema: { tags, summary: 'Exclui uma chave PIX', params, response: { 200: pixKeyList } } },
    async (request) => listed(pixKeys.remove(viewerOf(request), request.params.id)),
  );
};
