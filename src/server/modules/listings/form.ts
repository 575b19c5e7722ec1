import { errorMessages } from '@shared/errors';
import { listingMessages as m } from '@shared/listing-messages';
import { type ListingFields, listingFields, MAX_PHOTO_BYTES, MAX_PHOTOS } from '@shared/listings';
import type { FastifyRequest } from 'fastify';
import { hasNulByte } from '../../error-handler';
import { AppError } from '../../errors';
import type { UploadedPhoto } from '../media/photos';

/** The publish/edit form as sent: text fields beside the photos (multipart/form-data). */
export interface ListingForm {
  fields: ListingFields;
  photos: UploadedPhoto[];
  /** Edit only: the photos to keep, in order. */
  keepImageIds: number[];
}

const multipartLimits = {
  fileSize: MAX_PHOTO_BYTES,
  // One more than allowed, so a ninth photo is read and refused with the spec's message.
  files: MAX_PHOTOS + 1,
  fields: 20,
  fieldSize: 64 * 1024,
  parts: 40,
};

export async function readListingForm(request: FastifyRequest): Promise<ListingForm> {
  if (!request.isMultipart()) throw new AppError('VALIDATION', errorMessages.badRequest);
  const values: Record<string, string> = {};
  const photos: UploadedPhoto[] = [];
  try {
    for await (const part of request.parts({ limits: multipartLimits })) {
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
    if (code === 'FST_FILES_LIMIT')
      throw new AppError('VALIDATION', m.tooManyPhotos, { photos: m.tooManyPhotos });
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('VALIDATION', m.photoTooLarge, { photos: m.photoTooLarge });
    }
    throw new AppError('VALIDATION', errorMessages.badRequest);
  }
  return { fields: parseFields(values), photos, keepImageIds: parseIds(values.keepImageIds) };
}

/** Missing fields answer with the spec's one 'fill everything' message; other rules with their own. */
function parseFields(values: Record<string, string>): ListingFields {
  const parsed = listingFields.safeParse({
    gameId: values.gameId ?? '',
    kind: values.kind || 'items',
    title: values.title ?? '',
    description: values.description ?? '',
    price: values.price ?? '',
    quantity: values.quantity ?? '',
    whatsapp: values.whatsapp ?? '',
  });
  if (parsed.success) return parsed.data;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const name = String(issue.path[0] ?? 'form');
    fields[name] ??= issue.message;
  }
  const messages = Object.values(fields);
  const message = messages.includes(m.required) ? m.required : (messages[0] ?? errorMessages.validation);
  throw new AppError('VALIDATION', message, fields);
}

function parseIds(text: string | undefined): number[] {
  if (!text) return [];
  try {
    const ids: unknown = JSON.parse(text);
    if (Array.isArray(ids) && ids.every((id) => Number.isInteger(id))) return ids as number[];
  } catch {
    // falls through to the error below
  }
  throw new AppError('VALIDATION', errorMessages.badRequest);
}
