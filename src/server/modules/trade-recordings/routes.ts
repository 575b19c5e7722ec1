import { idParams } from '@shared/api';
import { tradeMessages } from '@shared/trade-messages';
import { tradeRecordingMessages as m } from '@shared/trade-recording-messages';
import {
  MAX_RECORDING_CHUNK_BYTES,
  recordingChunkAck,
  recordingChunkParams,
  recordingChunksPerWindow,
  recordingParams,
  startRecordingInput,
  tradeRecording,
  tradeRecordingList,
} from '@shared/trade-recordings';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser, viewerOf } from '../../auth/guards';
import { AppError } from '../../errors';
import { rateLimits } from '../../http/rate-limits';
import { ensureDiskRoom } from '../../storage/disk';
import { RangeNotSatisfiable, type TradeRecordingsService } from './service';

const tags = ['intermediação'];

/**
 * The recorded voice call of a trade room, under /api/trades (decision 015): start, append chunk N (the raw
 * audio as the body), end, list, and the audio itself.
 */
export const tradeRecordingsRoutes: FastifyPluginAsyncZod<{
  recordings: TradeRecordingsService;
  /** RATE_LIMIT_WINDOW_SECONDS: the chunks' per-member limit follows the recorder's rate over this window. */
  rateLimitWindowSeconds: number;
}> = async (app, { recordings, rateLimitWindowSeconds }) => {
  const onRequest = requireUser(tradeMessages.loginRequired);
  const chunksPerWindow = recordingChunksPerWindow(rateLimitWindowSeconds);

  app.post(
    '/:id/recordings',
    {
      onRequest,
      config: { rateLimit: rateLimits.tradeRecordingStart },
      schema: {
        tags,
        summary: 'Começa uma gravação da chamada (só o intermediador ou, sem ele, o comprador)',
        params: idParams,
        body: startRecordingInput,
        response: { 201: tradeRecording },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await recordings.start(viewerOf(request), request.params.id, request.body.mimeType)),
  );

  // The chunks come as raw audio; this context reads any body as bytes, up to the chunk's limit.
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', (request, payload, done) => {
      const tooLarge = () => new AppError('VALIDATION', m.chunkTooLarge);
      if (Number(request.headers['content-length'] ?? 0) > MAX_RECORDING_CHUNK_BYTES) {
        payload.resume();
        done(tooLarge(), undefined);
        return;
      }
      const parts: Buffer[] = [];
      let size = 0;
      let settled = false;
      payload.on('data', (part: Buffer) => {
        if (settled) return;
        size += part.length;
        if (size > MAX_RECORDING_CHUNK_BYTES) {
          settled = true;
          done(tooLarge(), undefined);
          return;
        }
        parts.push(part);
      });
      payload.on('end', () => {
        if (settled) return;
        settled = true;
        done(null, Buffer.concat(parts));
      });
      payload.on('error', (error) => {
        if (settled) return;
        settled = true;
        done(error, undefined);
      });
    });

    raw.withTypeProvider<ZodTypeProvider>().put(
      '/:id/recordings/:recordingId/chunks/:seq',
      {
        // Signed in first, then the data folder's free space, before a byte of the body is read.
        onRequest: [onRequest, ensureDiskRoom],
        bodyLimit: MAX_RECORDING_CHUNK_BYTES * 2,
        config: { rateLimit: rateLimits.tradeRecordingChunk(chunksPerWindow) },
        schema: {
          tags,
          summary:
            'Envia o trecho N da gravação (o áudio cru: audio/webm ou audio/ogg com Opus, até 192 KB; só em chamada)',
          params: recordingChunkParams,
          response: { 200: recordingChunkAck },
        },
      },
      async (request) => {
        const { id, recordingId, seq } = request.params;
        return recordings.appendChunk(
          viewerOf(request),
          id,
          recordingId,
          seq,
          request.headers['content-type'],
          request.body,
        );
      },
    );
  });

  app.post(
    '/:id/recordings/:recordingId/end',
    {
      onRequest,
      config: { rateLimit: rateLimits.tradeRecordingStart },
      schema: {
        tags,
        summary: 'Encerra a gravação',
        params: recordingParams,
        body: z.object({}).optional(),
        response: { 200: recordingChunkAck },
      },
    },
    async (request) => recordings.end(viewerOf(request), request.params.id, request.params.recordingId),
  );

  app.get(
    '/:id/recordings',
    {
      onRequest,
      schema: {
        tags,
        summary: 'As gravações da chamada de uma intermediação',
        params: idParams,
        response: { 200: tradeRecordingList },
      },
    },
    async (request) => recordings.list(viewerOf(request), request.params.id),
  );

  app.get(
    '/:id/recordings/:recordingId/audio',
    {
      onRequest,
      schema: {
        tags,
        summary: 'O áudio de uma gravação (a equipe ouve; comprador e vendedor baixam), com Range',
        params: recordingParams,
      },
    },
    async (request, reply) => {
      const { id, recordingId } = request.params;
      const range = request.headers.range;
      let audio: Awaited<ReturnType<TradeRecordingsService['audio']>>;
      try {
        audio = await recordings.audio(viewerOf(request), id, recordingId, range);
      } catch (error) {
        if (!(error instanceof RangeNotSatisfiable)) throw error;
        return reply
          .status(416)
          .header('content-range', `bytes */${error.total}`)
          .send({ error: { code: 'RANGE_NOT_SATISFIABLE', message: error.message } });
      }
      reply
        .type(audio.mimeType)
        .header('accept-ranges', 'bytes')
        // A recording under way grows: ask again each time, and never from a shared cache.
        .header('cache-control', 'private, no-cache')
        .header('x-content-type-options', 'nosniff');
      if (audio.attachment) reply.header('content-disposition', `attachment; filename="${audio.attachment}"`);
      if (audio.range) {
        reply
          .status(206)
          .header('content-range', `bytes ${audio.range.start}-${audio.range.end}/${audio.total}`)
          .header('content-length', audio.range.end - audio.range.start + 1);
      } else {
        reply.header('content-length', audio.total);
      }
      return reply.send(audio.body);
    },
  );
};
