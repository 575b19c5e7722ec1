import { created, idParams as params } from '@shared/api';
import { FEE_RATE_BPS } from '@shared/fees';
import { feeRateBpsFor, requirementsOf } from '@shared/reputation';
import { reviewMessages as m } from '@shared/review-messages';
import {
  answerInput,
  myReputation,
  reviewInput,
  reviewPage,
  reviewPageQuery,
  tradeReviews,
} from '@shared/reviews';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser, viewerOf } from '../../auth/guards';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { rateLimits } from '../../http/rate-limits';
import type { ReviewsService } from './service';
import { readReputation } from './stats';

const tags = ['avaliações'];
const ok = z.object({ ok: z.literal(true) });

/** Reviews of trades and the signed-in member's seals (issue 12); the seller's page is profiles/seller-routes.ts. */
export const reviewsRoutes: FastifyPluginAsyncZod<{
  db: Db;
  reviews: ReviewsService;
  now: () => Date;
}> = async (app, { db, reviews, now }) => {
  const onRequest = requireUser(m.loginRequired);
  const config = { rateLimit: rateLimits.reviewWrite };

  app.get(
    '/trades/:id/reviews',
    {
      onRequest,
      schema: {
        tags,
        summary: 'As avaliações de uma intermediação',
        params,
        response: { 200: tradeReviews },
      },
    },
    async (request) => reviews.forTrade(viewerOf(request), request.params.id),
  );

  app.post(
    '/trades/:id/review',
    {
      onRequest,
      config,
      schema: {
        tags,
        summary: 'Avalia a outra parte de uma intermediação concluída',
        params,
        body: reviewInput,
        response: { 201: created },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ id: await reviews.write(viewerOf(request), request.params.id, request.body) }),
  );

  app.put(
    '/trades/:id/review',
    {
      onRequest,
      config,
      schema: {
        tags,
        summary: 'Edita a minha avaliação (até 7 dias, antes da outra parte avaliar)',
        params,
        body: reviewInput,
        response: { 200: ok },
      },
    },
    async (request) => {
      await reviews.edit(viewerOf(request), request.params.id, request.body);
      return { ok: true as const };
    },
  );

  app.post(
    '/reviews/:id/answer',
    {
      onRequest,
      config,
      schema: {
        tags,
        summary: 'Responde publicamente a uma avaliação recebida',
        params,
        body: answerInput,
        response: { 200: ok },
      },
    },
    async (request) => {
      await reviews.answer(viewerOf(request), request.params.id, request.body.answer);
      return { ok: true as const };
    },
  );

  app.get(
    '/listings/:id/reviews',
    {
      schema: {
        tags,
        summary: 'Avaliações publicadas das negociações de um anúncio',
        params,
        querystring: reviewPageQuery.pick({ page: true }),
        response: { 200: reviewPage },
      },
    },
    async (request) => reviews.forListing(request.params.id, request.query.page),
  );

  app.get(
    '/reputation/me',
    {
      onRequest,
      schema: { tags, summary: 'Meus selos, nível e progresso', response: { 200: myReputation } },
    },
    async (request) => {
      const reputation = await readReputation(db, viewerOf(request).userId, now());
      if (!reputation) throw new AppError('NOT_FOUND', m.userNotFound);
      const f = reputation.figures;
      return {
        seals: reputation.seals,
        level: reputation.level,
        requirements: {
          verificado: requirementsOf.verificado(f),
          autorizado: requirementsOf.autorizado(f),
          bronze: requirementsOf.bronze(f),
          prata: requirementsOf.prata(f),
          ouro: requirementsOf.ouro(f),
        },
        feeRateBps: feeRateBpsFor(FEE_RATE_BPS, reputation.seals),
      };
    },
  );
};
