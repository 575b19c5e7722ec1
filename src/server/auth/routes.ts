import type { FastifyPluginAsync } from 'fastify';
import type { Auth } from './auth';

/** better-auth's own endpoints (e-mail confirmation link, OAuth2 start and callback) behind /api/auth/*. */
export const authHandlerRoutes: FastifyPluginAsync<{ auth: Auth; publicUrl: string }> = async (
  app,
  { auth, publicUrl },
) => {
  app.route({
    method: ['GET', 'POST'],
    url: '/*',
    schema: { hide: true },
    async handler(request, reply) {
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers)) {
        if (value !== undefined) headers.append(name, Array.isArray(value) ? value.join(', ') : value);
      }
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
    },
  });
};
