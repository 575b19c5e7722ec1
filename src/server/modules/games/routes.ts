import { gameResponse, gameSlugParams, gamesResponse } from '@shared/games';
import { listingMessages } from '@shared/listing-messages';
import { and, asc, count, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { games, listings } from '../../db/schema';
import { AppError } from '../../errors';
import { publicListing } from '../listings/open-shop';
import { findGameBySlug } from './find';

export const gamesRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '',
    {
      schema: {
        tags: ['jogos'],
        summary: 'Jogos em ordem de exibição, com o número de anúncios ativos',
        response: { 200: gamesResponse },
      },
    },
    async () => {
      const rows = await db
        .select({ id: games.id, name: games.name, slug: games.slug, activeListings: count(listings.id) })
        .from(games)
        .leftJoin(listings, and(eq(listings.gameId, games.id), publicListing))
        .groupBy(games.id)
        .orderBy(asc(games.sortOrder), asc(games.name));
      return { games: rows };
    },
  );

  app.get(
    '/:slug',
    {
      schema: {
        tags: ['jogos'],
        summary: 'Um jogo pelo slug ou por um apelido (freefire → free-fire)',
        params: gameSlugParams,
        response: { 200: gameResponse },
      },
    },
    async (request) => {
      const game = await findGameBySlug(db, request.params.slug);
      if (!game) throw new AppError('NOT_FOUND', listingMessages.categoryNotFound);
      return { game };
    },
  );
};
