import {
  pushDevice,
  pushDeviceParams,
  pushDevices,
  pushEventSwitches,
  pushEventSwitchesInput,
  pushKey,
  pushSubscriptionInput,
} from '@shared/push';
import { pushMessages as m } from '@shared/push-messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser, viewerOf } from '../../auth/guards';
import { rateLimits } from '../../http/rate-limits';
import type { PushService } from './service';

const tags = ['notificações no celular'];

/**
 * Web Push (issue 38), under /api/push: the VAPID public key a browser subscribes with, the member's own devices,
 * and the per-event switches. Every device route acts on the viewer's own rows only.
 */
export const pushRoutes: FastifyPluginAsyncZod<{ push: PushService; publicKey: string }> = async (
  app,
  { push, publicKey },
) => {
  const onRequest = requireUser(m.loginRequired);
  const noStore = { 'cache-control': 'no-store' };

  app.get(
    '/key',
    {
      schema: {
        tags,
        summary: 'A chave pública VAPID (applicationServerKey) com que o navegador se inscreve',
        response: { 200: pushKey },
      },
    },
    async () => ({ publicKey }),
  );

  app.get(
    '/subscriptions',
    {
      onRequest,
      schema: { tags, summary: 'Meus dispositivos com notificações', response: { 200: pushDevices } },
    },
    async (request, reply) => reply.headers(noStore).send({ devices: await push.devices(viewerOf(request)) }),
  );

  app.post(
    '/subscriptions',
    {
      onRequest,
      config: { rateLimit: rateLimits.pushSubscribe },
      schema: {
        tags,
        summary: 'Ativa as notificações neste dispositivo (uma inscrição por dispositivo: a nova substitui)',
        body: pushSubscriptionInput,
        response: { 201: pushDevice },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await push.subscribe(viewerOf(request), request.body, request.headers['user-agent'])),
  );

  app.delete(
    '/subscriptions/:id',
    {
      onRequest,
      config: { rateLimit: rateLimits.pushUnsubscribe },
      schema: { tags, summary: 'Remove um dos meus dispositivos', params: pushDeviceParams },
    },
    async (request, reply) => {
      await push.remove(viewerOf(request), request.params.id);
      return reply.code(204).send();
    },
  );

  app.get(
    '/events',
    {
      onRequest,
      schema: { tags, summary: 'Os eventos que chegam ao celular', response: { 200: pushEventSwitches } },
    },
    async (request, reply) => reply.headers(noStore).send(await push.switches(viewerOf(request))),
  );

  app.put(
    '/events',
    {
      onRequest,
      config: { rateLimit: rateLimits.settingsUpdate },
      schema: {
        tags,
        summary: 'Liga ou desliga eventos no celular (só os enviados mudam)',
        body: pushEventSwitchesInput,
        response: { 200: pushEventSwitches },
      },
    },
    async (request) => push.updateSwitches(viewerOf(request), request.body),
  );
};
