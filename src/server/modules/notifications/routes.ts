import { notificationMessages as m } from '@shared/notification-messages';
import {
  notificationPage,
  notificationsQuery,
  notificationParams as params,
  unreadCount,
} from '@shared/notifications';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser, viewerOf } from '../../auth/guards';
import type { Db } from '../../db/client';
import { rateLimits } from '../../http/rate-limits';
import { createNotificationsService } from './service';

const tags = ['notificações'];

/** The signed-in user's bell. Other modules write notifications with `notify` (service.ts) in their transactions. */
export const notificationsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const notifications = createNotificationsService(db);
  const onRequest = requireUser(m.loginRequired);

  app.get(
    '',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Minhas notificações, das mais novas às mais antigas, e quantas não li',
        querystring: notificationsQuery,
        response: { 200: notificationPage },
      },
    },
    async (request) => notifications.list(viewerOf(request), request.query),
  );

  app.get(
    '/unread-count',
    { onRequest, schema: { tags, summary: 'Quantas notificações não li', response: { 200: unreadCount } } },
    async (request) => ({ unread: await notifications.unreadCount(viewerOf(request)) }),
  );

  app.post(
    '/read-all',
    {
      onRequest,
      config: { rateLimit: rateLimits.notificationRead },
      schema: { tags, summary: 'Marca todas as notificações como lidas', response: { 200: unreadCount } },
    },
    async (request) => ({ unread: await notifications.markAllRead(viewerOf(request)) }),
  );

  app.post(
    '/:id/read',
    {
      onRequest,
      config: { rateLimit: rateLimits.notificationRead },
      schema: { tags, summary: 'Marca uma notificação como lida', params, response: { 200: unreadCount } },
    },
    async (request) => ({ unread: await notifications.markRead(viewerOf(request), request.params.id) }),
  );
};
