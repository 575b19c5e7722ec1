import { utimes } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { whatsappGroups } from '../../src/server/db/schema';
import { sweepOrphanFiles } from '../../src/server/modules/media/sweep';
import { createStorage, type Storage } from '../../src/server/storage';
import { createUser } from '../factories/accounts';
import { createGames, listingForm, photo, postListing } from '../factories/listings';
import { apiOf } from '../helpers/api';
import { signIn } from '../helpers/http';
import { makeImage } from '../helpers/images';
import { multipart } from '../helpers/multipart';
import { startS3 } from '../helpers/s3';
import { createTestApp, type TestApp } from '../helpers/test-app';

/**
 * After any crash the store converges to 'a file exists only if a row points at it': the sweep removes
 * old files no row references, and never a referenced listing photo or group picture, nor a young file
 * (an upload whose row is about to commit), nor anything outside the folders it owns.
 */
const HOUR = 60 * 60 * 1000;

async function allKeys(storage: Storage): Promise<string[]> {
  const keys: string[] = [];
  for await (const file of storage.list('')) keys.push(file.key);
  return keys.sort();
}

async function gameOf(t: TestApp) {
  const games = await createGames(t.db);
  return { gameId: games.valorant as number };
}

async function withFiles(t: TestApp, storage: Storage, gameId: number) {
  const seller = await createUser(t.db);
  const cookie = await signIn(t.app, seller.email, seller.password);
  const res = await postListing(t.app, cookie, listingForm(gameId), [await photo()]);
  expect(res.statusCode).toBe(201);
  const listingId: number = res.json().id;
  const referenced = await allKeys(storage);
  expect(referenced).toHaveLength(3);

  const [group] = await t.db
    .insert(whatsappGroups)
    .values({
      title: 'Grupo',
      description: 'Grupo de teste',
      whatsappLink: 'https://chat.whatsapp.com/abc',
      gameCategory: 'Valorant',
      imageKey: 'groups/1/0123456789abcdef',
      imageWidths: [320, 640],
    })
    .returning({ id: whatsappGroups.id });
  expect(group?.id).toBe(1);
  const groupPicture = ['groups/1/0123456789abcdef-320.webp', 'groups/1/0123456789abcdef-640.webp'];
  const orphans = [
    // A crashed edit's photo beside the listing's own, a crashed publish's folder, an old group picture.
    `listings/${listingId}/feedfacefeedface-640.webp`,
    'listings/999/deadbeefdeadbeef-320.webp',
    'listings/999/deadbeefdeadbeef-1280.webp',
    'groups/1/aaaaaaaaaaaaaaaa-320.webp',
    'groups/2/bbbbbbbbbbbbbbbb-320.webp',
    'listings/99999999999/x-320.webp',
  ];
  // Not the sweep's: a folder no owner declares, which it must leave alone.
  const foreign = ['outra-pasta/u1/face-320.webp'];
  for (const key of [...groupPicture, ...orphans, ...foreign]) {
    await storage.put(key, Buffer.from('x'), 'image/webp');
  }
  return { listingId, cookie, referenced: [...referenced, ...groupPicture], orphans, foreign };
}

describe('orphan sweep, local folder', () => {
  let t: TestApp;
  let storage: Storage;
  let gameId: number;
  beforeAll(async () => {
    t = await createTestApp();
    storage = createStorage(t.config.media);
    ({ gameId } = await gameOf(t));
  });
  afterAll(() => t.close());

  it('removes old unreferenced files and keeps referenced, young and foreign ones', async () => {
    const { referenced, orphans, foreign } = await withFiles(t, storage, gameId);
    const young = 'listings/998/cafecafecafecafe-320.webp';
    await storage.put(young, Buffer.from('x'), 'image/webp');
    const old = new Date(Date.now() - 2 * HOUR);
    for (const key of [...referenced, ...orphans, ...foreign]) {
      await utimes(path.join(t.config.media.dir, key), old, old);
    }

    const result = await sweepOrphanFiles(t.db, storage);
    expect(result.removed).toBe(orphans.length);
    expect(await allKeys(storage)).toEqual([...referenced, ...foreign, young].sort());
    // Listed pages still work: the listing's photo is served.
    for (const key of referenced) expect(await storage.get(key), key).not.toBeNull();
  });
});

