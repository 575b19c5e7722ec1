import { idParams } from '@shared/api';
import { codeExport, codeImportResult, codeParams, codesPage, codesQuery } from '@shared/listing-codes';
import { pixKeyConfirmation } from '@shared/pix';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser, viewerOf } from '../../auth/guards';
import { authHeaders } from '../../auth/headers';
import { rateLimits } from '../../http/rate-limits';
import type { ListingCodesService } from './service';
import { type CodeImportBody, readCodeImport } from './upload';

const tags = ['anúncios'];

/** /api/listings/:id/codes: an instant-delivery listing's vault, its owner's only (issue 37). */
export const listingCodesRoutes: FastifyPluginAsyncZod<{ codes: ListingCodesService }> = async (
  app,
  { codes },
) => {
  const onRequest = requireUser();

  app.get(
    '/:id/codes',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Os códigos da entrega automática do anúncio, mascarados (só o dono)',
        params: idParams,
        querystring: codesQuery,
        response: { 200: codesPage },
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'private, no-store')
        .send(
          await codes.list(viewerOf(request), request.params.id, request.query.estado, request.query.pagina),
        ),
  );

  app.post(
    '/:id/codes/import',
    {
      onRequest,
      config: { rateLimit: rateLimits.codeImport },
      preValidation: async (request) => {
        request.body = await readCodeImport(request);
      },
      schema: {
        tags,
        summary:
          'Importa códigos (JSON { text, allOrNothing } ou multipart: arquivo CSV/TXT em "arquivo"), até 1.000 por vez',
        consumes: ['application/json', 'multipart/form-data'],
        params: idParams,
        response: { 200: codeImportResult },
      },
    },
    async (request) => codes.import(viewerOf(request), request.params.id, request.body as CodeImportBody),
  );

  app.delete(
    '/:id/codes/:codeId',
    {
      onRequest,
      config: { rateLimit: rateLimits.codeRemove },
      schema: {
        tags,
        summary: 'Remove um código não vendido do estoque',
        params: codeParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await codes.remove(viewerOf(request), request.params.id, request.params.codeId);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/:id/codes/export',
    {
      onRequest,
      config: { rateLimit: rateLimits.codeExport },
      schema: {
        tags,
        summary:
          'Exporta os códigos não vendidos, em claro (confirmado com senha ou código do app; auditado)',
        params: idParams,
        body: pixKeyConfirmation,
        response: { 200: codeExport },
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'private, no-store')
        .send(await codes.export(viewerOf(request), request.params.id, request.body, authHeaders(request))),
  );
};
