import { idParams as params } from '@shared/api';
import {
  chatImageParams,
  chatImageQuery,
  chatPage,
  chatPageQuery,
  chatRead,
  chatSent,
  MAX_CHAT_IMAGES,
  markChatReadInput,
  sendChatInput,
} from '@shared/trade-chat';
import { tradeChatMessages as m } from '@shared/trade-chat-messages';
import { tradeMessages } from '@shared/trade-messages';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser, viewerOf } from '../../auth/guards';
import { rateLimits } from '../../http/rate-limits';
import { readPhotoForm } from '../media/form';
import type { UploadedPhoto } from '../media/photos';
import type { TradeChatService } from './service';

const tags = ['intermediação'];
/** How long a browser may keep a chat image (never a shared cache: it is private). */
const IMAGE_MAX_AGE_SECONDS = 24 * 60 * 60;

/** A message with an image comes as multipart/form-data: `body` beside one file under 'photos'. */
const imagesOf = new WeakMap<FastifyRequest, UploadedPhoto[]>();
const readImage = async (request: FastifyRequest) => {
  if (!request.isMultipart()) return;
  const form = await readPhotoForm(request, { maxPhotos: MAX_CHAT_IMAGES, tooMany: m.tooManyImages });
  request.body = form.values;
  imagesOf.set(request, form.photos);
};

/** `/api/trades/:id/chat`: the trade's chat (docs/decisions/013-trade-chat.md). */
export const tradeChatRoutes: FastifyPluginAsyncZod<{ chat: TradeChatService }> = async (app, { chat }) => {
  const onRequest = requireUser(tradeMessages.loginRequired);

  app.get(
    '/:id/chat',
    {
      onRequest,
      schema: {
        tags,
        summary: 'O chat da intermediação: as mensagens mais recentes (ou uma página anterior) com as etapas',
        params,
        querystring: chatPageQuery,
        response: { 200: chatPage },
      },
    },
    async (request) => chat.page(viewerOf(request), request.params.id, request.query),
  );

  app.post(
    '/:id/chat',
    {
      onRequest,
      preValidation: readImage,
      config: {
        rateLimit: rateLimits.tradeChat,
      },
      schema: {
        tags,
        summary: 'Envia uma mensagem no chat (JSON, ou multipart com uma imagem em "photos")',
        params,
        body: sendChatInput,
        response: { 201: chatSent },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await chat.send(
            viewerOf(request),
            request.params.id,
            request.body.body,
            imagesOf.get(request) ?? [],
          ),
        ),
  );

  app.put(
    '/:id/chat/read',
    {
      onRequest,
      config: { rateLimit: rateLimits.tradeChatRead },
      schema: {
        tags,
        summary: 'Marca o chat como lido até uma mensagem',
        params,
        body: markChatReadInput,
        response: { 200: chatRead },
      },
    },
    async (request) => chat.markRead(viewerOf(request), request.params.id, request.body.lastReadId),
  );

  app.get(
    '/:id/chat/:messageId/image',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Uma imagem do chat em WebP, para quem vê a sala',
        params: chatImageParams,
        querystring: chatImageQuery,
      },
    },
    async (request, reply) => {
      const { id, messageId } = request.params;
      const file = await chat.imageFile(viewerOf(request), id, messageId, request.query.w);
      reply
        .type(file.contentType)
        .header('cache-control', `private, max-age=${IMAGE_MAX_AGE_SECONDS}`)
        .header('x-content-type-options', 'nosniff');
      if (file.size !== undefined) reply.header('content-length', file.size);
      return reply.send(file.body);
    },
  );
};
