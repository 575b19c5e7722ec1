import { listingMessages as m } from '@shared/listing-messages';
import type { ListingImage } from '@shared/listings';
import { MAX_PHOTOS } from '@shared/listings';

/** A photo in the form: one the listing already has (editing) or a file picked now, previewed by object URL. */
export type Photo =
  | { key: string; kind: 'existing'; image: ListingImage }
  | { key: string; kind: 'new'; file: File; url: string };

export function existingPhotos(images: ListingImage[]): Photo[] {
  return images.map((image) => ({ key: `existing-${image.id}`, kind: 'existing', image }));
}

export function photoSrc(photo: Photo): string {
  return photo.kind === 'existing' ? photo.image.url : photo.url;
}

export function revokePhoto(photo: Photo): void {
  if (photo.kind === 'new') URL.revokeObjectURL(photo.url);
}

export interface PhotoProblem {
  title: string;
  description?: string;
}

/**
 * Checks a selection's count against the photos already chosen (part 1 §5): 8 in all (or `max`, said by
 * `tooMany`). Too many rejects the whole selection, so what the user sees is exactly what they picked; what each
 * file holds is checked by {@link preparePhotos}, which decodes it.
 */
export function checkSelection(
  files: File[],
  current: number,
  max: number = MAX_PHOTOS,
  tooMany: string = m.tooManyPhotos,
): PhotoProblem | null {
  if (current + files.length > max) return { title: m.tooManyPhotosTitle, description: tooMany };
  return null;
}

/** `photos` with the one at `from` moved to `to` (the cover is whichever comes first). */
export function movePhoto(photos: Photo[], from: number, to: number): Photo[] {
  const moved = [...photos];
  const [photo] = moved.splice(from, 1);
  if (photo) moved.splice(to, 0, photo);
  return moved;
}

let sequence = 0;

export function newPhotos(files: File[]): Photo[] {
  return files.map((file) => {
    sequence += 1;
    return { key: `new-${sequence}`, kind: 'new', file, url: URL.createObjectURL(file) };
  });
}
