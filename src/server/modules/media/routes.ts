import { errorMessages } from '@shared/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors';
import { isValidKey, type Storage } from '../../storage';

const notFound = () => new AppError('NOT_FOUND', errorMessages.notFound);

/** Serves stored uploads. Keys are never rewritten (a new photo gets a new key), so caches keep them for good. */
export const mediaRoutes: FastifyPluginAsyncZod<{ storage: Storage }> = async (app, { storage }) => {
  app.get(
    '/*',
    {
      schema: {
        tags: ['mídia'],
        summary: 'Arquivo enviado (fotos dos anúncios em WebP)',
        params: z.object({ '*': z.string() }),
      },
    },
    async (request, reply) => {
      const key = request.params['*'];
      if (!isValidKey(key)) throw notFound();
      const file = await storage.get(key);
      if (!file) throw notFound();
      reply
        .type(file.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff');
      if (file.size !== undefined) reply.header('content-length', file.size);
      return reply.send(file.body);
    },
  );
};
