import { errorMessages } from '@shared/errors';
import {
  activeSessions,
  activityReport,
  changePasswordInput,
  deleteAccountInput,
  loginHistory,
  MAX_AVATAR_BYTES,
  myProfile,
  profileInput,
  sessionParams,
  userSettings,
  userSettingsInput,
} from '@shared/settings';
import { settingsMessages as m } from '@shared/settings-messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser, viewerOf } from '../../auth/guards';
import { authHeaders } from '../../auth/headers';
import { AppError } from '../../errors';
import { rateLimits } from '../../http/rate-limits';
import { ensureDiskRoom } from '../../storage/disk';
import type { DeletionService } from '../accounts/deletion';
import type { UploadedPhoto } from '../media/photos';
import type { DataExportService } from './data-export';
import type { PreferencesService } from './preferences';
import type { ProfileService } from './profile';
import type { SecurityService } from './security';

const tags = ['configurações'];

/**
 * The signed-in member's own account, under /api/accounts/me: personal info and avatar (/perfil), switches,
 * password, sessions, sign-in history, LGPD export and activity report (/configuracoes). Every route acts on the
 * session's own user; there is no id of another user to pass.
 */
export const settingsRoutes: FastifyPluginAsyncZod<{
  profile: ProfileService;
  preferences: PreferencesService;
  security: SecurityService;
  dataExport: DataExportService;
  deletion: DeletionService;
}> = async (app, { profile, preferences, security, dataExport, deletion }) => {
  const onRequest = requireUser();
  const noStore = { 'cache-control': 'no-store' };

  app.get(
    '/profile',
    {
      onRequest,
      schema: { tags, summary: 'Meu perfil (com os campos privados)', response: { 200: myProfile } },
    },
    async (request, reply) => reply.headers(noStore).send(await profile.read(viewerOf(request))),
  );

  app.put(
    '/profile',
    {
      onRequest,
      config: { rateLimit: rateLimits.profileUpdate },
      schema: {
        tags,
        summary: 'Salva as informações pessoais',
        body: profileInput,
        response: { 200: myProfile },
      },
    },
    async (request) => profile.update(viewerOf(request), request.body),
  );

  app.put(
    '/avatar',
    {
      onRequest,
      config: { rateLimit: rateLimits.avatarUpload },
      schema: {
        tags,
        summary: 'Troca a foto de perfil (multipart, arquivo em "avatar"; até 5 MB)',
        consumes: ['multipart/form-data'],
        response: { 200: myProfile },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw new AppError('VALIDATION', errorMessages.badRequest);
      await ensureDiskRoom(request);
      let photo: UploadedPhoto | undefined;
      try {
        const file = await request.file({ limits: { fileSize: MAX_AVATAR_BYTES, files: 1, fields: 0 } });
        if (file)
          photo = { filename: file.filename, data: await file.toBuffer(), truncated: file.file.truncated };
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new AppError('VALIDATION', m.avatarTooLarge, { avatar: m.avatarTooLarge });
        }
        throw new AppError('VALIDATION', errorMessages.badRequest);
      }
      return profile.setAvatar(viewerOf(request), photo);
    },
  );

  app.get(
    '/settings',
    { onRequest, schema: { tags, summary: 'Notificações e privacidade', response: { 200: userSettings } } },
    async (request, reply) => reply.headers(noStore).send(await preferences.read(viewerOf(request))),
  );

  app.put(
    '/settings',
    {
      onRequest,
      config: { rateLimit: rateLimits.settingsUpdate },
      schema: {
        tags,
        summary: 'Muda os interruptores enviados',
        body: userSettingsInput,
        response: { 200: userSettings },
      },
    },
    async (request) => preferences.update(viewerOf(request), request.body),
  );

  app.post(
    '/password',
    {
      onRequest,
      // Each try guesses the current password: counted like sign-ins are, per member.
      config: { rateLimit: rateLimits.changePassword },
      schema: {
        tags,
        summary: 'Troca a senha (confere a atual) e encerra as outras sessões',
        body: changePasswordInput,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      viewerOf(request);
      const cookies = await security.changePassword(request.body, authHeaders(request));
      if (cookies.length) reply.header('set-cookie', cookies);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/sessions',
    { onRequest, schema: { tags, summary: 'Sessões ativas', response: { 200: activeSessions } } },
    async (request, reply) =>
      reply
        .headers(noStore)
        .send({ sessions: await security.listSessions(viewerOf(request), authHeaders(request)) }),
  );

  app.delete(
    '/sessions/:id',
    {
      onRequest,
      config: { rateLimit: rateLimits.sessionEnd },
      schema: { tags, summary: 'Encerra uma sessão', params: sessionParams, response: { 204: z.null() } },
    },
    async (request, reply) => {
      const headers = authHeaders(request);
      const cookies = await security.endSession(viewerOf(request), request.params.id, headers);
      if (cookies.length) reply.header('set-cookie', cookies);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/sessions/end-others',
    {
      onRequest,
      config: { rateLimit: rateLimits.sessionEnd },
      schema: { tags, summary: 'Encerra todas as outras sessões', response: { 204: z.null() } },
    },
    async (request, reply) => {
      viewerOf(request);
      await security.endOtherSessions(authHeaders(request));
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/login-history',
    {
      onRequest,
      schema: { tags, summary: 'Histórico de login, do mais recente', response: { 200: loginHistory } },
    },
    async (request, reply) =>
      reply.headers(noStore).send({ attempts: await security.listLoginHistory(viewerOf(request)) }),
  );

  app.get(
    '/export',
    {
      onRequest,
      config: { rateLimit: rateLimits.dataExport },
      schema: { tags, summary: 'Baixar meus dados (LGPD): um JSON com tudo o que guardamos sobre você' },
    },
    async (request, reply) => {
      const data = await dataExport.exportData(viewerOf(request));
      const day = data.exportedAt.slice(0, 10);
      return reply
        .headers(noStore)
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="mercado-gamer-meus-dados-${day}.json"`)
        .send(JSON.stringify(data, null, 2));
    },
  );

  app.get(
    '/activity',
    { onRequest, schema: { tags, summary: 'Relatório de atividade', response: { 200: activityReport } } },
    async (request, reply) => reply.headers(noStore).send(await dataExport.activity(viewerOf(request))),
  );

  app.post(
    '/delete',
    {
      onRequest,
      // Each try guesses the password, like a sign-in.
      config: { rateLimit: rateLimits.deleteAccount },
      schema: {
        tags,
        summary:
          'Exclui a conta (LGPD): confere a senha, recusa com negociação em andamento, apaga os dados pessoais e encerra todas as sessões',
        body: deleteAccountInput,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const headers = authHeaders(request);
      const cookies = await deletion.deleteAccount(viewerOf(request), request.body, headers);
      if (cookies.length) reply.header('set-cookie', cookies);
      return reply.status(204).send(null);
    },
  );
};
