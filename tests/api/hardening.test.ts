import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { favorites, listingComments, listings, users } from '../../src/server/db/schema';
import { createUser } from '../factories/accounts';
import { createGames, listingForm, photo, postListing } from '../factories/listings';
import { apiOf } from '../helpers/api';
import { errorOf, signIn } from '../helpers/http';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
const api = apiOf(() => t);
let gameIds: Record<string, number>;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '3' });
  gameIds = await createGames(t.db);
});
afterAll(() => t.close());

describe('better-auth behind the app', () => {
  it('closes its raw credential, profile and session endpoints', async () => {
    const victim = await createUser(t.db);
    const cookie = await signIn(t.app, victim.email, victim.password);
    const raw: [string, string, object?][] = [
      ['POST', '/api/auth/sign-in/email', { email: victim.email, password: victim.password }],
      [
        'POST',
        '/api/auth/sign-up/email',
        { email: 'cru@teste.com', password: 'segredo1', name: 'x'.repeat(5000) },
      ],
      ['POST', '/api/auth/send-verification-email', { email: victim.email }],
      ['POST', '/api/auth/update-user', { name: 'y'.repeat(5000), image: 'z'.repeat(5000) }],
      ['GET', '/api/auth/get-session'],
      ['GET', '/api/auth/list-sessions'],
      ['POST', '/api/auth/sign-out'],
    ];
    for (const [method, url, payload] of raw) {
      const response = await api.as(cookie).request(method as 'GET' | 'POST', url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.body).not.toContain('token');
    }
    expect(await t.db.select().from(users).where(eq(users.email, 'cru@teste.com'))).toHaveLength(0);
    const [row] = await t.db.select({ name: users.name }).from(users).where(eq(users.id, victim.id));
    expect(row?.name).not.toContain('yyy');
  });

  it('keeps the confirmation link working', async () => {
    const response = await api.as().get('/api/auth/verify-email?token=invalido');
    expect(response.statusCode).not.toBe(404);
  });

  it('counts sign-ups and sign-ins on one e-mail together: switching endpoints buys no guesses', async () => {
    const victim = await createUser(t.db);
    const signUp = await api.as().post(
      '/api/accounts/register',
      {
        email: victim.email,
        nickname: 'Outro',
        mainGame: 'outro',
        password: 'segredo1',
        confirmPassword: 'segredo1',
      },
      { remoteAddress: '10.9.0.1' },
    );
    expect(signUp.statusCode).toBe(409);
    for (let i = 0; i < 2; i++) {
      const wrong = await api
        .as()
        .post(
          '/api/accounts/login',
          { email: victim.email, password: 'errada123' },
          { remoteAddress: `10.9.1.${i}` },
        );
      expect(wrong.statusCode).toBe(401);
    }
    const right = await api
      .as()
      .post(
        '/api/accounts/login',
        { email: victim.email, password: victim.password },
        { remoteAddress: '10.9.2.1' },
      );
    expect(right.statusCode).toBe(429);
  });
});

describe('the Origin check', () => {
  it('refuses a foreign Origin however the path is spelled', async () => {
    const seller = await createUser(t.db);
    const cookie = await signIn(t.app, seller.email, seller.password);
    const listed = await postListing(t.app, cookie, listingForm(gameIds.valorant!), [await photo()]);
    const { id } = listed.json();
    const foreign = { origin: 'https://golpe.example', cookie };
    for (const url of [
      `/api/favorites/${id}`,
      `/%61pi/favorites/${id}`,
      `/api/%66avorites/${id}`,
      `http://localhost:3000/api/favorites/${id}`,
    ]) {
      // Raw requests here and below: the fixture always sends this site's origin.
      const response = await t.app.inject({ method: 'PUT', url, headers: foreign });
      expect(response.statusCode, url).toBe(403);
      expect(errorOf(response).message).toBe('Origem da requisição não permitida.');
    }
    const crossSite = await t.app.inject({
      method: 'PUT',
      url: `/api/favorites/${id}`,
      headers: { cookie, 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.statusCode).toBe(403);
    expect(await t.db.select().from(favorites).where(eq(favorites.userId, seller.id))).toHaveLength(0);
    const own = await api.as(cookie).put(`/api/favorites/${id}`);
    expect(own.statusCode).toBe(204);
  });
});

describe('per-member limits on listings', () => {
  it('stops the 11th publish of a window and the 31st comment, and stores neither', async () => {
    const spammer = await createUser(t.db);
    const cookie = await signIn(t.app, spammer.email, spammer.password);
    const image = await photo();
    let lastId = 0;
    for (let i = 0; i < 10; i++) {
      const res = await postListing(t.app, cookie, listingForm(gameIds.valorant!), [image]);
      expect(res.statusCode).toBe(201);
      lastId = res.json().id;
    }
    const blocked = await postListing(t.app, cookie, listingForm(gameIds.valorant!), [image]);
    expect(blocked.statusCode).toBe(429);
    expect(errorOf(blocked).message).toBe('Muitas tentativas. Aguarde alguns minutos e tente novamente.');
    expect(await t.db.select().from(listings).where(eq(listings.sellerId, spammer.id))).toHaveLength(10);

    const comment = () =>
      api.as(cookie).post(`/api/listings/${lastId}/comments`, { body: 'Ainda disponível?' });
    for (let i = 0; i < 30; i++) expect((await comment()).statusCode).toBe(201);
    expect((await comment()).statusCode).toBe(429);
    expect(
      await t.db.select().from(listingComments).where(eq(listingComments.authorId, spammer.id)),
    ).toHaveLength(30);
  });
});
