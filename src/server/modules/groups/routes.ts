import { idParams } from '@shared/api';
import { errorMessages } from '@shared/errors';
import { group, groupDirectory, groupInput } from '@shared/groups';
import { listingMessages } from '@shared/listing-messages';
import { MAX_PHOTO_BYTES } from '@shared/listings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireStaff, viewerOf } from '../../auth/guards';
import { AppError } from '../../errors';
import { rateLimits } from '../../http/rate-limits';
import { ensureDiskRoom } from '../../storage/disk';
import type { UploadedPhoto } from '../media/photos';
import type { GroupsService } from './service';

const tags = ['grupos'];

export const groupsRoutes: FastifyPluginAsyncZod<{ groups: GroupsService }> = async (app, { groups }) => {
  /** Only staff get as far as the body's validation. */
  const staffFirst = { onRequest: requireStaff() };

  app.get(
    '',
    { schema: { tags, summary: 'Diretório de grupos do WhatsApp', response: { 200: groupDirectory } } },
    async () => groups.directory(),
  );

  app.post(
    '',
    {
      ...staffFirst,
      config: { rateLimit: rateLimits.staffWrites },
      schema: { tags, summary: 'Adiciona um grupo (equipe)', body: groupInput, response: { 201: group } },
    },
    async (request, reply) => reply.status(201).send(await groups.create(viewerOf(request), request.body)),
  );

  app.put(
    '/:id',
    {
      ...staffFirst,
      config: { rateLimit: rateLimits.staffWrites },
      schema: {
        tags,
        summary: 'Edita um grupo (equipe)',
        params: idParams,
        body: groupInput,
        response: { 200: group },
      },
    },
    async (request) => groups.update(viewerOf(request), request.params.id, request.body),
  );

  app.delete(
    '/:id',
    {
      ...staffFirst,
      config: { rateLimit: rateLimits.staffWrites },
      schema: { tags, summary: 'Remove um grupo (equipe)', params: idParams, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await groups.remove(viewerOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/:id/image',
    {
      ...staffFirst,
      config: { rateLimit: rateLimits.staffImageWrites },
      schema: {
        tags,
        summary: 'Troca a imagem de um grupo (equipe; multipart, arquivo em "image")',
        consumes: ['multipart/form-data'],
        params: idParams,
        response: { 200: group },
      },
    },
    async (request) => {
      const viewer = viewerOf(request);
      if (!request.isMultipart()) throw new AppError('VALIDATION', errorMessages.badRequest);
      await ensureDiskRoom(request);
      let photo: UploadedPhoto | undefined;
      try {
        const file = await request.file({ limits: { fileSize: MAX_PHOTO_BYTES, files: 1, fields: 0 } });
        if (file)
          photo = { filename: file.filename, data: await file.toBuffer(), truncated: file.file.truncated };
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new AppError('VALIDATION', listingMessages.photoTooLarge, {
            image: listingMessages.photoTooLarge,
          });
        }
        throw new AppError('VALIDATION', errorMessages.badRequest);
      }
      return groups.setImage(viewer, request.params.id, photo);
    },
  );
};
