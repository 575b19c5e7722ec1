import { errorMessages } from '@shared/errors';
import { listingMessages } from '@shared/listing-messages';
import { MAX_PHOTO_BYTES } from '@shared/listings';
import type { FastifyRequest } from 'fastify';
import { hasNulByte } from '../../error-handler';
import { AppError } from '../../errors';
import { ensureDiskRoom } from '../../storage/disk';
import type { UploadedPhoto } from './photos';

/** A multipart form as sent: its text fields, and the files of its 'photos' field. */
export interface PhotoForm {
  values: Record<string, string>;
  photos: UploadedPhoto[];
}

/**
 * Reads a multipart/form-data body whose files go under 'photos' (5 MB each). `maxPhotos` + 1 files are
 * read, so one too many is refused with `tooMany` rather than silently dropped; a file over the size limit
 * arrives truncated and is refused by processPhotos with the spec's message.
 */
export async function readPhotoForm(
  request: FastifyRequest,
  { maxPhotos, tooMany }: { maxPhotos: number; tooMany: string },
): Promise<PhotoForm> {
  if (!request.isMultipart()) throw new AppError('VALIDATION', errorMessages.badRequest);
  await ensureDiskRoom(request);
  const values: Record<string, string> = {};
  const photos: UploadedPhoto[] = [];
  const limits = {
    fileSize: MAX_PHOTO_BYTES,
    files: maxPhotos + 1,
    fields: 20,
    fieldSize: 64 * 1024,
    parts: 40,
  };
  try {
    for await (const part of request.parts({ limits })) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (part.fieldname === 'photos') {
          photos.push({ filename: part.filename, data, truncated: part.file.truncated });
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
    const code = (error as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT') throw new AppError('VALIDATION', tooMany, { photos: tooMany });
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      const message = listingMessages.photoTooLarge;
      throw new AppError('VALIDATION', message, { photos: message });
    }
    throw new AppError('VALIDATION', errorMessages.badRequest);
  }
  return { values, photos };
}
