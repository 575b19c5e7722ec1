import { created, idParams } from '@shared/api';
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
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readViewer, requireUser, viewerOf } from '../../auth/guards';
import { rateLimits } from '../../http/rate-limits';
import type { ReportsService } from '../reports/service';
import type { PostCommentsService } from './comments';
import type { LikesService } from './likes';
import type { PostsService } from './posts';

const tags = ['comunidade'];

export const communityRoutes: FastifyPluginAsyncZod<{
  posts: PostsService;
  likes: LikesService;
  comments: PostCommentsService;
  reports: ReportsService;
}> = async (app, { posts, likes, comments, reports }) => {
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
      onRequest: requireUser(m.postLoginRequired),
      config: { rateLimit: rateLimits.communityPost },
      schema: { tags, summary: 'Publica um post', body: postInput, response: { 201: created } },
    },
    async (request, reply) => reply.status(201).send(await posts.create(viewerOf(request), request.body)),
  );

  app.get(
    '/posts/:id',
    {
      onRequest: readViewer,
      schema: { tags, summary: 'Um post', params: idParams, response: { 200: postDetail } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return posts.detail(request.viewer, request.params.id);
    },
  );

  app.put(
    '/posts/:id',
    {
      onRequest: requireUser(m.postLoginRequired),
      config: { rateLimit: rateLimits.communityPostEdit },
      schema: {
        tags,
        summary: 'Edita o próprio post',
        params: idParams,
        body: postInput,
        response: { 200: created },
      },
    },
    async (request) => posts.update(viewerOf(request), request.params.id, request.body),
  );

  app.delete(
    '/posts/:id',
    {
      onRequest: requireUser(m.postLoginRequired),
      config: { rateLimit: rateLimits.communityDelete },
      schema: {
        tags,
        summary: 'Exclui um post (autor ou equipe)',
        params: idParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await posts.remove(viewerOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/posts/:id/like',
    {
      onRequest: requireUser(m.likeLoginRequired),
      config: { rateLimit: rateLimits.communityLike },
      schema: { tags, summary: 'Curte um post', params: idParams, response: { 200: likeState } },
    },
    async (request) => likes.like(viewerOf(request), request.params.id),
  );

  app.delete(
    '/posts/:id/like',
    {
      onRequest: requireUser(m.likeLoginRequired),
      config: { rateLimit: rateLimits.communityLike },
      schema: { tags, summary: 'Descurte um post', params: idParams, response: { 200: likeState } },
    },
    async (request) => likes.unlike(viewerOf(request), request.params.id),
  );

  app.get(
    '/posts/:id/comments',
    {
      onRequest: readViewer,
      schema: { tags, summary: 'Comentários de um post', params: idParams, response: { 200: postComments } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { comments: await comments.list(request.viewer, request.params.id) };
    },
  );

  app.post(
    '/posts/:id/comments',
    {
      onRequest: requireUser(m.commentLoginRequired),
      config: { rateLimit: rateLimits.communityComment },
      schema: {
        tags,
        summary: 'Comenta num post',
        params: idParams,
        body: postCommentInput,
        response: { 201: postComment },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await comments.add(viewerOf(request), request.params.id, request.body.content)),
  );

  app.delete(
    '/comments/:id',
    {
      onRequest: requireUser(m.commentLoginRequired),
      config: { rateLimit: rateLimits.communityDelete },
      schema: {
        tags,
        summary: 'Exclui um comentário (autor ou equipe)',
        params: idParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await comments.remove(viewerOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/posts/:id/reports',
    {
      onRequest: requireUser(m.reportLoginRequired),
      config: { rateLimit: rateLimits.postReport },
      schema: {
        tags,
        summary: 'Denuncia um post',
        params: idParams,
        body: reportInput,
        response: { 201: created },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await reports.reportPost(viewerOf(request), request.params.id, request.body)),
  );
};
