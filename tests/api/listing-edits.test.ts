import { MAX_PHOTOS } from '@shared/listings';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listingImages } from '../../src/server/db/schema';
import { createUser } from '../factories/accounts';
import { createGames, listingForm, photo, postListing } from '../factories/listings';
import { signIn } from '../helpers/http';
import { makeImage } from '../helpers/images';
import { multipart } from '../helpers/multipart';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../helpers/test-app';

/** Edits that race each other or a delete (the race is real on PostgreSQL; PGlite serialises queries). */
let t: TestApp;
let gameId: number;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  const games = await createGames(t.db);
  gameId = games.valorant as number;
  const seller = await createUser(t.db);
  cookie = await signIn(t.app, seller.email, seller.password);
});
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

async function edit(id: number, keepImageIds: number[], photos: number) {
  const files = await Promise.all(
    Array.from({ length: photos }, async (_, i) => ({
      filename: `nova-${i}.png`,
      data: await makeImage({ width: 1600, height: 1200 }),
    })),
  );
  const body = multipart({ ...listingForm(gameId), keepImageIds: JSON.stringify(keepImageIds) }, files);
  return t.app.inject({
    method: 'PUT',
    url: `/api/listings/${id}`,
    headers: { ...body.headers, origin: TEST_ORIGIN, cookie },
    payload: body.payload,
  });
}

describe('concurrent edits', () => {
  it(`two edits each adding photos never leave more than ${MAX_PHOTOS}, nor two in one position`, async () => {
    const id = await publish(4);
    const kept = (await imagesOf(id)).map((image) => image.id);
    const results = await Promise.all([edit(id, kept, 4), edit(id, kept, 4)]);
    for (const res of results) expect([200, 400]).toContain(res.statusCode);
    const images = await imagesOf(id);
    expect(images.length).toBeLessThanOrEqual(MAX_PHOTOS);
    const positions = images.map((image) => image.position).sort((a, b) => a - b);
    expect(positions).toEqual(positions.map((_, i) => i));
  });

  it('an edit racing a delete answers 404, not 500', async () => {
    const id = await publish(1);
    const kept = (await imagesOf(id)).map((image) => image.id);
    // The edit decodes its photos (slow) between its first look at the listing and its transaction;
    // the delete lands in between.
    const editing = edit(id, kept, 3);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/listings/${id}`,
      headers: { origin: TEST_ORIGIN, cookie },
    });
    expect(removed.statusCode).toBe(204);
    const res = await editing;
    expect(res.statusCode).toBe(404);
    expect(await imagesOf(id)).toEqual([]);
  });
});
