import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processPhotos, storePhotos } from '../../src/server/modules/media/photos';
import { createLocalStorage } from '../../src/server/storage/local';
import { createS3Storage } from '../../src/server/storage/s3';
import type { Storage } from '../../src/server/storage/storage';
import { errorOf } from '../helpers/http';
import { makeImage } from '../helpers/images';
import { startS3 } from '../helpers/s3';
import { createTestApp, type TestApp } from '../helpers/test-app';

async function storedPhotoUrl(storage: Storage) {
  const processed = await processPhotos([{ filename: 'foto.png', data: await makeImage({ width: 700 }) }]);
  const [photo] = await storePhotos(storage, 'listings/1', processed);
  return `/media/${photo?.key}-640.webp`;
}

function expectServedWebp(response: LightMyRequestResponse) {
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('image/webp');
  expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
}

function expectNotFound(response: LightMyRequestResponse) {
  expect(response.statusCode).toBe(404);
  expect(errorOf(response).code).toBe('NOT_FOUND');
}

describe('media in the local folder', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('serves a stored photo as an immutable WebP', async () => {
    const url = await storedPhotoUrl(createLocalStorage(t.config.media.dir));
    const response = await t.app.inject({ method: 'GET', url });
    expectServedWebp(response);
    expect((await sharp(response.rawPayload).metadata()).width).toBe(640);
  });

  it('answers 404 with a JSON error for a missing file', async () => {
    expectNotFound(await t.app.inject({ method: 'GET', url: '/media/listings/1/nao-existe-640.webp' }));
    expectNotFound(await t.app.inject({ method: 'GET', url: '/media/listings' }));
    expectNotFound(await t.app.inject({ method: 'GET', url: '/media/' }));
  });

  it('refuses paths that climb out of the media folder', async () => {
    // A file beside the media folder that a traversal would reach.
    writeFileSync(path.join(t.config.dataDir, 'secret.txt'), 'segredo');
    for (const url of [
      '/media/../secret.txt',
      '/media/listings/../../secret.txt',
      '/media/listings/..%2F..%2Fsecret.txt',
      '/media/%2E%2E/secret.txt',
      '/media/..%5Csecret.txt',
      '/media//etc/passwd',
      '/media/.tmp/x',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toContain('segredo');
    }
  });

  it('never follows a link planted in the media folder: a guest gets 404, not what it points at', async () => {
    const media = t.config.media.dir;
    const secret = readFileSync(path.join(t.config.dataDir, 'session-secret'), 'utf8');
    mkdirSync(path.join(media, 'listings', '77'), { recursive: true });
    mkdirSync(path.join(media, 'trades', '5'), { recursive: true });
    writeFileSync(path.join(media, 'trades', '5', 'privada.webp'), 'foto privada');
    // A file link to the session secret, a folder link out of the store, a public folder linked to a private one.
    symlinkSync(path.join(t.config.dataDir, 'session-secret'), path.join(media, 'listings', '77', 'a.webp'));
    symlinkSync(t.config.dataDir, path.join(media, 'listings', 'dados'));
    symlinkSync(path.join(media, 'trades', '5'), path.join(media, 'avatars'));
    for (const url of [
      '/media/listings/77/a.webp',
      '/media/listings/dados/session-secret',
      '/media/avatars/privada.webp',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toContain(secret);
      expect(response.body, url).not.toContain('foto privada');
    }
  });
});

describe('media in an S3 bucket', () => {
  let s3: Awaited<ReturnType<typeof startS3>>;
  let t: TestApp;
  beforeAll(async () => {
    s3 = await startS3();
    t = await createTestApp(s3.env);
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
  });

  it('puts, gets and deletes objects; a missing key is null', async () => {
    const storage = createS3Storage(s3.media);
    await storage.put('listings/5/abc-320.webp', Buffer.from('conteudo'), 'image/webp');
    const file = await storage.get('listings/5/abc-320.webp');
    expect(file).toMatchObject({ contentType: 'image/webp', size: 8 });
    expect(await text(file!.body)).toBe('conteudo');

    await storage.delete(['listings/5/abc-320.webp', 'listings/5/nunca-existiu.webp']);
    expect(await storage.get('listings/5/abc-320.webp')).toBeNull();
    await storage.delete([]);
  });

  it('deletes more keys than one DeleteObjects request takes', async () => {
    const storage = createS3Storage(s3.media);
    const keys = Array.from({ length: 1005 }, (_, i) => `bulk/${i}.webp`);
    await Promise.all(keys.slice(-3).map((key) => storage.put(key, Buffer.from('x'), 'image/webp')));
    await storage.delete(keys);
    for (const key of keys.slice(-3)) expect(await storage.get(key)).toBeNull();
  });

  it('serves a photo the app stored in the bucket, and 404 for a missing one', async () => {
    expect(t.config.media.s3?.bucket).toBe(s3.media.bucket);
    const url = await storedPhotoUrl(createS3Storage(s3.media));
    expectServedWebp(await t.app.inject({ method: 'GET', url }));
    expectNotFound(await t.app.inject({ method: 'GET', url: '/media/listings/1/nao-existe-640.webp' }));
    expectNotFound(await t.app.inject({ method: 'GET', url: '/media/listings/../secret.txt' }));
  });
});
