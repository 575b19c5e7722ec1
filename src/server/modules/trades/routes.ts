import { created, idParams as params } from '@shared/api';
import { tradeMessages as m } from '@shared/trade-messages';
import {
  cancelInput,
  confirmPaymentInput,
  confirmValueInput,
  decideDisputeInput,
  MAX_TRADE_PHOTOS,
  markDeliveredInput,
  openDisputeInput,
  recommendDecisionInput,
  releaseInput,
  revealedCredentials,
  startTradeInput,
  takeOverInput,
  tradeList,
  tradeListQuery,
  tradePhotoParams,
  tradePhotoQuery,
  tradeView,
} from '@shared/trades';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser, viewerOf } from '../../auth/guards';
import type { Viewer } from '../../auth/session';
import { rateLimits } from '../../http/rate-limits';
import { readPhotoForm } from '../media/form';
import type { UploadedPhoto } from '../media/photos';
import type { TradesService } from './service';

const tags = ['intermediação'];
/** Steps with nothing to say (confirm the delivery, take the trade). */
const emptyBody = z.object({}).optional();
/** How long a browser may keep a trade's photo (never a shared cache: it is private). */
const PHOTO_MAX_AGE_SECONDS = 24 * 60 * 60;

/**
 * The photos of a step sent as multipart/form-data (its text fields beside up to 4 files under 'photos'), kept
 * here by request: the body schema then checks the text fields exactly as it checks a JSON body.
 */
const photosOf = new WeakMap<FastifyRequest, UploadedPhoto[]>();
const readPhotos = async (request: FastifyRequest) => {
  if (!request.isMultipart()) return;
  const form = await readPhotoForm(request, { maxPhotos: MAX_TRADE_PHOTOS, tooMany: m.tooManyPhotos });
  request.body = form.values;
  photosOf.set(request, form.photos);
};
const photosFrom = (request: FastifyRequest) => photosOf.get(request) ?? [];

