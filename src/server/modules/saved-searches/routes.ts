import {
  savedSearchMessages as m,
  savedSearchParams as params,
  savedSearch,
  savedSearchChange,
  savedSearchCreate,
  savedSearchList,
} from '@shared/saved-searches';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser, viewerOf } from '../../auth/guards';
import { rateLimits } from '../../http/rate-limits';
import type { SavedSearchesService } from './service';

const tags = ['alertas'];

/** A member's saved searches ('Me avise'): owner only, every route signed in. */
export const savedSearchesRoutes: FastifyPluginAsyncZod<{ savedSearches: SavedSearchesService }> = async (
  app,
  { savedSearches },
) => {
  const onRequest = requireUser(m.loginRequired);

  app.get(
    '',
    {
      onRequest,
      schema: { tags, summary: 'Meus alertas (buscas salvas)', response: { 200: savedSearchList } },
    },
    async (request) => savedSearches.list(viewerOf(request)),
  );

  app.post(
    '',
    {
      onRequest,
      config: { rateLimit: rateLimits.savedSearchWrite },
      schema: {
        tags,
        summary: 'Salva os filtros do marketplace como um alerta',
        body: savedSearchCreate,
        response: { 201: savedSearch },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await savedSearches.create(viewerOf(request), request.body)),
  );

  app.patch(
    '/:id',
    {
      onRequest,
      config: { rateLimit: rateLimits.savedSearchWrite },
      schema: {
        tags,
        summary: 'Renomeia, pausa ou retoma um alerta, ou liga e desliga o e-mail dele',
        params,
        body: savedSearchChange,
        response: { 200: savedSearch },
      },
    },
    async (request) => savedSearches.change(viewerOf(request), request.params.id, request.body),
  );

  app.delete(
    '/:id',
    {
      onRequest,
      config: { rateLimit: rateLimits.savedSearchWrite },
      schema: { tags, summary: 'Apaga um alerta', params, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await savedSearches.remove(viewerOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
