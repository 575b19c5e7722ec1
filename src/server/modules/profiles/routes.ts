import { profileParams, publicProfile } from '@shared/community';
import { errorMessages } from '@shared/errors';
import { canSeeProfileDetails } from '@shared/permissions';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readViewer } from '../../auth/guards';
import type { Db } from '../../db/client';
import { profiles } from '../../db/schema';
import { AppError } from '../../errors';
import { readUserSettings } from '../settings/preferences';

/** The public face of a user (part 2 §7, get_public_profile_info); a private profile shows its name and picture only. */
export const profilesRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/:id',
    {
      onRequest: readViewer,
      schema: {
        tags: ['perfis'],
        summary: 'Perfil público de um usuário',
        params: profileParams,
        response: { 200: publicProfile },
      },
    },
    async (request, reply) => {
      const [profile] = await db.select().from(profiles).where(eq(profiles.id, request.params.id));
      if (!profile) throw new AppError('NOT_FOUND', errorMessages.notFound);
      const isPublic = canSeeProfileDetails(request.viewer, {
        id: profile.id,
        profilePublic: (await readUserSettings(db, profile.id)).privacy.profilePublic,
      });
      // The answer depends on who asks and on a switch the owner may turn at any time.
      reply.header('cache-control', 'private, no-store');
      return {
        id: profile.id,
        username: profile.username,
        avatarUrl: profile.avatarUrl,
        details: isPublic ? { fullName: profile.fullName, bio: profile.bio } : null,
      };
    },
  );
};
