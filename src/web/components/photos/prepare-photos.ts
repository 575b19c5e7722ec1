import { listingMessages as m } from '@shared/listing-messages';
import { MAX_PHOTO_BYTES } from '@shared/listings';
import type { PhotoProblem } from './photos';

/**
 * The longest side a photo keeps when the browser re-encodes it: above the largest width the server stores
 * (1280 px), with room for zoom; the server re-encodes whatever arrives anyway.
 */
const MAX_SIDE = 2560;
/** JPEG qualities tried in turn until the photo fits the 5 MB the server takes (then at half the size). */
const QUALITIES = [0.85, 0.7, 0.55];

/**
 * A phone's photo as the server takes it, or what is wrong with it, decided before any byte is sent: each file
 * is decoded here, so a file that is not an image is named ('A foto 3 não é uma imagem'); a HEIC/HEIF photo
 * (iPhones, many Androids) is converted to JPEG, and one over 5 MB is scaled down and re-encoded.
 * `firstNumber` numbers the files as the picker shows them (after the photos already chosen).
 */
export async function preparePhotos(
  files: File[],
  firstNumber: number,
): Promise<{ files: File[] } | { problem: PhotoProblem }> {
  const prepared: File[] = [];
  for (const [index, file] of files.entries()) {
    const number = firstNumber + index;
    const heif = await isHeif(file);
    const bitmap = await decode(file, heif);
    if (!bitmap) return { problem: { title: m.photoNotAnImage(number), description: m.photoFormats } };
    try {
      const tooLarge = file.size > MAX_PHOTO_BYTES || Math.max(bitmap.width, bitmap.height) > MAX_SIDE * 2;
      const result = heif || tooLarge ? await reencode(bitmap, file.name) : file;
      if (!result) return { problem: { title: m.photoTooLargeTitle, description: m.photoTooLarge } };
      prepared.push(result);
    } finally {
      bitmap.close();
    }
  }
  return { files: prepared };
}

/** The ISO-BMFF brands of HEIC/HEIF stills (AVIF, which Chromium decodes itself, is not among them). */
const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']);

async function isHeif(file: File): Promise<boolean> {
  const head = new Uint8Array(await file.slice(0, 12).arrayBuffer());
  const text = String.fromCharCode(...head);
  return text.slice(4, 8) === 'ftyp' && HEIF_BRANDS.has(text.slice(8, 12));
}

/**
 * Decodes with the browser's own decoders; a HEIF photo the browser cannot open (all but Safari) goes through
 * libheif compiled to WebAssembly (`heic-to`, ~3 MB, downloaded only when such a photo is picked).
 */
async function decode(file: File, heif: boolean): Promise<ImageBitmap | null> {
  try {
    return await createImageBitmap(file);
  } catch {
    if (!heif) return null;
  }
  try {
    const { heicTo } = await import('heic-to/csp');
    return await heicTo({ blob: file, type: 'bitmap' });
  } catch {
    return null;
  }
}

/** A JPEG of the photo within 5 MB: the largest side first, then smaller, each at falling qualities. */
async function reencode(bitmap: ImageBitmap, name: string): Promise<File | null> {
  const jpegName = `${name.replace(/\.[^.]*$/, '') || 'foto'}.jpg`;
  for (const side of [MAX_SIDE, MAX_SIDE / 2]) {
    const scale = Math.min(1, side / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    const context = canvas.getContext('2d');
    if (!context) return null;
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    for (const quality of QUALITIES) {
      const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
      if (blob && blob.size <= MAX_PHOTO_BYTES) return new File([blob], jpegName, { type: 'image/jpeg' });
    }
  }
  return null;
}
