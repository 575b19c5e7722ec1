import {
  bannerActiveInput,
  bannerList,
  banner as bannerShape,
  MAX_BANNER_IMAGE_BYTES,
  bannerMessages as m,
  bannerParams as params,
} from '@shared/banners';
import { errorMessages } from '@shared/errors';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin, viewerOf } from '../../auth/guards';
import { hasNulByte } from '../../error-handler';
import { AppError } from '../../errors';
import { rateLimits } from '../../http/rate-limits';
import { ensureDiskRoom } from '../../storage/disk';
import type { UploadedPhoto } from '../media/photos';
import type { BannerForm, BannersService } from './service';

const tags = ['banners'];

/** The banner form (multipart): text fields and one file under 'image', 10 MB at most. */
async function readBannerForm(request: FastifyRequest): Promise<BannerForm> {
  if (!request.isMultipart()) throw new AppError('VALIDATION', errorMessages.badRequest);
  await ensureDiskRoom(request);
  const values: Record<string, string> = {};
  const images: UploadedPhoto[] = [];
  const limits = { fileSize: MAX_BANNER_IMAGE_BYTES, files: 2, fields: 10, fieldSize: 8 * 1024, parts: 12 };
  try {
    for await (const part of request.parts({ limits })) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (part.fieldname === 'image' && (data.length > 0 || part.filename)) {
          images.push({ filename: part.filename, data, truncated: part.file.truncated });
        }
      } else if (typeof part.value === 'string') {
        if (hasNulByte(part.value) || hasNulByte(part.fieldname)) {
          throw new AppError('VALIDATION', errorMessages.invalidText);
        }
        values[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('VALIDATION', m.imageTooLarge, { image: m.imageTooLarge });
    }
    throw new AppError('VALIDATION', errorMessages.badRequest);
  }
  if (images.length > 1) throw new AppError('VALIDATION', errorMessages.badRequest);
  return { values, image: images[0] };
}

/** `/api/admin/banners`: the Banners tab (admins only). */
export const adminBannerRoutes: FastifyPluginAsyncZod<{ banners: BannersService }> = async (
  app,
  { banners },
) => {
  const onRequest = requireAdmin();

  app.get(
    '',
    { onRequest, schema: { tags, summary: 'Todos os banners', response: { 200: bannerList } } },
    async (request) => ({ banners: await banners.list(viewerOf(request)) }),
  );

  app.post(
    '',
    {
      onRequest,
      config: { rateLimit: rateLimits.staffImageWrites },
      schema: {
        tags,
        summary: 'Cria um banner (multipart: campos e a imagem em image)',
        response: { 201: bannerShape },
      },
    },
    async (request, reply) => {
      const viewer = viewerOf(request);
      return reply.status(201).send(await banners.create(viewer, await readBannerForm(request)));
    },
  );

  app.put(
    '/:id',
    {
      onRequest,
      config: { rateLimit: rateLimits.staffImageWrites },
      schema: { tags, summary: 'Edita um banner (multipart)', params, response: { 200: bannerShape } },
    },
    async (request) => {
      const viewer = viewerOf(request);
      return banners.update(viewer, request.params.id, await readBannerForm(request));
    },
  );

  app.patch(
    '/:id',
    {
      onRequest,
      config: { rateLimit: rateLimits.staffWrites },
      schema: {
        tags,
        summary: 'Ativa ou desativa',
        params,
        body: bannerActiveInput,
        response: { 200: bannerShape },
      },
    },
    async (request) => banners.setActive(viewerOf(request), request.params.id, request.body.active),
  );

  app.delete(
    '/:id',
    {
      onRequest,
      config: { rateLimit: rateLimits.staffWrites },
      schema: { tags, summary: 'Exclui um banner', params, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await banners.remove(viewerOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};

/** `/api/banners`: what /home shows. */
export const publicBannerRoutes: FastifyPluginAsyncZod<{ banners: BannersService }> = async (
  app,
  { banners },
) => {
  app.get(
    '',
    { schema: { tags, summary: 'Banners ativos da home, em ordem', response: { 200: bannerList } } },
    async () => ({ banners: await banners.active() }),
  );
};
