import { type ApiErrorBody, errorMessages } from '@shared/errors';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './errors';

const body = (code: string, message: string, fields?: Record<string, string>): ApiErrorBody => ({
  error: fields ? { code, message, fields } : { code, message },
});

/** One place turns every failure into `{ error: { code, message, fields? } }`; no stack reaches a client. */
export function registerErrorHandling(app: FastifyInstance, spaIndexHtml: string | null) {
  refuseNulBytes(app);
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

/**
 * PostgreSQL cannot store U+0000 in text (and fails the whole query on it), so no request carrying one
 * gets past this point: not in the path, the query string or a JSON body. The multipart forms, read by
 * their handlers, check their fields with `hasNulByte`. Refused, never stripped: the client sent
 * something other than text.
 */
function refuseNulBytes(app: FastifyInstance) {
  const invalidText = () => new AppError('VALIDATION', errorMessages.invalidText);
  app.addHook('onRequest', async (request) => {
    // '%00' decodes to NUL in a path segment or query value ('%2500' is the text '%00', and passes).
    if (request.url.includes('%00') || request.url.includes('\0')) throw invalidText();
  });
  app.addHook('preValidation', async (request) => {
    if (hasNulByte(request.body)) throw invalidText();
  });
}

/** Whether a parsed body (strings, arrays, objects and their keys) holds a NUL anywhere. */
export function hasNulByte(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\0');
  if (depth > 32 || value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return false;
  if (Array.isArray(value)) return value.some((item) => hasNulByte(item, depth + 1));
  return Object.entries(value).some(([key, item]) => key.includes('\0') || hasNulByte(item, depth + 1));
}
