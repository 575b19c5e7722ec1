import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireStaff, requireUser } from '../../src/server/auth/guards';
import { createStorage } from '../../src/server/storage';
import { createUser } from '../factories/accounts';
import { demoPhotoCache } from '../helpers/demo-photo-cache';
import { errorOf, signIn } from '../helpers/http';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('health, errors and docs', () => {
  it('reports the database as healthy', async () => {
    const response = await t.app.inject('/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok', database: { status: 'ok' } });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers an unknown API path with a JSON 404 in pt-BR', async () => {
    const response = await t.app.inject('/api/nada-aqui');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Recurso não encontrado.' } });
  });

  it('answers malformed JSON with a clear error and no stack', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toBe('Requisição inválida.');
    expect(response.body).not.toMatch(/at .*\.ts|stack/i);
  });

  it('sends security headers', async () => {
    const response = await t.app.inject('/api/health');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('publishes the OpenAPI document generated from the route schemas', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/accounts/register', '/api/accounts/login', '/api/games']),
    );
    expect((await t.app.inject('/api/docs')).statusCode).toBeLessThan(400);
  });
});

describe('games', () => {
  it('lists nothing on an empty database and the seeded games in order otherwise', async () => {
    expect((await t.app.inject('/api/games')).json()).toEqual({ games: [] });
    const { seedDemoData } = await import('../../src/server/demo/seed');
    const { gameCatalogue } = await import('../../src/server/modules/games/catalogue');
    const storage = createStorage(t.config.media);
    expect(await seedDemoData(t.db, t.config, storage, demoPhotoCache)).toBe('seeded');
    expect(await seedDemoData(t.db, t.config, storage, demoPhotoCache)).toBe('skipped');
    const { games } = (await t.app.inject('/api/games')).json();
    expect(games.map((g: { slug: string }) => g.slug)).toEqual(gameCatalogue.map((g) => g.slug));
  }, 120_000); // the first seed on a machine renders and encodes every demo photo

  it('publishes every demo listing with real photos, counted under its game', async () => {
    const { demoListings } = await import('../../src/server/demo/listings');
    const page = (await t.app.inject('/api/listings?pageSize=48')).json();
    expect(page.total).toBe(demoListings.length);
    const image = await t.app.inject(page.items[0].image.url);
    expect([image.statusCode, image.headers['content-type']]).toEqual([200, 'image/webp']);
    const { games } = (await t.app.inject('/api/games')).json();
    const counted = games.reduce((sum: number, g: { activeListings: number }) => sum + g.activeListings, 0);
    expect(counted).toBe(demoListings.length);
  });

  it('seeds trades in every state of the process, with balanced money', async () => {
    const { trades } = await import('../../src/server/db/schema');
    const { tradeStates } = await import('../../src/shared/trade-process');
    const { createLedger } = await import('../../src/server/modules/ledger/service');
    const states = new Set((await t.db.select({ state: trades.state }).from(trades)).map((r) => r.state));
    expect(states).toEqual(new Set(tradeStates));
    expect((await createLedger(t.db).reconcile()).problems).toEqual([]);
  });

  it('seeds reviews only on completed trades, one per side', async () => {
    const { reviews, trades } = await import('../../src/server/db/schema');
    const rows = await t.db
      .select({ tradeId: reviews.tradeId, role: reviews.authorRole, state: trades.state })
      .from(reviews)
      .innerJoin(trades, eq(trades.id, reviews.tradeId));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.state === 'completed')).toBe(true);
    const sides = rows.map((r) => `${r.tradeId}:${r.role}`);
    expect(new Set(sides).size).toBe(sides.length);
  });

  it('seeds the groups directory with pictures and a lived-in forum', async () => {
    const { demoGroups } = await import('../../src/server/demo/groups');
    const { demoPosts } = await import('../../src/server/demo/community');
    const groups = (await t.app.inject('/api/groups')).json();
    expect(groups.stats.groups).toBe(demoGroups.length);
    expect(new Set(groups.categories)).toEqual(new Set(demoGroups.map((g) => g.gameCategory)));
    const picture = await t.app.inject(groups.groups[0].image.url);
    expect([picture.statusCode, picture.headers['content-type']]).toEqual([200, 'image/webp']);
    const forum = (await t.app.inject('/api/community/posts')).json();
    expect(forum.total).toBe(demoPosts.length);
    const first = demoPosts[0];
    const seeded = forum.posts.find((p: { title: string }) => p.title === first?.title);
    expect(seeded).toMatchObject({ likesCount: first?.likedBy.length, repliesCount: first?.comments.length });
  });

  it('lets the seeded accounts sign in, the admin as staff', async () => {
    const { demoAccounts } = await import('../../src/server/demo/seed');
    const accounts = demoAccounts(t.config);
    const cookie = await signIn(t.app, accounts.admin.email, accounts.admin.password);
    expect((await t.app.inject({ url: '/api/accounts/me', headers: { cookie } })).json().user.role).toBe(
      'admin',
    );
    await signIn(t.app, accounts.seller.email, accounts.seller.password);
    await signIn(t.app, accounts.buyer.email, accounts.buyer.password);
  });
});

describe('route guards', () => {
  it('tell guests, users and staff apart, and put the viewer on the request', async () => {
    const user = await createUser(t.db);
    const staff = await createUser(t.db, { role: 'moderator' });
    const probe = async (cookie?: string) => {
      const fake = {
        headers: cookie ? { cookie } : {},
        server: t.app,
        viewer: null,
      } as unknown as FastifyRequest;
      const settle = (guard: (r: FastifyRequest) => Promise<void>) =>
        guard(fake).then(
          () => `ok:${fake.viewer?.userId}`,
          (e: { code: string }) => e.code,
        );
      return { user: await settle(requireUser()), staff: await settle(requireStaff()) };
    };
    expect(await probe()).toEqual({ user: 'UNAUTHENTICATED', staff: 'UNAUTHENTICATED' });
    expect(await probe(await signIn(t.app, user.email, user.password))).toEqual({
      user: `ok:${user.id}`,
      staff: 'FORBIDDEN',
    });
    expect(await probe(await signIn(t.app, staff.email, staff.password))).toEqual({
      user: `ok:${staff.id}`,
      staff: `ok:${staff.id}`,
    });
  });
});
