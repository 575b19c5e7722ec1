import { created, idParams } from '@shared/api';
import { offerMessages as m } from '@shared/offer-messages';
import {
  acceptedOffer,
  listingOffers,
  makeOfferInput,
  myOffers,
  myOffersQuery,
  offerParams as params,
} from '@shared/offers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser, viewerOf } from '../../auth/guards';
import { rateLimits } from '../../http/rate-limits';
import type { OffersService } from './service';

const tags = ['ofertas'];
const answerLimit = { rateLimit: rateLimits.offerAnswer };

/** Registered without a prefix: the routes live under /api/listings/:id/offers and /api/offers. */
export const offersRoutes: FastifyPluginAsyncZod<{ offers: OffersService }> = async (app, { offers }) => {
  app.post(
    '/api/listings/:id/offers',
    {
      onRequest: requireUser(m.loginRequired),
      config: { rateLimit: rateLimits.offerMake },
      schema: {
        tags,
        summary: 'Faz uma oferta num anúncio de outra pessoa',
        params: idParams,
        body: makeOfferInput,
        response: { 201: created },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await offers.make(viewerOf(request), request.params.id, request.body)),
  );

  app.get(
    '/api/listings/:id/offers',
    {
      onRequest: requireUser(),
      schema: {
        tags,
        summary: 'As 10 ofertas mais recentes de um anúncio (só o vendedor e a equipe)',
        params: idParams,
        response: { 200: listingOffers },
      },
    },
    async (request) => ({ offers: await offers.ofListing(viewerOf(request), request.params.id) }),
  );

  app.get(
    '/api/offers',
    {
      onRequest: requireUser(),
      schema: {
        tags,
        summary: 'Ofertas recebidas ou enviadas (as 50 mais recentes)',
        querystring: myOffersQuery,
        response: { 200: myOffers },
      },
    },
    async (request) => ({ offers: await offers.mine(viewerOf(request), request.query.box) }),
  );

  app.post(
    '/api/offers/:id/accept',
    {
      onRequest: requireUser(),
      config: answerLimit,
      schema: {
        tags,
        summary: 'O vendedor aceita a oferta: abre a intermediação (aceitar de novo responde a mesma)',
        params,
        response: { 200: acceptedOffer },
      },
    },
    async (request) => offers.accept(viewerOf(request), request.params.id),
  );

  app.post(
    '/api/offers/:id/reject',
    {
      onRequest: requireUser(),
      config: answerLimit,
      schema: { tags, summary: 'O vendedor recusa a oferta', params, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await offers.reject(viewerOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/offers/:id/withdraw',
    {
      onRequest: requireUser(),
      config: answerLimit,
      schema: { tags, summary: 'Quem fez a oferta a retira', params, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await offers.withdraw(viewerOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
