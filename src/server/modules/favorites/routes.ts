import { favoriteIds } from '@shared/listings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SessionReader } from '../../auth/session';
import type { FavoritesService } from './service';

const params = z.object({ listingId: z.coerce.number().int().positive().max(2_147_483_647) });
const tags = ['favoritos'];

export const favoritesRoutes: FastifyPluginAsyncZod<{
  favorites: FavoritesService;
  session: SessionReader;
}> = async (app, { favorites, session }) => {
  app.get(
    '',
    { schema: { tags, summary: 'Ids dos anúncios favoritados', response: { 200: favoriteIds } } },
    async (request) => ({ listingIds: await favorites.ids(await session.optional(request)) }),
  );

  app.put(
    '/:listingId',
    { schema: { tags, summary: 'Favorita um anúncio', params, response: { 204: z.null() } } },
    async (request, reply) => {
      await favorites.add(await session.optional(request), request.params.listingId);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/:listingId',
    { schema: { tags, summary: 'Desfavorita um anúncio', params, response: { 204: z.null() } } },
    async (request, reply) => {
      await favorites.remove(await session.optional(request), request.params.listingId);
      return reply.status(204).send(null);
    },
  );
};
