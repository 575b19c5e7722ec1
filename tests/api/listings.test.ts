import { readdirSync } from 'node:fs';
import { listingMessages as m } from '@shared/listing-messages';
import type { TradeView } from '@shared/trades';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trades } from '../../src/server/db/schema';
import { createStaff, createUser, type TestUser } from '../factories/accounts';
import { createGames, listingForm, photo, postListing } from '../factories/listings';
import { apiOf } from '../helpers/api';
import { errorOf, signIn } from '../helpers/http';
import { makeImage, makeLargeImage, makeTextFile } from '../helpers/images';
import { multipart } from '../helpers/multipart';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
const api = apiOf(() => t);
let games: Record<string, number>;
let seller: TestUser;
let sellerCookie: string;
let otherCookie: string;
let staffCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  games = await createGames(t.db);
  seller = await createUser(t.db);
  const other = await createUser(t.db);
  const staff = await createStaff(t.db);
  sellerCookie = await signIn(t.app, seller.email, seller.password);
  otherCookie = await signIn(t.app, other.email, other.password);
  staffCookie = await signIn(t.app, staff.email, staff.password);
});
afterAll(() => t.close());

const valorant = () => games.valorant as number;

async function newMemberCookie() {
  const member = await createUser(t.db);
  return signIn(t.app, member.email, member.password);
}

/** Files under DATA_DIR/media: a failed request must leave none behind. */
function mediaFiles(): string[] {
  try {
    return readdirSync(t.config.media.dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => e.name);
  } catch {
    return [];
  }
}

async function listingCount(): Promise<number> {
  const res = await api.as().get('/api/listings?pageSize=48');
  return res.json().total;
}

function put(
  id: number,
  cookie: string | undefined,
  fields: Record<string, string>,
  photos = [] as Awaited<ReturnType<typeof photo>>[],
) {
  const body = multipart(fields, photos);
  return api.as(cookie).put(`/api/listings/${id}`, body);
}

function remove(id: number, cookie?: string) {
  return api.as(cookie).delete(`/api/listings/${id}`);
}

describe('publishing', () => {
  it('asks guests to log in and stores nothing', async () => {
    const res = await postListing(t.app, undefined, listingForm(valorant()), [await photo()]);
    expect(res.statusCode).toBe(401);
    expect(errorOf(res).message).toBe(m.accessDenied);
    expect(await listingCount()).toBe(0);
  });

  it.each([
    ['title', { title: '   ' }, m.required],
    ['description', { description: '' }, m.required],
    ['gameId', { gameId: '' }, m.required],
    ['whatsapp', { whatsapp: '' }, m.required],
    ['price', { price: '' }, m.required],
    ['price', { price: '0' }, m.invalidPrice],
    ['price', { price: '0,00' }, m.invalidPrice],
    ['price', { price: 'grátis' }, m.invalidPrice],
    ['price', { price: '10,999' }, m.invalidPrice],
    ['quantity', { quantity: '0' }, m.invalidQuantity],
    ['quantity', { quantity: '1.5' }, m.invalidQuantity],
    ['quantity', { quantity: 'muitos' }, m.invalidQuantity],
    ['whatsapp', { whatsapp: '1234' }, m.invalidWhatsapp],
    ['title', { title: 'x'.repeat(121) }, m.titleTooLong],
    ['gameId', { gameId: '999999' }, m.unknownGame],
    ['kind', { kind: 'carros' }, m.invalidKind],
  ])('refuses a bad %s (%j) with “%s” and stores nothing', async (field, override, message) => {
    const res = await postListing(t.app, sellerCookie, listingForm(valorant(), override), [await photo()]);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).fields?.[field]).toBe(message);
    expect(await listingCount()).toBe(0);
    expect(mediaFiles()).toEqual([]);
  });

  it('says “fill everything” when several required fields are missing', async () => {
    const res = await postListing(t.app, sellerCookie, listingForm(valorant(), { title: '', price: '' }), [
      await photo(),
    ]);
    expect(errorOf(res).message).toBe(m.required);
  });

  it.each([
    ['no photo', async () => [], m.photoRequired],
    [
      'nine photos',
      async () => Promise.all(Array.from({ length: 9 }, (_, i) => photo(`f${i}.png`))),
      m.tooManyPhotos,
    ],
    ['a text file renamed .png', async () => [{ filename: 'foto.png', data: makeTextFile() }], m.notAnImage],
    ['a 6 MB image', async () => [{ filename: 'grande.png', data: await makeLargeImage() }], m.photoTooLarge],
    [
      'a good photo beside a text file',
      async () => [await photo(), { filename: 'b.png', data: makeTextFile() }],
      m.notAnImage,
    ],
  ])('refuses %s and leaves no rows and no files', async (_case, photos, message) => {
    // Refused photos still count against the publish limit: each case is its own seller.
    const res = await postListing(t.app, await newMemberCookie(), listingForm(valorant()), await photos());
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).fields?.photos).toBe(message);
    expect(await listingCount()).toBe(0);
    expect(mediaFiles()).toEqual([]);
  });

  it('publishes with photos re-encoded to WebP, in order, and keeps the WhatsApp number private', async () => {
    const jpeg = {
      filename: 'capa.jpg',
      data: await makeImage({ format: 'jpeg', exif: true }),
      contentType: 'image/jpeg',
    };
    const res = await postListing(
      t.app,
      sellerCookie,
      listingForm(valorant(), { title: '  Conta Valorant Imortal  ', price: 'R$ 1.234,56', quantity: '' }),
      [jpeg, await photo('segunda.png')],
    );
    expect(res.statusCode).toBe(201);
    const { id, gameSlug } = res.json();
    expect(gameSlug).toBe('valorant');

    const detail = await api.as().get(`/api/listings/${id}`);
    const listing = detail.json();
    expect(listing).toMatchObject({
      title: 'Conta Valorant Imortal',
      priceCents: 123_456,
      quantity: 1,
      status: 'active',
    });
    expect(listing.images.map((i: { alt: string; isPrimary: boolean }) => [i.alt, i.isPrimary])).toEqual([
      ['Conta Valorant Imortal - Foto 1', true],
      ['Conta Valorant Imortal - Foto 2', false],
    ]);
    // The whole number, in any of its forms: a part of it ('98765') turns up by chance in a random id or hash.
    const whatsapp = /987654321|98765-4321/;
    expect(detail.body).not.toMatch(whatsapp);
    const search = await api.as().get('/api/listings?q=valorant');
    expect(search.body).not.toMatch(whatsapp);

    const image = await api.as().get(listing.images[0].url);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['cache-control']).toContain('immutable');
    expect(image.rawPayload.includes(Buffer.from('Mercado Gamer Cam'))).toBe(false);

    await remove(id, sellerCookie);
  });
});

