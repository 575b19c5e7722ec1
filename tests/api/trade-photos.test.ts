import { listingMessages } from '@shared/listing-messages';
import { tradeMessages as m } from '@shared/trade-messages';
import type { TradeView } from '@shared/trades';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listings, tradePhotos, trades } from '../../src/server/db/schema';
import { sweepOrphanFiles } from '../../src/server/modules/media/sweep';
import { createLocalStorage } from '../../src/server/storage/local';
import type { Storage } from '../../src/server/storage/storage';
import { createStaff, createUser } from '../factories/accounts';
import { createGames, createListing, photo } from '../factories/listings';
import { apiOf } from '../helpers/api';
import { nextEndToEndId } from '../helpers/e2e-id';
import { errorOf, signIn } from '../helpers/http';
import { makeLargeImage, makeTextFile } from '../helpers/images';
import { multipart } from '../helpers/multipart';
import { sessionCookie } from '../helpers/sessions';
import { createTestApp, type TestApp } from '../helpers/test-app';

/**
 * Photos inside a trade: the seller's delivery proof and the parties' dispute evidence. They are private (only
 * who sees the room sees them, never through /media), and a refused upload leaves no row and no file.
 */
let t: TestApp;
let storage: Storage;
let gameId: number;
let staffCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  storage = createLocalStorage(t.config.media.dir);
  gameId = Object.values(await createGames(t.db))[0] as number;
  const staff = await createStaff(t.db);
  staffCookie = await signIn(t.app, staff.email, staff.password);
});
afterAll(() => t?.close());

const api = apiOf(() => t);

async function member() {
  const user = await createUser(t.db);
  return { id: user.id, cookie: await sessionCookie(t, user.id) };
}

async function expectOk(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TradeView;
}

/** A paid trade, awaiting the seller's delivery. */
async function paidTrade() {
  const seller = await member();
  const buyer = await member();
  const stranger = await member();
  const listingId = await createListing(t.db, seller.id, {
    gameId,
    title: 'Conta com provas',
    priceCents: 10_000,
  });
  await t.db.update(listings).set({ quantity: 1 }).where(eq(listings.id, listingId));
  const started = await api.as(buyer.cookie).post('/api/trades', { listingId });
  const id = (started.json() as { id: number }).id;
  await expectOk(await api.as(seller.cookie).post(`/api/trades/${id}/value`, { amount: '100,00' }));
  await expectOk(await api.as(staffCookie).post(`/api/trades/${id}/payment`, {}));
  return { id, seller, buyer, stranger };
}

async function filesOf(tradeId: number): Promise<string[]> {
  const keys: string[] = [];
  for await (const file of storage.list(`trades/${tradeId}/`)) keys.push(file.key);
  return keys.sort();
}

const rowsOf = (tradeId: number) => t.db.select().from(tradePhotos).where(eq(tradePhotos.tradeId, tradeId));
const stateOf = async (tradeId: number) =>
  (await t.db.select({ state: trades.state }).from(trades).where(eq(trades.id, tradeId)))[0]?.state;

