import type { FastifyRequest } from 'fastify';

/**
 * `/api/pix/webhook?hmac=s3cr3t&x=1` → `/api/pix/webhook?hmac=[…]&x=[…]`: query values can be secrets (the PIX
 * webhook's `hmac`, the password-reset and e-mail confirmation `token`s, OAuth `code`s), and logs are kept and read
 * more widely than the secrets should be. The names stay, to tell the requests apart.
 */
export function redactQueryValues(url: string) {
  const at = url.indexOf('?');
  if (at === -1) return url;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => (pair.includes('=') ? `${pair.slice(0, pair.indexOf('='))}=[…]` : pair))
    .join('&');
  return `${url.slice(0, at)}?${query}`;
}

/** Fastify's request serializer (what "incoming request" logs), with the query's values left out. */
export const requestLogSerializers = {
  req: (request: FastifyRequest) => ({
    method: request.method,
    url: redactQueryValues(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }),
};
