import { idParams as params } from '@shared/api';
import { iceServersView, roomPresenceView } from '@shared/trade-call';
import { tradeMessages } from '@shared/trade-messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser, viewerOf } from '../../auth/guards';
import type { TradeCallService } from './service';

/** The voice call's HTTP side; its signalling rides the live socket (realtime/rooms.ts). */
export const tradeCallRoutes: FastifyPluginAsyncZod<{ calls: TradeCallService }> = async (app, { calls }) => {
  app.get(
    '/:id/call/ice-servers',
    {
      onRequest: requireUser(tradeMessages.loginRequired),
      schema: {
        tags: ['intermediação'],
        summary: 'Servidores ICE (STUN/TURN) da chamada de voz da intermediação',
        params,
        response: { 200: iceServersView },
      },
    },
    async (request, reply) => {
      // Credentials: never cached by anyone.
      reply.header('cache-control', 'no-store');
      return calls.iceServers(viewerOf(request), request.params.id);
    },
  );

  app.get(
    '/:id/call/presence',
    {
      onRequest: requireUser(tradeMessages.loginRequired),
      schema: {
        tags: ['intermediação'],
        summary: 'Quem está na sala da intermediação agora (lida de novo após um resync do canal ao vivo)',
        params,
        response: { 200: roomPresenceView },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return calls.presence(viewerOf(request), request.params.id);
    },
  );
};
