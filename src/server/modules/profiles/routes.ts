import { profileParams, publicProfile } from '@shared/community';
import { errorMessages } from '@shared/errors';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { profiles } from '../../db/schema';
import { AppError } from '../../errors';

/** The public face of a user: the username only (part 2 §7, get_public_profile_info). */
export const profilesRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/:id',
    {
      schema: {
        tags: ['perfis'],
        summary: 'Nome público de um usuário',
        params: profileParams,
        response: { 200: publicProfile },
      },
    },
    async (request) => {
      const [profile] = await db
        .select({ id: profiles.id, username: profiles.username })
        .from(profiles)
        .where(eq(profiles.id, request.params.id));
      if (!profile) throw new AppError('NOT_FOUND', errorMessages.notFound);
      return profile;
    },
  );
};
