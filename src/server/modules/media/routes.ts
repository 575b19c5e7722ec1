import { errorMessages } from '@shared/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors';
import { isValidKey, type Storage } from '../../storage';

const notFound = () => new AppError('NOT_FOUND', errorMessages.notFound);

/**
 * The folders `/media` serves, to anyone: listing photos, group pictures and avatars. Everything else in the store is
 * private (a trade's photos under 'trades/', served by the trades' own route to who may see the trade), and a
 * folder added later stays private until it is named here.
 */
const publicFolders = ['listings/', 'groups/', 'avatars/', 'banners/'];
const isPublicKey = (key: string) => publicFolders.some((folder) => key.startsWith(folder));

/** Serves the public uploads. Keys are never rewritten (a new photo gets a new key), so caches keep them for good. */
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
      if (!isValidKey(key) || !isPublicKey(key)) throw notFound();
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
