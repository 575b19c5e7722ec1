import { MAX_PHOTOS } from '@shared/listings';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { listingImages } from '../../src/server/db/schema';
import { MAX_LISTING_EDITS } from '../../src/server/http/rate-limits';
import { createStorage } from '../../src/server/storage';
import type { Storage } from '../../src/server/storage/storage';
import { createUser } from '../factories/accounts';
import { createGames, listingForm, photo, postListing } from '../factories/listings';
import { apiOf } from '../helpers/api';
import { errorOf, signIn } from '../helpers/http';
import { makeImage } from '../helpers/images';
import { multipart } from '../helpers/multipart';
import { race, releaseAll } from '../helpers/race-seam';
import { createTestApp, type TestApp } from '../helpers/test-app';

/**
 * Edits that race each other or a delete, each in one interleaving pinned by a barrier (the race is real on
 * PostgreSQL; PGlite serialises queries, so there the second simply comes after).
 */
let t: TestApp;
const api = apiOf(() => t);
let gameId: number;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  const games = await createGames(t.db);
  gameId = games.valorant as number;
  const seller = await createUser(t.db);
  cookie = await signIn(t.app, seller.email, seller.password);
});
afterEach(releaseAll);
afterAll(() => t.close());

async function publish(photos: number): Promise<number> {
  const files = await Promise.all(Array.from({ length: photos }, () => photo()));
  const res = await postListing(t.app, cookie, listingForm(gameId), files);
  expect(res.statusCode).toBe(201);
  return res.json().id;
}

async function imagesOf(id: number) {
  return t.db
    .select({ id: listingImages.id, position: listingImages.position })
    .from(listingImages)
    .where(eq(listingImages.listingId, id));
}

async function edit(id: number, keepImageIds: number[], photos: number, app = t.app) {
  const files = await Promise.all(
    Array.from({ length: photos }, async (_, i) => ({
      filename: `nova-${i}.png`,
      data: await makeImage({ width: 1600, height: 1200 }),
    })),
  );
  const body = multipart({ ...listingForm(gameId), keepImageIds: JSON.stringify(keepImageIds) }, files);
  return apiOf(() => ({ ...t, app }))
    .as(cookie)
    .put(`/api/listings/${id}`, body);
}

describe('concurrent edits', () => {
  it(`an edit queued behind another's lock replaces that one's new photos: ${MAX_PHOTOS}, one per position`, async () => {
    const id = await publish(4);
    const kept = (await imagesOf(id)).map((image) => image.id);
    // Both keep the 4 photos and add 4. The second waits for the first's lock on the listing, then finds the
    // first's 4 new photos, which it does not keep: they go, and its own 4 take their positions.
    const [first, second] = await race(
      t,
      'listing-edit:locked',
      () => edit(id, kept, 4),
      () => edit(id, kept, 4),
    );
    expect([first.statusCode, second.statusCode], `${first.body} ${second.body}`).toEqual([200, 200]);
    const images = await imagesOf(id);
    expect(images).toHaveLength(MAX_PHOTOS);
    const positions = images.map((image) => image.position).sort((a, b) => a - b);
    expect(positions).toEqual(positions.map((_, i) => i));
    // The kept 4 and the second edit's 4: the ids come in insertion order, so the first edit's 4 are gone.
    const ids = images.map((image) => image.id).sort((a, b) => a - b);
    expect(ids.slice(0, 4)).toEqual([...kept].sort((a, b) => a - b));
    expect(Math.min(...ids.slice(4))).toBeGreaterThan(Math.max(...kept) + 4);
  });

  it('an edit racing a delete answers 404, not 500', async () => {
    const id = await publish(1);
    const kept = (await imagesOf(id)).map((image) => image.id);
    // The edit stores its new photos between its first look at the listing and its transaction; the delete
    // lands while it is storing them (its storage holds the first photo until the delete answered).
    let storingStarted = () => {};
    const storing = new Promise<void>((resolve) => {
      storingStarted = resolve;
    });
    let deleteAnswered = () => {};
    const deleted = new Promise<void>((resolve) => {
      deleteAnswered = resolve;
    });
    const storage = createStorage(t.config.media);
    const held: Storage = Object.create(storage, {
      put: {
        value: async (key: string, body: Buffer, contentType: string) => {
          storingStarted();
          await deleted;
          return storage.put(key, body, contentType);
        },
      },
    });
    const editor = await t.alongside({}, { storage: held });
    try {
      const editing = edit(id, kept, 3, editor.app);
      await storing;
      const removed = await api.as(cookie).delete(`/api/listings/${id}`);
      deleteAnswered();
      expect(removed.statusCode).toBe(204);
      const res = await editing;
      expect(res.statusCode).toBe(404);
      expect(await imagesOf(id)).toEqual([]);
    } finally {
      deleteAnswered();
      await editor.close();
    }
  });
});

describe('edit limit', () => {
  it(`takes ${MAX_LISTING_EDITS} photo-replacing edits per window from one seller, then refuses in pt-BR and changes nothing`, async () => {
    const seller = await createUser(t.db);
    const own = await signIn(t.app, seller.email, seller.password);
    const listed = await postListing(t.app, own, listingForm(gameId), [await photo()]);
    expect(listed.statusCode).toBe(201);
    const id: number = listed.json().id;
    const small = await makeImage({ width: 320, height: 240 });
    const editAs = (title: string) => {
      const body = multipart({ ...listingForm(gameId, { title }), keepImageIds: '[]' }, [
        { filename: 'nova.png', data: small },
      ]);
      return api.as(own).put(`/api/listings/${id}`, body);
    };
    for (let i = 1; i <= MAX_LISTING_EDITS; i++) {
      const res = await editAs(`Conta editada ${i}`);
      expect(res.statusCode, res.body).toBe(200);
    }
    const photoIds = async () => (await imagesOf(id)).map((image) => image.id).sort((a, b) => a - b);
    const before = await photoIds();

    const refused = await editAs('Conta editada demais');
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused).message).toBe('Muitas tentativas. Aguarde alguns minutos e tente novamente.');
    const view = await api.as(own).get(`/api/listings/${id}/edit`);
    expect(view.json().title).toBe(`Conta editada ${MAX_LISTING_EDITS}`);
    expect(await photoIds()).toEqual(before);

    // Another seller's edits are counted apart.
    const other = await createUser(t.db);
    const otherCookie = await signIn(t.app, other.email, other.password);
    const theirs = await postListing(t.app, otherCookie, listingForm(gameId), [await photo()]);
    const body = multipart({ ...listingForm(gameId), keepImageIds: '[]' }, [
      { filename: 'a.png', data: small },
    ]);
    const edited = await api.as(otherCookie).put(`/api/listings/${theirs.json().id}`, body);
    expect(edited.statusCode).toBe(200);
  });
});
