import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { listingMessages as m } from '@shared/listing-messages';
import sharp from 'sharp';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../src/server/errors';
import {
  photoFileKeys,
  photoUrls,
  processPhotos,
  storePhotos,
  type UploadedPhoto,
} from '../../src/server/modules/media/photos';
import { createLocalStorage } from '../../src/server/storage/local';
import type { Storage } from '../../src/server/storage/storage';
import { makeImage, makeLargeImage, makePixelBomb, makeTextFile } from '../helpers/images';

// Counts decodes, to prove that a batch with a bad file is refused before any photo is processed.
const decodes = vi.hoisted(() => ({ count: 0 }));
vi.mock('sharp', async (importOriginal) => {
  const real = (await importOriginal<typeof import('sharp')>()).default;
  const counted = (...args: Parameters<typeof real>) => {
    decodes.count++;
    return real(...args);
  };
  return { default: Object.assign(counted, real) };
});

const photo = (data: Buffer, filename = 'foto.png'): UploadedPhoto => ({ filename, data });

async function photoError(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  const appError = error as AppError;
  expect(appError.code).toBe('VALIDATION');
  expect(appError.fields).toEqual({ photos: appError.message });
  return appError.message;
}

describe('processPhotos: checks', () => {
  beforeEach(() => {
    decodes.count = 0;
  });

  it('refuses a text file renamed .png', async () => {
    expect(await photoError(processPhotos([photo(makeTextFile(), 'foto.png')]))).toBe(m.notAnImage);
  });

  it('refuses bytes that claim to be a PNG but do not decode', async () => {
    const png = await makeImage({ format: 'png' });
    const broken = Buffer.concat([png.subarray(0, 40), Buffer.alloc(200, 7)]);
    expect(await photoError(processPhotos([photo(broken)]))).toBe(m.notAnImage);
  });

  it('refuses a photo over 5 MB, and one that multipart cut at the limit', async () => {
    const large = await makeLargeImage();
    expect(large.length).toBeGreaterThan(6 * 1024 * 1024);
    expect(await photoError(processPhotos([photo(large)]))).toBe(m.photoTooLarge);

    const cut = { ...photo(large.subarray(0, 5 * 1024 * 1024)), truncated: true };
    expect(await photoError(processPhotos([cut]))).toBe(m.photoTooLarge);
  });

  it('refuses 9 photos, and 8 new ones beside a kept one, before processing any', async () => {
    const png = await makeImage({ width: 400, height: 300 });
    decodes.count = 0;
    const nine = Array.from({ length: 9 }, () => photo(png));
    expect(await photoError(processPhotos(nine))).toBe(m.tooManyPhotos);
    expect(await photoError(processPhotos(nine.slice(1), 1))).toBe(m.tooManyPhotos);
    expect(decodes.count).toBe(0);
  });

  it('refuses a batch whose last file is not an image without decoding the first', async () => {
    const png = await makeImage({ width: 400, height: 300 });
    decodes.count = 0;
    expect(await photoError(processPhotos([photo(png), photo(makeTextFile())]))).toBe(m.notAnImage);
    expect(decodes.count).toBe(0);
  });

  it('asks for at least one photo, unless the listing keeps some', async () => {
    expect(await photoError(processPhotos([]))).toBe(m.photoRequired);
    await expect(processPhotos([], 2)).resolves.toEqual([]);
  });

  it('refuses a decompression bomb: a small file declaring a huge image', async () => {
    const bomb = await makePixelBomb(10_000, 6_000);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(await photoError(processPhotos([photo(bomb)]))).toBe(m.photoTooLarge);
  });
});

describe('processPhotos: re-encoding', () => {
  it('turns a phone JPEG into upright WebPs at 320/640 and its own width, with no metadata left', async () => {
    // 1600×900 as stored, orientation 6: the photo is really 900 wide and 1600 tall.
    const jpeg = await makeImage({ width: 1600, height: 900, format: 'jpeg', exif: true, orientation: 6 });
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();

    const [result] = await processPhotos([photo(jpeg, 'celular.jpg')]);
    expect(result).toMatchObject({ width: 900, height: 1600 });
    // 1280 would be an upscale of a 900 px wide photo: it is kept at its own width instead.
    expect(result?.variants.map((v) => v.width)).toEqual([320, 640, 900]);
    for (const variant of result?.variants ?? []) {
      const out = await sharp(variant.data).metadata();
      expect(out.format).toBe('webp');
      expect(out.width).toBe(variant.width);
      expect(out.height).toBe(Math.round((variant.width * 1600) / 900));
      expect(out.exif).toBeUndefined();
      expect(out.icc).toBeUndefined();
      expect(out.xmp).toBeUndefined();
      expect(out.orientation).toBeUndefined();
    }
  });

  it('keeps a photo narrower than 320 px at its own width', async () => {
    const [result] = await processPhotos([
      photo(await makeImage({ width: 200, height: 100, format: 'gif' })),
    ]);
    expect(result?.variants.map((v) => v.width)).toEqual([200]);
  });

  it('accepts JPEG, PNG, GIF, WebP and AVIF, and stores all three widths of a large one', async () => {
    const formats = ['jpeg', 'png', 'gif', 'webp', 'avif'] as const;
    const uploads = await Promise.all(
      formats.map(async (format) => photo(await makeImage({ width: 1400, height: 700, format }))),
    );
    const results = await processPhotos(uploads);
    expect(results.map((r) => r.variants.map((v) => v.width))).toEqual(formats.map(() => [320, 640, 1280]));
  });
});

