import { listingMessages as m } from '@shared/listing-messages';
import { favoriteIds, favoriteParams as params } from '@shared/listings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser, viewerOf } from '../../auth/guards';
import { rateLimits } from '../../http/rate-limits';
import type { FavoritesService } from './service';

const tags = ['favoritos'];

export const favoritesRoutes: FastifyPluginAsyncZod<{ favorites: FavoritesService }> = async (
  app,
  { favorites },
) => {
  const onRequest = requireUser(m.favoriteLoginRequired);

  app.get(
    '',
    { onRequest, schema: { tags, summary: 'Ids dos anúncios favoritados', response: { 200: favoriteIds } } },
    async (request) => ({ listingIds: await favorites.ids(viewerOf(request)) }),
  );

  app.put(
    '/:listingId',
    {
      onRequest,
      config: { rateLimit: rateLimits.favorite },
      schema: { tags, summary: 'Favorita um anúncio', params, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await favorites.add(viewerOf(request), request.params.listingId);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/:listingId',
    {
      onRequest,
      config: { rateLimit: rateLimits.favorite },
      schema: { tags, summary: 'Desfavorita um anúncio', params, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await favorites.remove(viewerOf(request), request.params.listingId);
      return reply.status(204).send(null);
    },
  );
};
