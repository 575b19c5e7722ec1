import { discordInvite } from '@shared/discord';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The official Discord server's invite, from DISCORD_INVITE_URL; null when the operator set none. */
export const discordRoutes: FastifyPluginAsyncZod<{ inviteUrl: string | null }> = async (
  app,
  { inviteUrl },
) => {
  app.get(
    '',
    {
      schema: {
        tags: ['comunidade'],
        summary: 'Convite do servidor oficial no Discord',
        response: { 200: discordInvite },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return { inviteUrl };
    },
  );
};
