import { gameResponse, gameSlugParams, gamesResponse } from '@shared/games';
import { listingMessages } from '@shared/listing-messages';
import { and, asc, count, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { games, listings } from '../../db/schema';
import { AppError } from '../../errors';
import { suspendedInSql } from '../accounts/standing';
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
      // Active listings per game, less those of shops a suspension closes (decision 023): the second query reads
      // only the few suspended sellers' listings, where an anti-join would check every listing of the catalogue.
      const [rows, closed] = await Promise.all([
        db
          .select({ id: games.id, name: games.name, slug: games.slug, activeListings: count(listings.id) })
          .from(games)
          .leftJoin(listings, and(eq(listings.gameId, games.id), eq(listings.status, 'active')))
          .groupBy(games.id)
          .orderBy(asc(games.sortOrder), asc(games.name)),
        db
          .select({ gameId: listings.gameId, n: count() })
          .from(listings)
          .where(and(eq(listings.status, 'active'), suspendedInSql(listings.sellerId, new Date())))
          .groupBy(listings.gameId),
      ]);
      const closedIn = new Map(closed.map((row) => [row.gameId, row.n]));
      return {
        games: rows.map((row) => ({
          ...row,
          activeListings: row.activeListings - (closedIn.get(row.id) ?? 0),
        })),
      };
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
