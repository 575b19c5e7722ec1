import {
  likeState,
  postComment,
  postCommentInput,
  postComments,
  postDetail,
  postInput,
  postPage,
  postQuery,
} from '@shared/community';
import { communityMessages as m } from '@shared/community-messages';
import { reportInput } from '@shared/reports';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RateLimiter } from '../../auth/rate-limit';
import type { SessionReader } from '../../auth/session';
import { AppError } from '../../errors';
import type { ReportsService } from '../reports/service';
import type { PostCommentsService } from './comments';
import type { LikesService } from './likes';
import type { PostsService } from './posts';

const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const created = z.object({ id: z.number().int() });
const tags = ['comunidade'];
/** Per user and rate-limit window: enough for an eager member, too few for a spam script. */
const MAX_POSTS = 10;
const MAX_COMMENTS = 60;

export const communityRoutes: FastifyPluginAsyncZod<{
  posts: PostsService;
  likes: LikesService;
  comments: PostCommentsService;
  reports: ReportsService;
  session: SessionReader;
  limit: RateLimiter;
}> = async (app, { posts, likes, comments, reports, session, limit }) => {
  /** A guest learns they must sign in before being told what is wrong with what they typed. */
  const requireViewer = (message: string) => async (request: FastifyRequest) => {
    if (!(await session.optional(request))) throw new AppError('UNAUTHENTICATED', message);
  };

  app.get(
    '/posts',
    {
      schema: {
        tags,
        summary: 'Posts do fórum, mais novos primeiro (categoria, busca, página)',
        querystring: postQuery,
        response: { 200: postPage },
      },
    },
    async (request) => posts.list(request.query),
  );

  app.post(
    '/posts',
    {
      preValidation: requireViewer(m.postLoginRequired),
      schema: { tags, summary: 'Publica um post', body: postInput, response: { 201: created } },
    },
    async (request, reply) => {
      const viewer = await session.user(request);
      await limit([{ key: `community-post:${viewer.userId}`, max: MAX_POSTS }]);
      return reply.status(201).send(await posts.create(viewer, request.body));
    },
  );

  app.get(
    '/posts/:id',
    { schema: { tags, summary: 'Um post', params: idParams, response: { 200: postDetail } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return posts.detail(await session.optional(request), request.params.id);
    },
  );

  app.put(
    '/posts/:id',
    {
      preValidation: requireViewer(m.postLoginRequired),
      schema: {
        tags,
        summary: 'Edita o próprio post',
        params: idParams,
        body: postInput,
        response: { 200: created },
      },
    },
    async (request) => posts.update(await session.user(request), request.params.id, request.body),
  );

  app.delete(
    '/posts/:id',
    {
      schema: {
        tags,
        summary: 'Exclui um post (autor ou equipe)',
        params: idParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await posts.remove(await session.optional(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/posts/:id/like',
    { schema: { tags, summary: 'Curte um post', params: idParams, response: { 200: likeState } } },
    async (request) => likes.like(await session.optional(request), request.params.id),
  );

  app.delete(
    '/posts/:id/like',
    { schema: { tags, summary: 'Descurte um post', params: idParams, response: { 200: likeState } } },
    async (request) => likes.unlike(await session.optional(request), request.params.id),
  );

  app.get(
    '/posts/:id/comments',
    {
      schema: { tags, summary: 'Comentários de um post', params: idParams, response: { 200: postComments } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { comments: await comments.list(await session.optional(request), request.params.id) };
    },
  );

  app.post(
    '/posts/:id/comments',
    {
      preValidation: requireViewer(m.commentLoginRequired),
      schema: {
        tags,
        summary: 'Comenta num post',
        params: idParams,
        body: postCommentInput,
        response: { 201: postComment },
      },
    },
    async (request, reply) => {
      const viewer = await session.user(request);
      await limit([{ key: `community-comment:${viewer.userId}`, max: MAX_COMMENTS }]);
      return reply.status(201).send(await comments.add(viewer, request.params.id, request.body.content));
    },
  );

  app.delete(
    '/comments/:id',
    {
      schema: {
        tags,
        summary: 'Exclui um comentário (autor ou equipe)',
        params: idParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await comments.remove(await session.optional(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/posts/:id/reports',
    {
      preValidation: requireViewer(m.reportLoginRequired),
      schema: {
        tags,
        summary: 'Denuncia um post',
        params: idParams,
        body: reportInput,
        response: { 201: created },
      },
    },
    async (request, reply) => {
      const viewer = await session.optional(request);
      return reply.status(201).send(await reports.reportPost(viewer, request.params.id, request.body));
    },
  );
};
