import { errorMessages } from '@shared/errors';
import { listingMessages as m } from '@shared/listing-messages';
import { type ListingFields, listingFields, MAX_PHOTOS } from '@shared/listings';
import { parsePriceCents } from '@shared/money';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors';
import { readPhotoForm } from '../media/form';
import type { UploadedPhoto } from '../media/photos';

/** The publish/edit form as sent: text fields beside the photos (multipart/form-data). */
export interface ListingForm {
  fields: ListingFields;
  photos: UploadedPhoto[];
  /** Edit only: the photos to keep, in order. */
  keepImageIds: number[];
}

export async function readListingForm(request: FastifyRequest): Promise<ListingForm> {
  const { values, photos } = await readPhotoForm(request, {
    maxPhotos: MAX_PHOTOS,
    tooMany: m.tooManyPhotos,
  });
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
  if (parsed.success) {
    const { price, ...fields } = parsed.data;
    return { ...fields, priceCents: parsePriceCents(price) };
  }
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