/** A Storage in memory whose nth put fails. */
function fakeStorage(failOnPut?: number) {
  const files = new Map<string, Buffer>();
  let puts = 0;
  const storage: Storage = {
    async put(key, body) {
      puts++;
      if (puts === failOnPut) throw new Error('disk full');
      files.set(key, body);
    },
    get: async () => null,
    async delete(keys) {
      for (const key of keys) files.delete(key);
    },
    async deletePrefix(prefix) {
      for (const key of files.keys()) if (key.startsWith(prefix)) files.delete(key);
    },
    async *list(prefix) {
      for (const key of files.keys()) if (key.startsWith(prefix)) yield { key, modifiedAt: new Date() };
    },
  };
  return { storage, files };
}

describe('storePhotos', () => {
  it('writes every variant under listings/<id>/<random>-<width>.webp', async () => {
    const processed = await processPhotos([
      photo(await makeImage({ width: 1400, height: 700 })),
      photo(await makeImage({ width: 500, height: 500 })),
    ]);
    const { storage, files } = fakeStorage();
    const stored = await storePhotos(storage, 'listings/12', processed);

    expect(stored).toHaveLength(2);
    expect(stored[0]).toMatchObject({ widths: [320, 640, 1280], width: 1400, height: 700 });
    expect(stored[1]).toMatchObject({ widths: [320, 500], width: 500, height: 500 });
    expect(stored[0]?.key).toMatch(/^listings\/12\/[0-9a-f]{16}$/);
    expect(stored[0]?.key).not.toBe(stored[1]?.key);
    expect([...files.keys()].sort()).toEqual(photoFileKeys(stored).sort());
    expect(photoFileKeys(stored)).toHaveLength(5);
  });

  it('removes what it wrote when a write fails, then rethrows', async () => {
    const processed = await processPhotos([
      photo(await makeImage({ width: 1400, height: 700 })),
      photo(await makeImage({ width: 1400, height: 700 })),
    ]);
    const { storage, files } = fakeStorage(3);
    await expect(storePhotos(storage, 'listings/7', processed)).rejects.toThrow('disk full');
    expect(files.size).toBe(0);
  });
});

describe('photoUrls', () => {
  it('points at the 640 px variant and lists every width', () => {
    expect(photoUrls({ key: 'listings/3/abc', widths: [320, 640, 1280] })).toEqual({
      url: '/media/listings/3/abc-640.webp',
      srcSet:
        '/media/listings/3/abc-320.webp 320w, /media/listings/3/abc-640.webp 640w, /media/listings/3/abc-1280.webp 1280w',
    });
  });

  it('falls back to the largest width below 640', () => {
    expect(photoUrls({ key: 'listings/3/abc', widths: [320] }).url).toBe('/media/listings/3/abc-320.webp');
    expect(photoUrls({ key: 'listings/3/abc', widths: [200] }).url).toBe('/media/listings/3/abc-200.webp');
  });
});

describe('local storage', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'mg-media-'));
  const storage = createLocalStorage(dir);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes, reads and deletes files, creating folders and leaving no temp file', async () => {
    await storage.put('listings/12/ab12cd-640.webp', Buffer.from('webp bytes'), 'image/webp');
    expect(readFileSync(path.join(dir, 'listings/12/ab12cd-640.webp'), 'utf8')).toBe('webp bytes');
    expect(readdirSync(path.join(dir, '.tmp'))).toEqual([]);

    const file = await storage.get('listings/12/ab12cd-640.webp');
    expect(file).toMatchObject({ contentType: 'image/webp', size: 10 });
    expect(await text(file!.body)).toBe('webp bytes');

    await storage.delete(['listings/12/ab12cd-640.webp', 'listings/12/never-written.webp']);
    expect(await storage.get('listings/12/ab12cd-640.webp')).toBeNull();
    expect(await storage.get('listings/12')).toBeNull();
  });

  it('refuses keys that leave its folder', async () => {
    for (const key of [
      '../escape.webp',
      'listings/../../escape.webp',
      '/etc/passwd',
      'a\\..\\b',
      '.tmp/x',
      '',
    ]) {
      await expect(storage.put(key, Buffer.from('x'), 'image/webp')).rejects.toThrow('Invalid storage key');
      expect(await storage.get(key)).toBeNull();
    }
  });
});
