import { memberPage, memberSearchPage, membersQuery } from '@shared/members';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireStaff, viewerOf } from '../../auth/guards';
import type { MembersService } from './members';

const tags = ['membros'];

/** Members, for staff (/api/staff, moderators and admins; issue 22): the search and a member's page. */
export const staffMemberRoutes: FastifyPluginAsyncZod<{ members: MembersService }> = async (
  app,
  { members },
) => {
  app.get(
    '/members',
    {
      onRequest: requireStaff(),
      schema: {
        tags,
        summary: 'Busca membros por apelido, nome, e-mail, id, telefone ou chave PIX',
        querystring: membersQuery,
        response: { 200: memberSearchPage },
      },
    },
    async (request) => members.search(viewerOf(request), request.query),
  );

  app.get(
    '/members/:id',
    {
      onRequest: requireStaff(),
      schema: {
        tags,
        summary: 'A página de um membro para a equipe',
        params: z.object({ id: z.string().min(1).max(100) }),
        response: { 200: memberPage },
      },
    },
    async (request) => members.page(viewerOf(request), request.params.id),
  );
};