export const tradesRoutes: FastifyPluginAsyncZod<{ trades: TradesService }> = async (app, { trades }) => {
  const onRequest = requireUser(m.loginRequired);
  const config = { rateLimit: rateLimits.tradeStep };
  const photoStepConfig = { rateLimit: rateLimits.tradePhotoStep };
  /** Every step answers with the room as it is after the step. */
  /** `withPhotos`: the step also takes a multipart form with photos (JSON still works without them). */
  const step = <B>(
    path: string,
    summary: string,
    body: z.ZodType<B, unknown>,
    run: (viewer: Viewer, id: number, input: B, photos: UploadedPhoto[]) => Promise<unknown>,
    { withPhotos = false } = {},
  ) =>
    app.post(
      path,
      {
        onRequest,
        ...(withPhotos && { preValidation: readPhotos }),
        config: withPhotos ? photoStepConfig : config,
        schema: { tags, summary, params, body, response: { 200: tradeView } },
      },
      async (request) => {
        const viewer = viewerOf(request);
        await run(viewer, request.params.id, request.body as B, photosFrom(request));
        return trades.view(viewer, request.params.id);
      },
    );

  app.get(
    '',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Minhas intermediações',
        querystring: tradeListQuery,
        response: { 200: tradeList },
      },
    },
    async (request) => ({ trades: await trades.list(viewerOf(request), request.query.scope) }),
  );

  app.post(
    '',
    {
      onRequest,
      config: { rateLimit: rateLimits.tradeStart },
      schema: {
        tags,
        summary: 'Inicia uma intermediação',
        body: startTradeInput,
        response: { 200: created, 201: created },
      },
    },
    async (request, reply) => {
      const trade = await trades.start(viewerOf(request), request.body.listingId);
      return reply.status(trade.created ? 201 : 200).send({ id: trade.id });
    },
  );

  app.get(
    '/:id',
    {
      onRequest,
      schema: { tags, summary: 'A sala de uma intermediação', params, response: { 200: tradeView } },
    },
    async (request) => trades.view(viewerOf(request), request.params.id),
  );

  step('/:id/value', 'Vendedor confirma o valor', confirmValueInput, (v, id, b) =>
    trades.confirmValue(v, id, b.amount),
  );
  step('/:id/value/accept', 'Comprador aceita o valor proposto pelo vendedor', emptyBody, (v, id) =>
    trades.acceptValue(v, id),
  );
  step('/:id/value/decline', 'Comprador recusa o valor proposto (vale o combinado)', emptyBody, (v, id) =>
    trades.declineValue(v, id),
  );
  step('/:id/payment', 'Administrador confirma o pagamento', confirmPaymentInput, (v, id, b) =>
    trades.confirmPayment(v, id, b.endToEndId),
  );
  step(
    '/:id/delivery',
    'Vendedor marca a entrega (JSON, ou multipart com até 4 fotos de comprovante em "photos")',
    markDeliveredInput,
    (v, id, b, photos) => trades.markDelivered(v, id, b, photos),
    { withPhotos: true },
  );
  step('/:id/delivery/confirm', 'Comprador confirma a entrega', emptyBody, (v, id) =>
    trades.confirmDelivery(v, id),
  );
  step(
    '/:id/release',
    'Administrador paga o repasse devido (chave fixada na intermediação)',
    releaseInput,
    (v, id, b) => trades.release(v, id, b.endToEndId),
  );
  step('/:id/cancel', 'Cancela a intermediação', cancelInput, (v, id, b) => trades.cancel(v, id, b));
  step(
    '/:id/dispute',
    'Abre uma disputa (JSON, ou multipart com até 4 fotos de evidência em "photos")',
    openDisputeInput,
    (v, id, b, photos) => trades.openDispute(v, id, b.reason, photos),
    { withPhotos: true },
  );
  step(
    '/:id/dispute/photos',
    'Envia mais evidências à disputa aberta (multipart: fotos em "photos"; até 4 por parte)',
    emptyBody,
    (v, id, _b, photos) => trades.addEvidence(v, id, photos),
    { withPhotos: true },
  );
  step('/:id/dispute/decision', 'Decide a disputa', decideDisputeInput, (v, id, b) =>
    trades.decideDispute(v, id, b),
  );
  step(
    '/:id/dispute/recommendation',
    'Equipe recomenda uma decisão (um administrador confirma)',
    recommendDecisionInput,
    (v, id, b) => trades.recommendDecision(v, id, b),
  );
  step('/:id/take', 'Assume a intermediação', emptyBody, (v, id) => trades.take(v, id));
  step(
    '/:id/take-over',
    'Administrador assume a intermediação de outro membro da equipe',
    takeOverInput,
    (v, id, b) => trades.takeOver(v, id, b.reason),
  );

  app.get(
    '/:id/photos/:photoId',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Uma foto da intermediação em WebP (comprovante ou evidência), para quem vê a sala',
        params: tradePhotoParams,
        querystring: tradePhotoQuery,
      },
    },
    async (request, reply) => {
      const { id, photoId } = request.params;
      const file = await trades.photoFile(viewerOf(request), id, photoId, request.query.w);
      reply
        .type(file.contentType)
        .header('cache-control', `private, max-age=${PHOTO_MAX_AGE_SECONDS}`)
        .header('x-content-type-options', 'nosniff');
      if (file.size !== undefined) reply.header('content-length', file.size);
      return reply.send(file.body);
    },
  );

  app.post(
    '/:id/credentials',
    {
      onRequest,
      config,
      schema: {
        tags,
        summary: 'Mostra os dados de acesso entregues',
        params,
        body: emptyBody,
        response: { 200: revealedCredentials },
      },
    },
    async (request) => ({
      credentials: await trades.revealCredentials(viewerOf(request), request.params.id),
    }),
  );
};
