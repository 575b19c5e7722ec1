import { type ApiErrorBody, errorMessages } from '@shared/errors';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './errors';

const body = (code: string, message: string, fields?: Record<string, string>): ApiErrorBody => ({
  error: fields ? { code, message, fields } : { code, message },
});

/** One place turns every failure into `{ error: { code, message, fields? } }`; no stack reaches a client. */
export function registerErrorHandling(app: FastifyInstance, spaIndexHtml: string | null) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send(body(error.code, error.message, error.fields));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
        fields[field] ??= issue.message ?? errorMessages.validation;
      }
      const first = Object.values(fields)[0] ?? errorMessages.validation;
      return reply.status(400).send(body('VALIDATION', first, fields));
    }
    if (error.statusCode === 429) {
      return reply.status(429).send(body('RATE_LIMITED', errorMessages.rateLimited));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Malformed JSON, wrong content type, body too large…: the client's fault, said plainly.
      return reply.status(error.statusCode).send(body('BAD_REQUEST', errorMessages.badRequest));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(body('INTERNAL', errorMessages.internal));
  });

  app.setNotFoundHandler((request, reply) => {
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') && !/^\/(api|media)(\/|$)/.test(request.url);
    if (spaIndexHtml && isPage) {
      // Client routes: the SPA decides what the path shows, its own 404 page included.
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(spaIndexHtml);
    }
    return reply.status(404).send(body('NOT_FOUND', errorMessages.notFound));
  });
}
