import { errorMessages } from '@shared/errors';
import { listingMessages as m } from '@shared/listing-messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../factories/accounts';
import { createGames, createListing, listingForm, photo, postListing } from '../factories/listings';
import { apiOf } from '../helpers/api';
import { errorOf, signIn } from '../helpers/http';
import { createTestApp, type TestApp } from '../helpers/test-app';

/**
 * Inputs at and past the edges of what PostgreSQL and the search accept: each must answer 400 or 404
 * with a pt-BR message, never a 500 or a silently wrong value.
 */
let t: TestApp;
const api = apiOf(() => t);
let games: Record<string, number>;
let sellerId: string;
let sellerCookie: string;

const indexHtml = '<!doctype html><html><head><title>Mercado Gamer</title></head><body></body></html>';

beforeAll(async () => {
  t = await createTestApp({}, { indexHtml });
  games = await createGames(t.db);
  const seller = await createUser(t.db);
  sellerId = seller.id;
  sellerCookie = await signIn(t.app, seller.email, seller.password);
});
afterAll(() => t.close());

const valorant = () => games.valorant as number;

describe('NUL bytes (PostgreSQL refuses \\u0000 in text)', () => {
  it.each([
    ['a search word', '/api/listings?q=conta%00valorant'],
    ['a game slug', '/api/listings?game=valorant%00'],
    ['a path parameter', '/categoria/valorant%00'],
    ['a forum search', '/api/community/posts?q=a%00b'],
  ])('in %s answers 400', async (_, url) => {
    const res = await api.as().get(url);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toBe(errorMessages.invalidText);
  });

  it('in a JSON body answers 400', async () => {
    const res = await api
      .as(sellerCookie)
      .post(
        `/api/listings/${await createListing(t.db, sellerId, { gameId: valorant(), title: 'Conta NUL' })}/comments`,
        { body: 'Ainda disponível?\u0000' },
      );
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toBe(errorMessages.invalidText);
  });

  it('in a field of the publish form answers 400 and publishes nothing', async () => {
    const res = await postListing(t.app, sellerCookie, listingForm(valorant(), { title: 'Conta\u0000' }), [
      await photo(),
    ]);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toBe(errorMessages.invalidText);
  });
});

describe('search filters', () => {
  it.each([
    ['maxPriceCents=3000000000', m.invalidPriceFilter],
    ['maxPriceCents=100000001', m.invalidPriceFilter],
    ['minPriceCents=1e308', m.invalidPriceFilter],
    ['minPriceCents=-1', m.invalidPriceFilter],
    ['minPriceCents=19.9', m.invalidPriceFilter],
    ['maxPriceCents=Infinity', m.invalidPriceFilter],
  ])('%s answers 400', async (query, message) => {
    const res = await api.as().get(`/api/listings?${query}`);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toBe(message);
  });

  it('the highest price filter still works', async () => {
    const res = await api.as().get('/api/listings?minPriceCents=0&maxPriceCents=100000000');
    expect(res.statusCode).toBe(200);
  });
});

describe('ids past int4', () => {
  it('a gameId of 2147483648 in the publish form answers 400', async () => {
    const res = await postListing(t.app, sellerCookie, listingForm(valorant(), { gameId: '2147483648' }), [
      await photo(),
    ]);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toBe(m.unknownGame);
  });

  it('the share preview of /listing/99999999999 answers 404', async () => {
    const res = await api.as().get('/listing/99999999999');
    expect(res.statusCode).toBe(404);
  });
});

describe('prices', () => {
  it.each(['-5', '1e308', '1e3', '5-', '12abc', 'R$ -10,00', 'Infinity'])(
    'refuses %j with the spec message',
    async (price) => {
      const res = await postListing(t.app, sellerCookie, listingForm(valorant(), { price }), [await photo()]);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).fields?.price).toBe(m.invalidPrice);
    },
  );

  it('refuses a price above the maximum with its own message', async () => {
    const res = await postListing(t.app, sellerCookie, listingForm(valorant(), { price: '1.000.000,01' }), [
      await photo(),
    ]);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).fields?.price).toBe(m.priceTooHigh);
  });

  it('accepts the maximum, written the Brazilian way', async () => {
    const res = await postListing(
      t.app,
      sellerCookie,
      listingForm(valorant(), { price: 'R$ 1.000.000,00' }),
      [await photo()],
    );
    expect(res.statusCode).toBe(201);
    const detail = await api.as().get(`/api/listings/${res.json().id}`);
    expect(detail.json().priceCents).toBe(100_000_000);
  });
});