describe('delivery proof', () => {
  it('the seller marks the delivery with photos: the room lists them, their files live under trades/<id>/', async () => {
    const { id, seller, buyer } = await paidTrade();
    const view = await expectOk(
      await api
        .as(seller.cookie)
        .post(
          `/api/trades/${id}/delivery`,
          multipart({ note: 'Itens enviados pelo jogo' }, [
            await photo('print1.png'),
            await photo('print2.png'),
          ]),
        ),
    );
    expect(view.state).toBe('delivered');
    expect(view.delivery?.note).toBe('Itens enviados pelo jogo');
    expect(view.photos).toHaveLength(2);
    for (const p of view.photos) {
      expect(p).toMatchObject({ purpose: 'delivery_proof', uploadedByRole: 'vendedor' });
      expect(p.url).toBe(`/api/trades/${id}/photos/${p.id}`);
    }
    expect(view.events.at(-1)?.text).toBe('Entrega marcada (2 fotos de comprovante)');
    // 800 px wide: kept at 320, 640 and its own 800, as WebP.
    const files = await filesOf(id);
    expect(files).toHaveLength(6);
    expect(files.every((key) => key.startsWith(`trades/${id}/`) && key.endsWith('.webp'))).toBe(true);
    // The buyer's room shows the same photos.
    expect((await expectOk(await api.as(buyer.cookie).get(`/api/trades/${id}`))).photos).toEqual(view.photos);
  });

  it('still marks a delivery without photos, as JSON', async () => {
    const { id, seller } = await paidTrade();
    const view = await expectOk(
      await api.as(seller.cookie).post(`/api/trades/${id}/delivery`, { note: 'ok' }),
    );
    expect(view.photos).toEqual([]);
    expect(await filesOf(id)).toEqual([]);
  });

  it.each([
    [
      'a file that is not an image',
      () => [{ filename: 'foto.png', data: makeTextFile() }],
      listingMessages.notAnImage,
    ],
    [
      'a photo over 5 MB',
      async () => [{ filename: 'grande.png', data: await makeLargeImage() }],
      listingMessages.photoTooLarge,
    ],
    ['five photos', async () => Promise.all([1, 2, 3, 4, 5].map((n) => photo(`f${n}.png`))), m.tooManyPhotos],
    [
      'good photos beside one that is not an image',
      async () => [await photo(), await photo(), { filename: 'x.jpg', data: makeTextFile() }],
      listingMessages.notAnImage,
    ],
  ])('refuses %s in pt-BR and changes nothing: no step, no row, no file', async (_name, files, message) => {
    const { id, seller } = await paidTrade();
    const res = await api
      .as(seller.cookie)
      .post(`/api/trades/${id}/delivery`, multipart({ note: 'Entregue' }, await files()));
    expect(res.statusCode, res.body).toBe(400);
    expect(errorOf(res)).toMatchObject({ message, fields: { photos: message } });
    expect(await stateOf(id)).toBe('awaiting_delivery');
    expect(await rowsOf(id)).toEqual([]);
    expect(await filesOf(id)).toEqual([]);
  });

  it('refuses proof from the buyer, staff and strangers, before any file is written', async () => {
    const { id, buyer, stranger } = await paidTrade();
    const files = [await photo()];
    const asBuyer = await api
      .as(buyer.cookie)
      .post(`/api/trades/${id}/delivery`, multipart({ note: 'eu entreguei' }, files));
    expect(asBuyer.statusCode).toBe(403);
    expect(errorOf(asBuyer).message).toBe(m.notYourStep);
    const asStaff = await api
      .as(staffCookie)
      .post(`/api/trades/${id}/delivery`, multipart({ note: 'entregue' }, files));
    expect(asStaff.statusCode).toBe(403);
    const asStranger = await api
      .as(stranger.cookie)
      .post(`/api/trades/${id}/delivery`, multipart({ note: 'entregue' }, files));
    expect(asStranger.statusCode).toBe(404);
    expect(errorOf(asStranger).message).toBe(m.notFound);
    const asGuest = await api.as().post(`/api/trades/${id}/delivery`, multipart({ note: 'entregue' }, files));
    expect(asGuest.statusCode).toBe(401);
    expect(await rowsOf(id)).toEqual([]);
    expect(await filesOf(id)).toEqual([]);
  });

  it('of two deliveries sent at once, one wins; the loser leaves no file behind', async () => {
    const { id, seller } = await paidTrade();
    const send = async () =>
      api
        .as(seller.cookie)
        .post(`/api/trades/${id}/delivery`, multipart({ note: 'Entregue' }, [await photo()]));
    const results = await Promise.all([send(), send()]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const rows = await rowsOf(id);
    expect(rows).toHaveLength(1);
    expect(await filesOf(id)).toEqual(rows[0]?.widths.map((w) => `${rows[0]?.key}-${w}.webp`).sort());
  });
});

describe('the private photo route', () => {
  let tradeId: number;
  let url: string;
  let people: Awaited<ReturnType<typeof paidTrade>>;

  beforeAll(async () => {
    people = await paidTrade();
    tradeId = people.id;
    const view = await expectOk(
      await api
        .as(people.seller.cookie)
        .post(`/api/trades/${tradeId}/delivery`, multipart({ note: 'Entregue' }, [await photo()])),
    );
    url = view.photos[0]?.url as string;
  });

  it('serves the WebP to the buyer, the seller and staff, privately', async () => {
    for (const cookie of [people.buyer.cookie, people.seller.cookie, staffCookie]) {
      const res = await api.as(cookie).get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('private, max-age=86400');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect((await sharp(res.rawPayload).metadata()).width).toBe(640);
    }
    // ?w= picks a width: the one asked for, or the largest below it (the photo is 800 px wide).
    const small = await api.as(people.buyer.cookie).get(`${url}?w=320`);
    expect((await sharp(small.rawPayload).metadata()).width).toBe(320);
    const large = await api.as(people.buyer.cookie).get(`${url}?w=1280`);
    expect((await sharp(large.rawPayload).metadata()).width).toBe(800);
  });

  it('answers 404 to a stranger, as the room does, and 401 to a guest', async () => {
    const res = await api.as(people.stranger.cookie).get(url);
    expect(res.statusCode).toBe(404);
    expect(errorOf(res).message).toBe(m.notFound);
    expect(res.headers['content-type']).not.toBe('image/webp');
    expect((await api.as().get(url)).statusCode).toBe(401);
  });

  it('does not serve a photo of one trade through another the viewer sees', async () => {
    const other = await paidTrade();
    const photoId = url.split('/').at(-1);
    const res = await api.as(other.buyer.cookie).get(`/api/trades/${other.id}/photos/${photoId}`);
    expect(res.statusCode).toBe(404);
    expect((await api.as(people.buyer.cookie).get(`/api/trades/${tradeId}/photos/999999`)).statusCode).toBe(
      404,
    );
  });

  it('never serves a trade photo through the public /media route', async () => {
    const [file] = await filesOf(tradeId);
    expect(file).toBeDefined();
    const stored = await storage.get(file as string);
    expect(stored).not.toBeNull();
    stored?.body.destroy();
    for (const path of [`/media/${file}`, `/media/${(file as string).replace('trades/', 'trades%2F')}`]) {
      const res = await api.as(people.buyer.cookie).get(path);
      expect(res.statusCode, path).toBe(404);
      expect(res.headers['content-type'], path).not.toBe('image/webp');
    }
  });
});

describe('dispute evidence', () => {
  it('goes only with a dispute or while it is open, by the parties, up to 4 each', async () => {
    const { id, seller, buyer } = await paidTrade();
    await expectOk(await api.as(seller.cookie).post(`/api/trades/${id}/delivery`, { note: 'Entregue' }));

    // Before the dispute: refused, nothing written.
    const early = await api
      .as(buyer.cookie)
      .post(`/api/trades/${id}/dispute/photos`, multipart({}, [await photo()]));
    expect(early.statusCode).toBe(409);
    expect(errorOf(early).message).toBe(m.evidenceNotAllowed);
    expect(await filesOf(id)).toEqual([]);

    // A bad photo with the opening: no dispute, no file.
    const bad = await api
      .as(buyer.cookie)
      .post(
        `/api/trades/${id}/dispute`,
        multipart({ reason: 'Não recebi nada' }, [{ filename: 'print.png', data: makeTextFile() }]),
      );
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).message).toBe(listingMessages.notAnImage);
    expect(await stateOf(id)).toBe('delivered');
    expect(await filesOf(id)).toEqual([]);

    const opened = await expectOk(
      await api
        .as(buyer.cookie)
        .post(`/api/trades/${id}/dispute`, multipart({ reason: 'Não recebi nada' }, [await photo()])),
    );
    expect(opened.state).toBe('disputed');
    expect(opened.photos).toMatchObject([{ purpose: 'dispute_evidence', uploadedByRole: 'comprador' }]);

    // The seller answers with their own evidence.
    const answered = await expectOk(
      await api
        .as(seller.cookie)
        .post(`/api/trades/${id}/dispute/photos`, multipart({}, [await photo(), await photo()])),
    );
    expect(answered.photos.filter((p) => p.uploadedByRole === 'vendedor')).toHaveLength(2);
    expect(answered.events.at(-1)?.text).toBe('2 novas evidências enviadas para a disputa');
    const before = await filesOf(id);

    // The buyer has 1: four more would pass their 4.
    const tooMany = await api
      .as(buyer.cookie)
      .post(
        `/api/trades/${id}/dispute/photos`,
        multipart({}, await Promise.all([1, 2, 3, 4].map(() => photo()))),
      );
    expect(tooMany.statusCode).toBe(400);
    expect(errorOf(tooMany).message).toBe(m.tooManyPhotos);
    // Nothing sent: the photo is required.
    const empty = await api.as(buyer.cookie).post(`/api/trades/${id}/dispute/photos`, multipart({}, []));
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty).message).toBe(m.photoRequired);
    // Staff decide; they do not upload.
    const asStaff = await api
      .as(staffCookie)
      .post(`/api/trades/${id}/dispute/photos`, multipart({}, [await photo()]));
    expect(asStaff.statusCode).toBe(403);
    expect(errorOf(asStaff).message).toBe(m.evidenceNotAllowed);
    expect(await filesOf(id)).toEqual(before);
    expect(await rowsOf(id)).toHaveLength(3);

    // Staff see every photo; once decided, no more evidence.
    const staffView = await expectOk(await api.as(staffCookie).get(`/api/trades/${id}`));
    expect(staffView.photos).toHaveLength(3);
    expect((await api.as(staffCookie).get(staffView.photos[0]?.url as string)).statusCode).toBe(200);
    await expectOk(
      await api.as(staffCookie).post(`/api/trades/${id}/dispute/decision`, {
        decision: 'refund',
        reason: 'Entrega não comprovada',
        endToEndId: nextEndToEndId(),
      }),
    );
    const late = await api
      .as(seller.cookie)
      .post(`/api/trades/${id}/dispute/photos`, multipart({}, [await photo()]));
    expect(late.statusCode).toBe(409);
    expect(await filesOf(id)).toEqual(before);
  });
});

describe('the orphan sweep', () => {
  it('removes files under trades/ that no row names, and keeps the photos of the room', async () => {
    const { id, seller } = await paidTrade();
    await expectOk(
      await api
        .as(seller.cookie)
        .post(`/api/trades/${id}/delivery`, multipart({ note: 'Entregue' }, [await photo()])),
    );
    const kept = await filesOf(id);
    const orphan = `trades/${id}/deadbeefdeadbeef-320.webp`;
    await storage.put(orphan, Buffer.from('x'), 'image/webp');
    await storage.put('trades/999999/deadbeefdeadbeef-320.webp', Buffer.from('x'), 'image/webp');
    // Young files are left alone; an hour later they are orphans.
    await sweepOrphanFiles(t.db, storage);
    expect(await filesOf(id)).toContain(orphan);
    await sweepOrphanFiles(t.db, storage, new Date(Date.now() + 60_000));
    expect(await filesOf(id)).toEqual(kept);
    expect(await filesOf(999999)).toEqual([]);
  });
});
