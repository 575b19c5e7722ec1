import { randomBytes } from 'node:crypto';
import { listingMessages as m } from '@shared/listing-messages';
import { IMAGE_WIDTHS, MAX_PHOTO_BYTES, MAX_PHOTOS } from '@shared/listings';
import { AppError } from '../../errors';
import type { Storage } from '../../storage/storage';
import { cached } from './file-cache';

// Loaded at the first photo, not at start-up (bench/README.md, issue 24); Node caches them after.
const loadSharp = () => import('sharp').then((module) => module.default);
const fileTypeFromBuffer = async (data: Buffer) => (await import('file-type')).fileTypeFromBuffer(data);

export interface UploadedPhoto {
  filename: string;
  data: Buffer;
  /** Multipart cut the file at the size limit. */
  truncated?: boolean;
}

/** One WebP per width, the smallest first. */
export interface ProcessedPhoto {
  width: number;
  height: number;
  variants: { width: number; data: Buffer }[];
}

export interface StoredPhoto {
  key: string;
  widths: number[];
  width: number;
  height: number;
}

/** Formats accepted, judged by the file's bytes, never by its name or the browser's word (APNG is a PNG). */
const imageTypes = new Set([
  'image/jpeg',
  'image/png',
  'image/apng',
  'image/gif',
  'image/webp',
  'image/avif',
]);
/** A 50 MP phone photo passes; a decompression bomb (a small file declaring huge dimensions) does not. */
const MAX_INPUT_PIXELS = 50_000_000;
/** No side of a WebP may be longer. */
const WEBP_MAX_SIDE = 16_383;
const WEBP_QUALITY = 80;
// effort 2 of 6: about half the encoding time of the default for a few per cent more bytes.
const WEBP_EFFORT = 2;
const decodeOptions = { limitInputPixels: MAX_INPUT_PIXELS, autoOrient: true, failOn: 'error' } as const;

const invalid = (message: string) => new AppError('VALIDATION', message, { photos: message });

/** How many photos a form takes, and what it says when there are none or too many. */
export interface PhotoLimits {
  max: number;
  tooMany: string;
  /** The message when none is sent, or null when photos are optional. */
  required: string | null;
  /** Bytes per file (5 MB unless said) and what is said over it. */
  maxBytes?: number;
  tooLarge?: string;
}

/** A listing's: 1 to 8 (part 1 §5). */
const listingPhotoLimits: PhotoLimits = {
  max: MAX_PHOTOS,
  tooMany: m.tooManyPhotos,
  required: m.photoRequired,
};

/**
 * Checks every photo before decoding any, then re-encodes each as WebP: rotated upright, every
 * metadata (EXIF, GPS, ICC…) dropped, and whatever else the file carried (a polyglot's script) gone.
 * `existing` counts the photos already kept (a listing's, a party's evidence).
 */
export async function processPhotos(
  photos: UploadedPhoto[],
  existing = 0,
  limits: PhotoLimits = listingPhotoLimits,
): Promise<ProcessedPhoto[]> {
  const total = existing + photos.length;
  if (total === 0 && limits.required) throw invalid(limits.required);
  if (total > limits.max) throw invalid(limits.tooMany);
  for (const photo of photos) {
    if (photo.truncated || photo.data.length > (limits.maxBytes ?? MAX_PHOTO_BYTES)) {
      throw invalid(limits.tooLarge ?? m.photoTooLarge);
    }
  }
  for (const photo of photos) {
    const type = await fileTypeFromBuffer(photo.data);
    if (!type || !imageTypes.has(type.mime)) throw invalid(m.notAnImage);
  }
  // One at a time: each decode may take tens of megabytes.
  const processed: ProcessedPhoto[] = [];
  for (const photo of photos) processed.push(await processPhoto(photo.data));
  return processed;
}

async function processPhoto(data: Buffer): Promise<ProcessedPhoto> {
  const sharp = await loadSharp();
  // The same bytes, code, settings and sharp make the same WebPs (cached only where a caller set a cache).
  const encoding = JSON.stringify([
    encodePhoto.toString(),
    decodeOptions,
    IMAGE_WIDTHS,
    WEBP_QUALITY,
    WEBP_EFFORT,
    sharp.versions,
  ]);
  return cached(['webp variants', encoding, data], () => encodePhoto(sharp, data));
}

