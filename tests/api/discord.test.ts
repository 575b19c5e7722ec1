import { twoFactorMessages as m } from '@shared/settings-messages';
import { desc, eq } from 'drizzle-orm';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginHistory, profiles, sessions, userSuspensions, users } from '../../src/server/db/schema';
import { createUser } from '../factories/accounts';
import { apiOf } from '../helpers/api';
import { cookiesOf, errorOf, Jar, signIn } from '../helpers/http';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../helpers/test-app';
import { nextTotpCode, totpCode } from '../helpers/totp';

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';

// A local OAuth2 server stands in for Discord: no request leaves the machine. Each test says who Discord answers.
const discord = new OAuth2Server();
let discordUser: { id: string; username: string; global_name: string; email: string; verified: boolean };
let t: TestApp;
const api = apiOf(() => t);
let unconfigured: TestApp;

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

let discordId = 80351110224678912n;
/** Discord answers with this member's e-mail (verified), as a new Discord account each time. */
function discordAnswersFor(email: string, name = 'Nelly Gamer') {
  discordId += 1n;
  discordUser = { id: String(discordId), username: 'nelly', global_name: name, email, verified: true };
}

let address = 0;
const nextAddress = () => `10.50.0.${++address}`;

/** 'Entrar com Discord' from a browser (its jar), through the mock's consent, up to our callback's answer. */
async function discordSignIn(jar: Jar, remoteAddress: string) {
  const start = jar.take(
    await api
      .as(jar.header)
      .post(
        '/api/auth/sign-in/social',
        { provider: 'discord', callbackURL: '/home', errorCallbackURL: '/login?erro=discord' },
        { headers: { 'user-agent': CHROME_WINDOWS }, remoteAddress },
      ),
  );
  expect(start.statusCode).toBe(200);
  const authorize = await fetch(start.json().url, { redirect: 'manual' });
  const callback = new URL(authorize.headers.get('location') ?? '');
  // Raw: Discord's redirect back is a navigation, with no Origin header.
  return jar.take(
    await t.app.inject({
      method: 'GET',
      url: callback.pathname + callback.search,
      remoteAddress,
      headers: { 'user-agent': CHROME_WINDOWS, cookie: jar.header },
    }),
  );
}

const whoIs = async (jar: Jar) => (await api.as(jar.header).get('/api/accounts/me')).json().user?.id ?? null;

const historyOf = (userId: string) =>
  t.db
    .select({
      success: loginHistory.success,
      ipAddress: loginHistory.ipAddress,
      userAgent: loginHistory.userAgent,
    })
    .from(loginHistory)
    .where(eq(loginHistory.userId, userId))
    .orderBy(desc(loginHistory.id));

const sessionCount = async (userId: string) =>
  (await t.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId))).length;

const codeStep = (jar: Jar, remoteAddress: string, payload: { code: string; trustDevice?: boolean }) =>
  api.as(jar.header).post('/api/accounts/login/two-factor', payload, {
    headers: { 'user-agent': CHROME_WINDOWS },
    remoteAddress,
  });

/** A password member with two-factor on (set up through the settings routes); the set-up session is ended. */
async function memberWithTwoFactor() {
  const user = await createUser(t.db);
  const jar = new Jar(await signIn(t.app, user.email, user.password));
  const post = (url: string, payload: object) => api.as(jar.header).post(url, payload);
  const setup = jar.take(await post('/api/accounts/me/two-factor/enable', { password: user.password }));
  const { secret, backupCodes } = setup.json() as { secret: string; backupCodes: string[] };
  jar.take(await post('/api/accounts/me/two-factor/confirm', { code: totpCode(secret) }));
  await t.db.delete(sessions).where(eq(sessions.userId, user.id));
  await t.db.delete(loginHistory).where(eq(loginHistory.userId, user.id));
  discordAnswersFor(user.email);
  return { user, secret, backupCodes };
}

