import { gamesResponse } from '@shared/games';
import { asc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { games } from '../../db/schema';

export const gamesRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '',
    { schema: { tags: ['jogos'], summary: 'Jogos em ordem de exibição', response: { 200: gamesResponse } } },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      const rows = await db
        .select({ id: games.id, name: games.name, slug: games.slug })
        .from(games)
        .orderBy(asc(games.sortOrder), asc(games.name));
      return { games: rows };
    },
  );
};