async function encodePhoto(
  sharp: Awaited<ReturnType<typeof loadSharp>>,
  data: Buffer,
): Promise<ProcessedPhoto> {
  // Reading the header allocates no pixels, so the size is checked here, with a message of its own.
  const metadata = await sharp(data, { ...decodeOptions, limitInputPixels: false })
    .metadata()
    .catch(() => {
      throw invalid(m.notAnImage);
    });
  const { width, height } = metadata.autoOrient;
  if (width * height > MAX_INPUT_PIXELS) throw invalid(m.photoTooLarge);

  // The standard widths below the photo's own, then its own (capped at the largest): a 600px photo is
  // kept at 320 and 600, never enlarged, never only at 320.
  const largest = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1] ?? width;
  const targets = [...IMAGE_WIDTHS.filter((w) => w < Math.min(width, largest)), Math.min(width, largest)];
  try {
    const variants = await Promise.all(
      targets.map(async (target) => ({
        width: target,
        data: await sharp(data, decodeOptions)
          .resize({ width: target, height: WEBP_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
          .webp({ quality: WEBP_QUALITY, effort: WEBP_EFFORT })
          .toBuffer(),
      })),
    );
    return { width, height, variants };
  } catch {
    // The bytes looked like an image but do not decode (truncated, corrupt, or only a forged header).
    throw invalid(m.notAnImage);
  }
}

/**
 * Writes each photo's variants under '<folder>/<random>-<width>.webp' (folder e.g. 'listings/12'). When a
 * write fails, removes every file this call meant to write, then rethrows: no orphan files.
 */
export async function storePhotos(
  storage: Storage,
  folder: string,
  photos: ProcessedPhoto[],
): Promise<StoredPhoto[]> {
  const stored: StoredPhoto[] = [];
  const writes: { key: string; data: Buffer }[] = [];
  for (const photo of photos) {
    const key = `${folder}/${randomBytes(8).toString('hex')}`;
    stored.push({
      key,
      widths: photo.variants.map((v) => v.width),
      width: photo.width,
      height: photo.height,
    });
    for (const v of photo.variants) writes.push({ key: variantKey(key, v.width), data: v.data });
  }
  // Wait for every write to settle, so none lands after the clean-up.
  const results = await Promise.allSettled(writes.map((w) => storage.put(w.key, w.data, 'image/webp')));
  const failure = results.find((r) => r.status === 'rejected');
  if (failure) {
    await storage.delete(writes.map((w) => w.key)).catch(() => {});
    throw failure.reason;
  }
  return stored;
}

/** Every file key of stored photos (for deletion). */
export function photoFileKeys(photos: { key: string; widths: number[] }[]): string[] {
  return photos.flatMap((photo) => photo.widths.map((w) => variantKey(photo.key, w)));
}

/** `url` is the 640px variant (or the largest below it), `srcSet` lists every width. */
export function photoUrls(photo: { key: string; widths: number[] }): { url: string; srcSet: string } {
  const widths = [...photo.widths].sort((a, b) => a - b);
  const urlOf = (w: number) => `/media/${variantKey(photo.key, w)}`;
  const main = widths.filter((w) => w <= 640).at(-1) ?? widths[0];
  return {
    url: main === undefined ? '' : urlOf(main),
    srcSet: widths.map((w) => `${urlOf(w)} ${w}w`).join(', '),
  };
}

const variantKey = (key: string, width: number) => `${key}-${width}.webp`;

/**
 * A profile picture: the same checks as a listing photo (size, bytes, pixels), then one square WebP of
 * `size` pixels, centred crop, every metadata dropped. `tooLarge` and `notImage` are the caller's messages.
 */
export async function processAvatar(
  photo: UploadedPhoto,
  {
    size,
    maxBytes,
    tooLarge,
    notImage,
  }: { size: number; maxBytes: number; tooLarge: AppError; notImage: AppError },
): Promise<Buffer> {
  if (photo.truncated || photo.data.length > maxBytes) throw tooLarge;
  const type = await fileTypeFromBuffer(photo.data);
  if (!type || !imageTypes.has(type.mime)) throw notImage;
  const sharp = await loadSharp();
  const metadata = await sharp(photo.data, { ...decodeOptions, limitInputPixels: false })
    .metadata()
    .catch(() => {
      throw notImage;
    });
  if (metadata.autoOrient.width * metadata.autoOrient.height > MAX_INPUT_PIXELS) throw tooLarge;
  try {
    return await sharp(photo.data, { ...decodeOptions, animated: false })
      .resize({ width: size, height: size, fit: 'cover', position: 'attention' })
      .webp({ quality: WEBP_QUALITY, effort: 4 })
      .toBuffer();
  } catch {
    throw notImage;
  }
}
