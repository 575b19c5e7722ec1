import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyRequest } from 'fastify';

/**
 * The one header better-auth reads a client's address from (the sessions list shows it). better-auth's default,
 * X-Forwarded-For, is whatever the client sends when no proxy stands in front; this one is always overwritten with
 * the address Fastify resolved (TRUST_PROXY names the proxies whose X-Forwarded-For entries count).
 */
export const CLIENT_IP_HEADER = 'x-mg-client-ip';

/** A request's headers as better-auth takes them, with the client's address it can trust. */
export function authHeaders(request: FastifyRequest): Headers {
  const headers = fromNodeHeaders(request.headers);
  headers.set(CLIENT_IP_HEADER, request.ip);
  return headers;
}