describe('editing and deleting', () => {
  async function publish(cookie = sellerCookie) {
    const res = await postListing(t.app, cookie, listingForm(valorant()), [
      await photo('a.png'),
      await photo('b.png'),
    ]);
    expect(res.statusCode).toBe(201);
    return res.json().id as number;
  }

  it('lets only the owner edit, photos included', async () => {
    const id = await publish();
    const before = (await api.as().get(`/api/listings/${id}`)).json();
    const [first, second] = before.images;
    const changes = listingForm(games.cs2 as number, {
      title: 'Skin AK-47 Redline',
      price: '80',
      quantity: '3',
      kind: 'skins',
      keepImageIds: JSON.stringify([second.id]),
    });

    expect((await put(id, undefined, changes)).statusCode).toBe(401);
    const other = await put(id, otherCookie, changes);
    expect(other.statusCode).toBe(403);
    expect(errorOf(other).message).toBe(m.editForbidden);
    expect((await put(id, staffCookie, changes)).statusCode).toBe(403);

    const res = await put(id, sellerCookie, changes, [await photo('nova.png')]);
    expect(res.statusCode).toBe(200);
    expect(res.json().gameSlug).toBe('cs2');
    const after = (await api.as().get(`/api/listings/${id}`)).json();
    expect(after).toMatchObject({
      title: 'Skin AK-47 Redline',
      priceCents: 8000,
      quantity: 3,
      kind: 'skins',
    });
    expect(after.images).toHaveLength(2);
    expect(after.images[0]).toMatchObject({
      id: second.id,
      isPrimary: true,
      alt: 'Skin AK-47 Redline - Foto 1',
    });
    expect((await api.as().get(first.url)).statusCode).toBe(404);
  });

  it('puts the photos in the order sent, a new one first as the cover', async () => {
    const id = await publish();
    const [first, second] = (await api.as().get(`/api/listings/${id}`)).json().images;
    const order = (slots: unknown[]) => listingForm(valorant(), { photoOrder: JSON.stringify(slots) });

    const res = await put(id, sellerCookie, order(['new', second.id, first.id]), [await photo('capa.png')]);
    expect(res.statusCode).toBe(200);
    const images = (await api.as().get(`/api/listings/${id}`)).json().images;
    expect(images.map((image: { id: number }) => image.id).slice(1)).toEqual([second.id, first.id]);
    expect(images.map((image: { isPrimary: boolean }) => image.isPrimary)).toEqual([true, false, false]);
    expect(images[0].id).not.toBe(first.id);

    // An order that names more or fewer new photos than were sent, or a photo twice, changes nothing.
    for (const slots of [['new', first.id], [first.id, first.id, second.id], ['x']]) {
      expect((await put(id, sellerCookie, order(slots))).statusCode).toBe(400);
    }
    const after = (await api.as().get(`/api/listings/${id}`)).json().images;
    expect(after.map((image: { id: number }) => image.id)).toEqual(
      images.map((image: { id: number }) => image.id),
    );
  });

  it('refuses an edit that would leave no photo', async () => {
    const id = await publish();
    const res = await put(id, sellerCookie, listingForm(valorant(), { keepImageIds: '[]' }));
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).fields?.photos).toBe(m.photoRequired);
    expect((await api.as().get(`/api/listings/${id}`)).json().images).toHaveLength(2);
  });

  it('gives the owner their WhatsApp number for the edit form, and no one else', async () => {
    const id = await publish();
    const own = await api.as(sellerCookie).get(`/api/listings/${id}/edit`);
    expect(own.json().whatsapp).toBe('5511987654321');
    expect((await api.as(otherCookie).get(`/api/listings/${id}/edit`)).statusCode).toBe(403);
    expect((await api.as().get(`/api/listings/${id}/edit`)).statusCode).toBe(401);
  });

  it('deletes for the owner with the spec messages for everyone else, files included', async () => {
    const id = await publish();
    const { images } = (await api.as().get(`/api/listings/${id}`)).json();

    const guest = await remove(id);
    expect([guest.statusCode, errorOf(guest).message]).toEqual([401, m.deleteAuth]);
    const other = await remove(id, otherCookie);
    expect([other.statusCode, errorOf(other).message]).toEqual([403, m.deleteForbidden]);
    const missing = await remove(999_999, sellerCookie);
    expect([missing.statusCode, errorOf(missing).message]).toEqual([404, m.deleteNotFound]);

    expect((await remove(id, sellerCookie)).statusCode).toBe(204);
    expect((await api.as().get(`/api/listings/${id}`)).statusCode).toBe(404);
    for (const image of images) expect((await api.as().get(image.url)).statusCode).toBe(404);
  });

  it('lets staff remove anyone’s listing', async () => {
    const id = await publish();
    expect((await remove(id, staffCookie)).statusCode).toBe(204);
  });

  it('refuses to delete a listing with an open trade, owner and staff alike; nothing changes', async () => {
    const id = await publish();
    const buyer = await createUser(t.db);
    const buyerCookie = await signIn(t.app, buyer.email, buyer.password);
    const started = await api.as(buyerCookie).post('/api/trades', { listingId: id });
    expect(started.statusCode, started.body).toBe(201);
    const tradeId = (started.json() as { id: number }).id;
    const { images } = (await api.as().get(`/api/listings/${id}`)).json();

    for (const cookie of [sellerCookie, staffCookie]) {
      const res = await remove(id, cookie);
      expect([res.statusCode, errorOf(res).message]).toEqual([409, m.deleteOpenTrade]);
    }
    expect((await api.as().get(`/api/listings/${id}`)).statusCode).toBe(200);
    for (const image of images) expect((await api.as().get(image.url)).statusCode).toBe(200);
    const [open] = await t.db.select().from(trades).where(eq(trades.id, tradeId));
    expect(open).toMatchObject({ listingId: id, state: 'awaiting_value' });

    // Once the trade is cancelled the listing goes; the trade keeps its title.
    const cancelled = await api.as(buyerCookie).post(`/api/trades/${tradeId}/cancel`, {
      reason: 'Mudei de ideia',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await remove(id, sellerCookie)).statusCode).toBe(204);
    const [after] = await t.db.select().from(trades).where(eq(trades.id, tradeId));
    expect(after).toMatchObject({ listingId: null, listingTitle: open?.listingTitle, state: 'cancelled' });
  });

  it('an edit of the price leaves an open trade at its amount', async () => {
    const id = await publish();
    const buyer = await createUser(t.db);
    const buyerCookie = await signIn(t.app, buyer.email, buyer.password);
    const tradeId = (
      (await api.as(buyerCookie).post('/api/trades', { listingId: id })).json() as { id: number }
    ).id;
    const before = (await api.as().get(`/api/listings/${id}`)).json();
    const edited = await put(
      id,
      sellerCookie,
      listingForm(valorant(), {
        title: before.title,
        price: '25,00',
        keepImageIds: JSON.stringify(before.images.map((i: { id: number }) => i.id)),
      }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await api.as().get(`/api/listings/${id}`)).json().priceCents).toBe(2500);
    const trade = (await api.as(buyerCookie).get(`/api/trades/${tradeId}`)).json() as TradeView;
    expect(trade.amountCents).toBe(4990);
    expect(trade.state).toBe('awaiting_value');
  });

  it('lists the seller’s own active listings, newest first, with a limit for the user menu', async () => {
    const cookie = await newMemberCookie();
    const ids = [await publish(cookie), await publish(cookie), await publish(cookie), await publish(cookie)];
    const res = await api.as(cookie).get('/api/listings/mine?limit=3');
    const mine = res.json();
    expect(mine.total).toBe(4);
    expect(mine.items).toHaveLength(3);
    expect(mine.items[0].id).toBe(ids[3]);
    const others = await api.as(otherCookie).get('/api/listings/mine');
    expect(others.json()).toEqual({ total: 0, items: [] });
    expect((await api.as().get('/api/listings/mine')).statusCode).toBe(401);
  });
});