describe('orphan sweep, avatars', () => {
  let t: TestApp;
  const api = apiOf(() => t);
  let storage: Storage;
  beforeAll(async () => {
    t = await createTestApp();
    storage = createStorage(t.config.media);
  });
  afterAll(() => t.close());

  it('removes an old avatar file no profile names, and keeps the current avatar and a fresh upload', async () => {
    const member = await createUser(t.db);
    const cookie = await signIn(t.app, member.email, member.password);
    const form = multipart({}, [{ filename: 'eu.png', data: await makeImage({ width: 300, height: 300 }) }]);
    const res = await api.as(cookie).put('/api/accounts/me/avatar', form);
    expect(res.statusCode).toBe(200);
    const current = (res.json().avatarUrl as string).replace(/^\/media\//, '');

    // What crashes leave: a replaced file not yet removed, an upload whose row never committed, and the file of a
    // member with no avatar any more (an account deletion whose folder removal failed).
    const noAvatar = await createUser(t.db);
    const orphans = [
      `avatars/${member.id}/0000000000000000.webp`,
      'avatars/sem-conta/1111111111111111.webp',
      `avatars/${noAvatar.id}/2222222222222222.webp`,
    ];
    for (const key of orphans) await storage.put(key, Buffer.from('x'), 'image/webp');
    const old = new Date(Date.now() - 2 * HOUR);
    for (const key of [current, ...orphans]) await utimes(path.join(t.config.media.dir, key), old, old);
    // Young: an upload whose row may be about to commit.
    const fresh = `avatars/${noAvatar.id}/3333333333333333.webp`;
    await storage.put(fresh, Buffer.from('x'), 'image/webp');

    const result = await sweepOrphanFiles(t.db, storage);
    expect(result.removed).toBe(orphans.length);
    expect(await allKeys(storage)).toEqual([current, fresh].sort());
    // The member's avatar is still served.
    expect((await api.as().get(`/media/${current}`)).statusCode).toBe(200);
  });
});

describe('orphan sweep, S3 bucket', () => {
  let s3: Awaited<ReturnType<typeof startS3>>;
  let t: TestApp;
  const api = apiOf(() => t);
  let storage: Storage;
  let gameId: number;
  beforeAll(async () => {
    s3 = await startS3();
    t = await createTestApp(s3.env);
    storage = createStorage(t.config.media);
    ({ gameId } = await gameOf(t));
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
  });

  it('removes unreferenced objects past the grace period and keeps referenced and foreign ones', async () => {
    const { referenced, orphans, foreign } = await withFiles(t, storage, gameId);
    // Nothing is old enough yet.
    expect((await sweepOrphanFiles(t.db, storage)).removed).toBe(0);
    // An hour later (a bucket's LastModified cannot be set back).
    const result = await sweepOrphanFiles(t.db, storage, new Date(Date.now() + HOUR));
    expect(result.removed).toBe(orphans.length);
    expect(await allKeys(storage)).toEqual([...referenced, ...foreign].sort());
  });

  it('deleting a listing removes its whole folder, stray files included', async () => {
    const seller = await createUser(t.db);
    const cookie = await signIn(t.app, seller.email, seller.password);
    const res = await postListing(t.app, cookie, listingForm(gameId), [await photo()]);
    const id: number = res.json().id;
    await storage.put(`listings/${id}/0000000000000000-320.webp`, Buffer.from('x'), 'image/webp');
    const before = (await allKeys(storage)).filter((key) => key.startsWith(`listings/${id}/`));
    expect(before).toHaveLength(4);

    const removed = await api.as(cookie).delete(`/api/listings/${id}`);
    expect(removed.statusCode).toBe(204);
    expect((await allKeys(storage)).filter((key) => key.startsWith(`listings/${id}/`))).toEqual([]);
  });
});

describe('deleting a listing, local folder', () => {
  let t: TestApp;
  const api = apiOf(() => t);
  let storage: Storage;
  let gameId: number;
  beforeAll(async () => {
    t = await createTestApp();
    storage = createStorage(t.config.media);
    ({ gameId } = await gameOf(t));
  });
  afterAll(() => t.close());

  it('removes its whole folder, stray files included', async () => {
    const { listingId, cookie } = await withFiles(t, storage, gameId);
    const removed = await api.as(cookie).delete(`/api/listings/${listingId}`);
    expect(removed.statusCode).toBe(204);
    expect((await allKeys(storage)).filter((key) => key.startsWith(`listings/${listingId}/`))).toEqual([]);
  });
});