describe('Discord login', () => {
  it('says whether it is configured', async () => {
    expect((await api.as().get('/api/accounts/providers')).json()).toEqual({ discord: true });
    expect((await unconfigured.app.inject('/api/accounts/providers')).json()).toEqual({ discord: false });
  });

  it('signs a new user in through the whole OAuth2 flow, gives them a profile and records the sign-in', async () => {
    discordAnswersFor('nelly@discord.test');
    const start = await api.as().post('/api/auth/sign-in/social', {
      provider: 'discord',
      callbackURL: '/home',
      errorCallbackURL: '/login?erro=discord',
    });
    expect(start.statusCode).toBe(200);
    const authorizeUrl = new URL(start.json().url);
    expect(authorizeUrl.origin).toBe(new URL(discord.issuer.url ?? '').origin);
    expect(authorizeUrl.searchParams.get('code_challenge')).toBeTruthy();

    const authorize = await fetch(authorizeUrl, { redirect: 'manual' });
    const callback = new URL(authorize.headers.get('location') ?? '');
    expect(callback.pathname).toBe('/api/auth/callback/discord');

    // Raw: Discord's redirect back is a navigation, with no Origin header (also below).
    const done = await t.app.inject({
      method: 'GET',
      url: callback.pathname + callback.search,
      remoteAddress: '10.50.1.1',
      headers: { cookie: cookiesOf(start), 'user-agent': CHROME_WINDOWS },
    });
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe('/home');

    const me = await api.as(cookiesOf(done)).get('/api/accounts/me');
    expect(me.json().user).toMatchObject({ email: 'nelly@discord.test', nickname: 'Nelly Gamer' });
    const [user] = await t.db.select().from(users).where(eq(users.email, 'nelly@discord.test'));
    const [profile] = await t.db
      .select()
      .from(profiles)
      .where(eq(profiles.id, user?.id ?? ''));
    expect(profile?.username).toBe('Nelly Gamer');
    // The settings page lists it like a password sign-in: success, address, device.
    const history = (await api.as(cookiesOf(done)).get('/api/accounts/me/login-history')).json().attempts;
    expect(history).toMatchObject([{ success: true, ipAddress: '10.50.1.1', device: 'Chrome no Windows' }]);
  });

  it('names a Discord account that reads as staff after its e-mail, and drops hidden characters', async () => {
    discordAnswersFor('impostor.mg@discord.test', 'Equipe\u00a0Mercado Gam\u0435r');
    const impostor = new Jar();
    expect((await discordSignIn(impostor, nextAddress())).headers.location).toBe('/home');
    const named = await api.as(impostor.header).get('/api/accounts/me');
    expect(named.json().user).toMatchObject({ email: 'impostor.mg@discord.test', nickname: 'impostor.mg' });

    discordAnswersFor('zwsp@discord.test', 'Zé\u200b Zwsp\u202e');
    const hidden = new Jar();
    await discordSignIn(hidden, nextAddress());
    const me = await api.as(hidden.header).get('/api/accounts/me');
    expect(me.json().user.nickname).toBe('Zé Zwsp');

    // A look-alike of a member's name is taken as taken: a free variant.
    discordAnswersFor('lookalike@discord.test', 'Z\u0435\u0301 Zwsp');
    const copy = new Jar();
    await discordSignIn(copy, nextAddress());
    const copied = await api.as(copy.header).get('/api/accounts/me');
    expect(copied.json().user.nickname).toBe('Z\u0435\u0301 Zwsp-2');
  });

  it('gives a name already taken (in any letter case) a free variant instead of failing', async () => {
    await createUser(t.db, { nickname: 'Rival Gamer' });
    await createUser(t.db, { nickname: 'RIVAL GAMER-2' });
    discordAnswersFor('rival@discord.test', 'rival gamer');
    const jar = new Jar();
    const done = await discordSignIn(jar, nextAddress());
    expect(done.headers.location).toBe('/home');
    const me = await api.as(jar.header).get('/api/accounts/me');
    expect(me.json().user).toMatchObject({ email: 'rival@discord.test', nickname: 'rival gamer-3' });
    const [user] = await t.db.select().from(users).where(eq(users.email, 'rival@discord.test'));
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.id, user!.id));
    expect(profile?.username).toBe('rival gamer-3');
  });

  it('signs a returning member in and records each sign-in', async () => {
    const user = await createUser(t.db);
    discordAnswersFor(user.email);
    const first = new Jar();
    const res = await discordSignIn(first, '10.50.2.1');
    expect(res.headers.location).toBe('/home');
    expect(await whoIs(first)).toBe(user.id);
    // Linked now: the second time is a returning Discord member.
    const second = new Jar();
    expect((await discordSignIn(second, '10.50.2.2')).headers.location).toBe('/home');
    expect(await whoIs(second)).toBe(user.id);
    expect(await historyOf(user.id)).toEqual([
      { success: true, ipAddress: '10.50.2.2', userAgent: CHROME_WINDOWS },
      { success: true, ipAddress: '10.50.2.1', userAgent: CHROME_WINDOWS },
    ]);
  });

  it('refuses a suspended member, with a failure in their history and no session', async () => {
    const user = await createUser(t.db);
    await t.db
      .insert(userSuspensions)
      .values({ userId: user.id, penalty: 'permanente', reason: 'Golpe', endsAt: null });
    discordAnswersFor(user.email);
    const jar = new Jar();
    const res = await discordSignIn(jar, '10.50.3.1');
    expect(res.statusCode).toBe(302);
    const location = new URL(res.headers.location as string, TEST_ORIGIN);
    expect(location.pathname).toBe('/login');
    expect(location.searchParams.get('erro')).toBe('discord');
    expect(await whoIs(jar)).toBeNull();
    expect(await sessionCount(user.id)).toBe(0);
    expect(await historyOf(user.id)).toEqual([
      { success: false, ipAddress: '10.50.3.1', userAgent: CHROME_WINDOWS },
    ]);
  });

  it('records a refused link on the account its e-mail names, and nothing when nobody is named', async () => {
    // An account whose e-mail is not confirmed is not linked to a Discord account claiming it.
    const user = await createUser(t.db, { emailVerified: false });
    discordAnswersFor(user.email);
    const refused = await discordSignIn(new Jar(), '10.50.4.1');
    expect(new URL(refused.headers.location as string, TEST_ORIGIN).searchParams.get('erro')).toBe('discord');
    expect(await historyOf(user.id)).toEqual([
      { success: false, ipAddress: '10.50.4.1', userAgent: CHROME_WINDOWS },
    ]);

    // A callback whose state this browser never started (no state cookie): nobody known, nothing recorded.
    const before = (await t.db.select({ id: loginHistory.id }).from(loginHistory)).length;
    const other = await createUser(t.db);
    discordAnswersFor(other.email);
    const start = await api.as().post('/api/auth/sign-in/social', {
      provider: 'discord',
      callbackURL: '/home',
      errorCallbackURL: '/login?erro=discord',
    });
    const authorize = await fetch(start.json().url, { redirect: 'manual' });
    const callback = new URL(authorize.headers.get('location') ?? '');
    const forged = await t.app.inject({
      url: callback.pathname + callback.search,
      remoteAddress: '10.50.4.2',
    });
    expect(forged.statusCode).toBe(302);
    expect(forged.cookies.some((c) => c.name.endsWith('session_token') && c.value)).toBe(false);
    // Discord saying no (the member cancelled on its page): nothing known either.
    const denied = await t.app.inject({
      url: `/api/auth/callback/discord?error=access_denied&state=${callback.searchParams.get('state')}`,
      remoteAddress: '10.50.4.3',
      headers: { cookie: cookiesOf(start) },
    });
    expect(new URL(denied.headers.location as string, TEST_ORIGIN).searchParams.get('erro')).toBe('discord');
    expect((await t.db.select({ id: loginHistory.id }).from(loginHistory)).length).toBe(before);
  });
});

