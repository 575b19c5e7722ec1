import { createHash } from 'node:crypto';
import { listingMessages } from '@shared/listing-messages';
import {
  commentInput,
  listingComment,
  listingComments,
  listingContact,
  listingDetail,
  listingPage,
  listingSearchQuery,
  myListings,
  ownListing,
} from '@shared/listings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SessionReader } from '../../auth/session';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { CommentsService } from './comments';
import { readListingForm } from './form';
import { searchListings } from './search';
import type { ListingsService } from './service';

const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const saved = z.object({ id: z.number().int(), gameSlug: z.string() });
const tags = ['anúncios'];

export const listingsRoutes: FastifyPluginAsyncZod<{
  db: Db;
  listings: ListingsService;
  comments: CommentsService;
  session: SessionReader;
  /** Salts the hash that stands for a guest in the daily view count. */
  visitorSalt: string;
}> = async (app, { db, listings, comments, session, visitorSalt }) => {
  app.get(
    '',
    {
      schema: {
        tags,
        summary: 'Busca anúncios ativos (texto, jogo, tipo, preço, ordem, página)',
        querystring: listingSearchQuery,
        response: { 200: listingPage },
      },
    },
    async (request) => searchListings(db, request.query),
  );

  app.post(
    '',
    {
      schema: {
        tags,
        summary: 'Publica um anúncio (multipart: campos + até 8 fotos em "photos")',
        consumes: ['multipart/form-data'],
        response: { 201: saved },
      },
    },
    async (request, reply) => {
      const viewer = await session.optional(request);
      if (!viewer) throw new AppError('UNAUTHENTICATED', listingMessages.accessDenied);
      const form = await readListingForm(request);
      return reply.status(201).send(await listings.publish(viewer, form.fields, form.photos));
    },
  );

  app.get(
    '/mine',
    {
      schema: {
        tags,
        summary: 'Anúncios ativos de quem está logado',
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(100).optional() }),
        response: { 200: myListings },
      },
    },
    async (request) => listings.mine(await session.user(request), request.query.limit),
  );

  app.get(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Um anúncio ativo (conta uma visualização)',
        params: idParams,
        response: { 200: listingDetail },
      },
    },
    async (request) => {
      const detail = await listings.detail(request.params.id);
      const viewer = await session.optional(request);
      const visitor =
        viewer?.userId ??
        createHash('sha256')
          .update(`${visitorSalt}|${request.ip}|${request.headers['user-agent'] ?? ''}`)
          .digest('base64url');
      await listings.countView(detail.id, visitor);
      return detail;
    },
  );

  app.get(
    '/:id/edit',
    {
      schema: {
        tags,
        summary: 'O anúncio do dono, para editar',
        params: idParams,
        response: { 200: ownListing },
      },
    },
    async (request) => listings.editView(await session.user(request), request.params.id),
  );

  app.put(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Edita o próprio anúncio (multipart: campos, keepImageIds e novas fotos)',
        consumes: ['multipart/form-data'],
        params: idParams,
        response: { 200: saved },
      },
    },
    async (request) => {
      const viewer = await session.user(request);
      const form = await readListingForm(request);
      return listings.update(viewer, request.params.id, form.fields, form.keepImageIds, form.photos);
    },
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Exclui um anúncio (dono ou equipe)',
        params: idParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await listings.remove(await session.optional(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/:id/contact',
    {
      schema: {
        tags,
        summary: 'WhatsApp do vendedor (só para quem está logado)',
        params: idParams,
        response: { 200: listingContact },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return listings.contact(await session.optional(request), request.params.id);
    },
  );

  app.get(
    '/:id/comments',
    {
      schema: {
        tags,
        summary: 'Perguntas e comentários',
        params: idParams,
        response: { 200: listingComments },
      },
    },
    async (request) => ({ comments: await comments.list(request.params.id) }),
  );

  app.post(
    '/:id/comments',
    {
      schema: {
        tags,
        summary: 'Comenta num anúncio',
        params: idParams,
        body: commentInput,
        response: { 201: listingComment },
      },
    },
    async (request, reply) => {
      const comment = await comments.post(
        await session.optional(request),
        request.params.id,
        request.body.body,
      );
      return reply.status(201).send(comment);
    },
  );
};
