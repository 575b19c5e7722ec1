import { createHash } from 'node:crypto';
import { idParams } from '@shared/api';
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
  myListingsQuery,
  ownListing,
  savedListing,
} from '@shared/listings';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readViewer, requireUser, viewerOf } from '../../auth/guards';
import type { Db } from '../../db/client';
import { rateLimits } from '../../http/rate-limits';
import type { CommentsService } from './comments';
import { type ListingForm, readListingForm } from './form';
import { searchListings } from './search';
import type { ListingsService } from './service';

const tags = ['anúncios'];
/** The multipart form is read and its fields checked before the publish limit counts, as JSON bodies are. */
const readForm = async (request: FastifyRequest) => {
  request.body = await readListingForm(request);
};

export const listingsRoutes: FastifyPluginAsyncZod<{
  db: Db;
  listings: ListingsService;
  comments: CommentsService;
  /** Salts the hash that stands for a guest in the daily view count. */
  visitorSalt: string;
}> = async (app, { db, listings, comments, visitorSalt }) => {
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
      onRequest: requireUser(listingMessages.accessDenied),
      preValidation: readForm,
      config: { rateLimit: rateLimits.listingPublish },
      schema: {
        tags,
        summary: 'Publica um anúncio (multipart: campos + até 8 fotos em "photos")',
        consumes: ['multipart/form-data'],
        response: { 201: savedListing },
      },
    },
    async (request, reply) => {
      const form = request.body as ListingForm;
      return reply.status(201).send(await listings.publish(viewerOf(request), form.fields, form.photos));
    },
  );

  app.get(
    '/mine',
    {
      onRequest: requireUser(),
      schema: {
        tags,
        summary: 'Anúncios ativos de quem está logado',
        querystring: myListingsQuery,
        response: { 200: myListings },
      },
    },
    async (request) => listings.mine(viewerOf(request), request.query.limit),
  );

  app.get(
    '/:id',
    {
      onRequest: readViewer,
      schema: {
        tags,
        summary: 'Um anúncio ativo (conta uma visualização)',
        params: idParams,
        response: { 200: listingDetail },
      },
    },
    async (request) => {
      const detail = await listings.detail(request.params.id, request.viewer);
      const visitor =
        request.viewer?.userId ??
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
      onRequest: requireUser(),
      schema: {
        tags,
        summary: 'O anúncio do dono, para editar',
        params: idParams,
        response: { 200: ownListing },
      },
    },
    async (request) => listings.editView(viewerOf(request), request.params.id),
  );

  app.put(
    '/:id',
    {
      onRequest: requireUser(),
      config: { rateLimit: rateLimits.listingEdit },
      preValidation: readForm,
      schema: {
        tags,
        summary:
          'Edita o próprio anúncio (multipart: campos, photoOrder — ids mantidos e "new" na ordem — e novas fotos)',
        consumes: ['multipart/form-data'],
        params: idParams,
        response: { 200: savedListing },
      },
    },
    async (request) => {
      const form = request.body as ListingForm;
      return listings.update(viewerOf(request), request.params.id, form.fields, form.order, form.photos);
    },
  );

  app.delete(
    '/:id',
    {
      onRequest: requireUser(listingMessages.deleteAuth),
      config: { rateLimit: rateLimits.listingDelete },
      schema: {
        tags,
        summary: 'Exclui um anúncio (dono ou equipe)',
        params: idParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await listings.remove(viewerOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/:id/contact',
    {
      onRequest: requireUser(listingMessages.contactLoginRequired),
      schema: {
        tags,
        summary: 'WhatsApp do vendedor (só para quem está logado)',
        params: idParams,
        response: { 200: listingContact },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return listings.contact(request.params.id);
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
      onRequest: requireUser(listingMessages.commentLoginRequired),
      config: { rateLimit: rateLimits.listingComment },
      schema: {
        tags,
        summary: 'Comenta num anúncio',
        params: idParams,
        body: commentInput,
        response: { 201: listingComment },
      },
    },
    async (request, reply) => {
      const comment = await comments.post(viewerOf(request), request.params.id, request.body.body);
      return reply.status(201).send(comment);
    },
  );
};
