import { errorMessages } from '@shared/errors';
import { listingMessages as m } from '@shared/listing-messages';
import { type ListingFields, listingFields, MAX_PHOTOS } from '@shared/listings';
import { parsePriceCents } from '@shared/money';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors';
import { readPhotoForm } from '../media/form';
import type { UploadedPhoto } from '../media/photos';

/** A place in an edited listing's photos: a kept photo by its id, or 'new' for the next uploaded file. */
export type PhotoSlot = number | 'new';

/** The publish/edit form as sent: text fields beside the photos (multipart/form-data). */
export interface ListingForm {
  fields: ListingFields;
  photos: UploadedPhoto[];
  /**
   * Edit only: every photo in its new order. Sent as `photoOrder` (kept ids and 'new' in any order, so a new photo
   * can become the cover), or as the older `keepImageIds` (kept ids in order, the new files after them).
   */
  order: PhotoSlot[];
}

export async function readListingForm(request: FastifyRequest): Promise<ListingForm> {
  const { values, photos } = await readPhotoForm(request, {
    maxPhotos: MAX_PHOTOS,
    tooMany: m.tooManyPhotos,
  });
  const order =
    values.photoOrder !== undefined
      ? parseOrder(values.photoOrder, photos.length)
      : [...new Set(parseIds(values.keepImageIds)), ...photos.map(() => 'new' as const)];
  return { fields: parseFields(values), photos, order };
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
    instantDelivery: values.instantDelivery ?? '',
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

function parseOrder(text: string, newPhotos: number): PhotoSlot[] {
  let slots: unknown;
  try {
    slots = JSON.parse(text);
  } catch {
    throw new AppError('VALIDATION', errorMessages.badRequest);
  }
  const valid =
    Array.isArray(slots) &&
    slots.every((slot) => slot === 'new' || Number.isInteger(slot)) &&
    slots.filter((slot) => slot === 'new').length === newPhotos &&
    new Set(slots.filter((slot) => slot !== 'new')).size === slots.filter((slot) => slot !== 'new').length;
  if (!valid) throw new AppError('VALIDATION', errorMessages.badRequest);
  return slots as PhotoSlot[];
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
