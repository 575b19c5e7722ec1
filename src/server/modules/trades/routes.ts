import { created, idParams as params } from '@shared/api';
import { type TradeActionMap, type TradeActionRoute, tradeActionMap } from '@shared/trade-action-map';
import { tradeMessages as m } from '@shared/trade-messages';
import {
  MAX_TRADE_PHOTOS,
  revealedCredentials,
  startTradeInput,
  type TradeAction,
  tradeList,
  tradeListQuery,
  tradePhotoParams,
  tradePhotoQuery,
  tradeView,
} from '@shared/trades';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { requireUser, viewerOf } from '../../auth/guards';
import type { Viewer } from '../../auth/session';
import { rateLimits } from '../../http/rate-limits';
import { readPhotoForm } from '../media/form';
import type { UploadedPhoto } from '../media/photos';
import type { TradesService } from './service';
import type { TradeRow } from './transitions';

const tags = ['intermediação'];
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

/** The actions whose route answers the room (the credentials' route answers the credentials). */
type StepAction = Exclude<TradeAction, 'reveal_credentials'>;
type StepRun<A extends StepAction = StepAction> = (
  viewer: Viewer,
  id: number,
  input: z.output<TradeActionMap[A]['input']>,
  photos: UploadedPhoto[],
) => Promise<TradeRow | undefined>;

export const tradesRoutes: FastifyPluginAsyncZod<{ trades: TradesService }> = async (app, { trades }) => {
  const onRequest = requireUser(m.loginRequired);
  const config = { rateLimit: rateLimits.tradeStep };
  const photoStepConfig = { rateLimit: rateLimits.tradePhotoStep };
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

  /** What each room action does, and the route's summary; its path and input come from the shared map. */
  const steps: { [A in StepAction]: [string, StepRun<A>] } = {
    confirm_value: ['Vendedor confirma o valor', (v, id, b) => trades.confirmValue(v, id, b.amount)],
    accept_value: ['Comprador aceita o valor proposto pelo vendedor', (v, id) => trades.acceptValue(v, id)],
    decline_value: [
      'Comprador recusa o valor proposto (vale o combinado)',
      (v, id) => trades.declineValue(v, id),
    ],
    confirm_payment: [
      'Administrador confirma o pagamento',
      (v, id, b) => trades.confirmPayment(v, id, b.endToEndId),
    ],
    mark_delivered: [
      'Vendedor marca a entrega (JSON, ou multipart com até 4 fotos de comprovante em "photos")',
      (v, id, b, photos) => trades.markDelivered(v, id, b, photos),
    ],
    confirm_delivery: ['Comprador confirma a entrega', (v, id) => trades.confirmDelivery(v, id)],
    release: [
      'Administrador paga o repasse devido (chave fixada na intermediação)',
      (v, id, b) => trades.release(v, id, b.endToEndId),
    ],
    cancel: ['Cancela a intermediação', (v, id, b) => trades.cancel(v, id, b)],
    open_dispute: [
      'Abre uma disputa (JSON, ou multipart com até 4 fotos de evidência em "photos")',
      (v, id, b, photos) => trades.openDispute(v, id, b.reason, photos),
    ],
    add_evidence: [
      'Envia mais evidências à disputa aberta (multipart: fotos em "photos"; até 4 por parte)',
      (v, id, _b, photos) => trades.addEvidence(v, id, photos),
    ],
    decide_dispute: ['Decide a disputa', (v, id, b) => trades.decideDispute(v, id, b)],
    recommend_decision: [
      'Equipe recomenda uma decisão (um administrador confirma)',
      (v, id, b) => trades.recommendDecision(v, id, b),
    ],
    take: ['Assume a intermediação', (v, id) => trades.take(v, id)],
    take_over: [
      'Administrador assume a intermediação de outro membro da equipe',
      (v, id, b) => trades.takeOver(v, id, b.reason),
    ],
  };
  // Every step answers with the room as it is after the step.
  for (const [action, [summary, run]] of Object.entries(steps) as [StepAction, [string, StepRun]][]) {
    const route: TradeActionRoute = tradeActionMap[action];
    const withPhotos = route.photos === true;
    app.post(
      `/:id/${route.path}`,
      {
        onRequest,
        ...(withPhotos && { preValidation: readPhotos }),
        config: withPhotos ? photoStepConfig : config,
        schema: { tags, summary, params, body: route.input, response: { 200: tradeView } },
      },
      async (request) => {
        const viewer = viewerOf(request);
        // A step that returns the row it left answers from it: the room does not read the trade again.
        const after = await run(viewer, request.params.id, request.body as never, photosFrom(request));
        return trades.view(viewer, request.params.id, after);
      },
    );
  }

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
    `/:id/${tradeActionMap.reveal_credentials.path}`,
    {
      onRequest,
      config,
      schema: {
        tags,
        summary: 'Mostra os dados de acesso entregues',
        params,
        body: tradeActionMap.reveal_credentials.input,
        response: { 200: revealedCredentials },
      },
    },
    async (request) => ({
      credentials: await trades.revealCredentials(viewerOf(request), request.params.id),
    }),
  );
};
