import { accountMessages } from '@shared/account-messages';
import { isReturnPath } from '@shared/return-path';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import { rateLimits } from '../http/rate-limits';
import type { Auth } from './auth';
import { CLIENT_IP_HEADER } from './headers';
import { withOAuthAttempt } from './oauth-sign-in';

/**
 * The only better-auth endpoints the browser reaches: the e-mail confirmation link and the Discord OAuth2
 * start and callback. Everything else better-auth offers (sign-up, sign-in, verification resend, update-user,
 * get-session, list-sessions…) stays closed: credentials go through /api/accounts, where the shared zod
 * rules and the database-backed limits apply, and no session token is ever handed to JavaScript
 * (decision 006).
 */
export const authHandlerRoutes: FastifyPluginAsync<{ auth: Auth; publicUrl: string }> = async (
  app,
  { auth, publicUrl },
) => {
  async function forward(request: FastifyRequest, reply: FastifyReply) {
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (value !== undefined) headers.append(name, Array.isArray(value) ? value.join(', ') : value);
    }
    headers.set(CLIENT_IP_HEADER, request.ip);
    const hasBody = request.method !== 'GET' && request.body !== undefined;
    const response = await auth.handler(
      new Request(new URL(request.url, publicUrl), {
        method: request.method,
        headers,
        body: hasBody ? JSON.stringify(request.body) : undefined,
      }),
    );
    reply.status(response.status);
    response.headers.forEach((value, name) => {
      if (name !== 'set-cookie') reply.header(name, value);
    });
    const cookies = response.headers.getSetCookie();
    if (cookies.length) reply.header('set-cookie', cookies);
    return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
  }

  const hidden = { schema: { hide: true } };

  /**
   * Where Discord sends the member back (the page a guest was on): a path of this site only, whatever
   * better-auth's trusted origins would let through, so the callback can never be an open redirect.
   */
  async function refuseForeignCallbacks(request: FastifyRequest) {
    const body = (request.body ?? {}) as Record<string, unknown>;
    for (const key of ['callbackURL', 'errorCallbackURL', 'newUserCallbackURL']) {
      const value = body[key];
      if (value !== undefined && (typeof value !== 'string' || !isReturnPath(value))) {
        throw new AppError('VALIDATION', accountMessages.returnPathInvalid, {
          [key]: accountMessages.returnPathInvalid,
        });
      }
    }
  }
  // The confirmation link signs in too: its session goes to the login history (confirmation-sign-in.ts).
  app.get('/verify-email', hidden, (request, reply) =>
    withOAuthAttempt({ ipAddress: request.ip, userAgent: request.headers['user-agent'] ?? null }, () =>
      forward(request, reply),
    ),
  );
  app.post(
    '/sign-in/social',
    {
      ...hidden,
      config: { rateLimit: rateLimits.oauthStart },
      preHandler: refuseForeignCallbacks,
    },
    forward,
  );
  // The callback signs in: its outcome goes to the login history with the address Fastify resolved.
  app.get('/callback/:providerId', hidden, (request, reply) =>
    withOAuthAttempt({ ipAddress: request.ip, userAgent: request.headers['user-agent'] ?? null }, () =>
      forward(request, reply),
    ),
  );
};