describe('Discord login with two-factor on', () => {
  it('gives no session before the code: a wrong code is refused and recorded, the right one signs in', async () => {
    const { user, secret } = await memberWithTwoFactor();
    const jar = new Jar();
    const remoteAddress = nextAddress();
    const res = await discordSignIn(jar, remoteAddress);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login?etapa=codigo&destino=%2Fhome');
    expect(await whoIs(jar)).toBeNull();
    expect(await sessionCount(user.id)).toBe(0);
    // Waiting for the code is not a sign-in yet.
    expect(await historyOf(user.id)).toEqual([]);

    const right = nextTotpCode(secret);
    const wrong = String((Number(right) + 3) % 1_000_000).padStart(6, '0');
    const refused = jar.take(await codeStep(jar, remoteAddress, { code: wrong }));
    expect(refused.statusCode).toBe(401);
    expect(errorOf(refused).message).toBe(m.signInCodeWrong);
    expect(await whoIs(jar)).toBeNull();
    expect(await historyOf(user.id)).toMatchObject([{ success: false, ipAddress: remoteAddress }]);

    const done = jar.take(await codeStep(jar, remoteAddress, { code: right }));
    expect(done.statusCode).toBe(200);
    expect(done.json().user.id).toBe(user.id);
    expect(await whoIs(jar)).toBe(user.id);
    expect(await historyOf(user.id)).toEqual([
      { success: true, ipAddress: remoteAddress, userAgent: CHROME_WINDOWS },
      { success: false, ipAddress: remoteAddress, userAgent: CHROME_WINDOWS },
    ]);
  });

  it('takes a backup code once', async () => {
    const { user, backupCodes } = await memberWithTwoFactor();
    const code = backupCodes[0] as string;
    const first = new Jar();
    const firstAddress = nextAddress();
    await discordSignIn(first, firstAddress);
    expect(first.take(await codeStep(first, firstAddress, { code })).statusCode).toBe(200);
    expect(await whoIs(first)).toBe(user.id);

    const second = new Jar();
    const secondAddress = nextAddress();
    await discordSignIn(second, secondAddress);
    const used = await codeStep(second, secondAddress, { code });
    expect(used.statusCode).toBe(401);
    expect(errorOf(used).message).toBe(m.signInCodeWrong);
    expect(await whoIs(second)).toBeNull();
  });

  it("'Confiar neste dispositivo' skips the code on that browser only", async () => {
    const { user, secret } = await memberWithTwoFactor();
    const trusted = new Jar();
    const remoteAddress = nextAddress();
    await discordSignIn(trusted, remoteAddress);
    const done = trusted.take(
      await codeStep(trusted, remoteAddress, { code: nextTotpCode(secret), trustDevice: true }),
    );
    expect(done.statusCode).toBe(200);

    // Signed out, the same browser signs in with Discord again: straight in, and recorded.
    trusted.take(await api.as(trusted.header).post('/api/accounts/logout'));
    expect(await whoIs(trusted)).toBeNull();
    const again = await discordSignIn(trusted, remoteAddress);
    expect(again.headers.location).toBe('/home');
    expect(await whoIs(trusted)).toBe(user.id);
    expect((await historyOf(user.id))[0]).toMatchObject({ success: true, ipAddress: remoteAddress });

    // Another browser is still asked for the code.
    const other = new Jar();
    expect((await discordSignIn(other, nextAddress())).headers.location).toBe(
      '/login?etapa=codigo&destino=%2Fhome',
    );
    expect(await whoIs(other)).toBeNull();
    expect(await sessionCount(user.id)).toBe(1);
  });
});
