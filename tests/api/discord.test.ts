import { eq } from 'drizzle-orm';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles, users } from '../../src/server/db/schema';
import { createUser } from '../factories/accounts';
import { cookiesOf } from '../helpers/http';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../helpers/test-app';

// A local OAuth2 server stands in for Discord: no request leaves the machine.
const discord = new OAuth2Server();
let t: TestApp;
let unconfigured: TestApp;
/** Who Discord says is signing in; a test may change it. */
let discordUser = {
  id: '80351110224678912',
  username: 'nelly',
  global_name: 'Nelly Gamer',
  email: 'nelly@discord.test',
  verified: true,
};

beforeAll(async () => {
  await discord.issuer.keys.generate('RS256');
  await discord.start(0, '127.0.0.1');
  const base = discord.issuer.url;
  discord.service.on('beforeUserinfo', (userInfo) => {
    userInfo.body = discordUser;
  });
  t = await createTestApp({
    DISCORD_CLIENT_ID: 'client-id',
    DISCORD_CLIENT_SECRET: 'client-secret',
    DISCORD_AUTHORIZATION_URL: `${base}/authorize`,
    DISCORD_TOKEN_URL: `${base}/token`,
    DISCORD_USERINFO_URL: `${base}/userinfo`,
  });
  unconfigured = await createTestApp();
});
afterAll(async () => {
  await t.close();
  await unconfigured.close();
  await discord.stop();
});

/** The whole OAuth2 flow through the app and the mock server; answers the callback's response. */
async function signInWithDiscord() {
  const start = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/social',
    headers: { origin: TEST_ORIGIN },
    payload: { provider: 'discord', callbackURL: '/home', errorCallbackURL: '/login?erro=discord' },
  });
  const authorize = await fetch(new URL(start.json().url), { redirect: 'manual' });
  const callback = new URL(authorize.headers.get('location')!);
  return t.app.inject({
    method: 'GET',
    url: callback.pathname + callback.search,
    headers: { cookie: cookiesOf(start) },
  });
}

describe('Discord login', () => {
  it('says whether it is configured', async () => {
    expect((await t.app.inject('/api/accounts/providers')).json()).toEqual({ discord: true });
    expect((await unconfigured.app.inject('/api/accounts/providers')).json()).toEqual({ discord: false });
  });

  it('signs a new user in through the whole OAuth2 flow and gives them a profile', async () => {
    const start = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/social',
      headers: { origin: TEST_ORIGIN },
      payload: { provider: 'discord', callbackURL: '/home', errorCallbackURL: '/login?erro=discord' },
    });
    expect(start.statusCode).toBe(200);
    const authorizeUrl = new URL(start.json().url);
    expect(authorizeUrl.origin).toBe(new URL(discord.issuer.url!).origin);
    expect(authorizeUrl.searchParams.get('code_challenge')).toBeTruthy();

    const authorize = await fetch(authorizeUrl, { redirect: 'manual' });
    const callback = new URL(authorize.headers.get('location')!);
    expect(callback.pathname).toBe('/api/auth/callback/discord');

    const done = await t.app.inject({
      method: 'GET',
      url: callback.pathname + callback.search,
      headers: { cookie: cookiesOf(start) },
    });
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe('/home');

    const me = await t.app.inject({ url: '/api/accounts/me', headers: { cookie: cookiesOf(done) } });
    expect(me.json().user).toMatchObject({ email: 'nelly@discord.test', nickname: 'Nelly Gamer' });
    const [user] = await t.db.select().from(users).where(eq(users.email, 'nelly@discord.test'));
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.id, user!.id));
    expect(profile?.username).toBe('Nelly Gamer');
  });

  it('gives a name already taken (in any letter case) a free variant instead of failing', async () => {
    await createUser(t.db, { nickname: 'Rival Gamer' });
    await createUser(t.db, { nickname: 'RIVAL GAMER-2' });
    discordUser = {
      ...discordUser,
      id: '80351110224678913',
      global_name: 'rival gamer',
      email: 'rival@discord.test',
    };
    const done = await signInWithDiscord();
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe('/home');
    const me = await t.app.inject({ url: '/api/accounts/me', headers: { cookie: cookiesOf(done) } });
    expect(me.json().user).toMatchObject({ email: 'rival@discord.test', nickname: 'rival gamer-3' });
    const [user] = await t.db.select().from(users).where(eq(users.email, 'rival@discord.test'));
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.id, user!.id));
    expect(profile?.username).toBe('rival gamer-3');
  });

  it('refuses to start when Discord is not configured', async () => {
    const start = await unconfigured.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/social',
      headers: { origin: TEST_ORIGIN },
      payload: { provider: 'discord', callbackURL: '/home' },
    });
    expect(start.statusCode).toBe(404);
  });
});
