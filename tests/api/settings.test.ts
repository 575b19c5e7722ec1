import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { settingsMessages as m } from '@shared/settings-messages';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accounts,
  communityComments,
  loginHistory,
  offers,
  pixKeys,
  profiles,
  reports,
  sessions,
  userSettings,
} from '../../src/server/db/schema';
import { createUser, type TestUser } from '../factories/accounts';
import { createPost } from '../factories/community';
import { createGames, createListing } from '../factories/listings';
import { createTradeRow } from '../factories/trades';
import { apiOf } from '../helpers/api';
import { cookiesOf, errorOf, signIn } from '../helpers/http';
import { makeImage, makeLargeImage, makeTextFile } from '../helpers/images';
import { multipart } from '../helpers/multipart';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let gameId: number;
beforeAll(async () => {
  t = await createTestApp();
  gameId = Object.values(await createGames(t.db))[0] as number;
});
afterAll(() => t.close());

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';

const api = apiOf(() => t);

let address = 0;
/** Signs in from its own address with a given browser, as a second device would. */
async function signInFrom(user: TestUser, userAgent: string, password = user.password) {
  const res = await api
    .as()
    .post(
      '/api/accounts/login',
      { email: user.email, password },
      { headers: { 'user-agent': userAgent }, remoteAddress: `10.20.0.${++address}` },
    );
  expect(res.statusCode).toBe(200);
  return cookiesOf(res);
}
const whoIs = async (cookie: string) =>
  (await api.as(cookie).get('/api/accounts/me')).json().user?.id ?? null;

async function member() {
  const user = await createUser(t.db);
  return { user, cookie: await signIn(t.app, user.email, user.password) };
}

const avatarFiles = (userId: string) => {
  const dir = path.join(t.config.media.dir, 'avatars', userId);
  return existsSync(dir) ? readdirSync(dir) : [];
};
const uploadAvatar = (cookie: string, data: Buffer, filename = 'eu.png') => {
  const form = multipart({}, [{ filename, data }]);
  return api.as(cookie).put('/api/accounts/me/avatar', form);
};

describe('every route asks for a signed-in member', () => {
  it.each([
    ['GET', '/profile'],
    ['PUT', '/profile'],
    ['PUT', '/avatar'],
    ['GET', '/settings'],
    ['PUT', '/settings'],
    ['POST', '/password'],
    ['GET', '/sessions'],
    ['DELETE', '/sessions/abc'],
    ['POST', '/sessions/end-others'],
    ['GET', '/login-history'],
    ['GET', '/export'],
    ['GET', '/activity'],
  ] as const)('%s %s answers a guest 401', async (method, url) => {
    const res = await api
      .as()
      .request(method, `/api/accounts/me${url}`, method === 'GET' || method === 'DELETE' ? undefined : {});
    expect(res.statusCode).toBe(401);
  });
});

describe('personal info', () => {
  it('reads and saves the owner’s own profile, e-mail read-only', async () => {
    const { user, cookie } = await member();
    const read = await api.as(cookie).get('/api/accounts/me/profile');
    expect(read.json()).toMatchObject({ email: user.email, username: user.nickname, fullName: null });

    const saved = await api.as(cookie).put('/api/accounts/me/profile', {
      username: `  ${user.nickname}novo `,
      fullName: 'Maria da Silva',
      phone: '(11) 98765-4321',
      bio: 'Jogo CS2 desde 2015.',
      email: 'outro@teste.com.br',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      email: user.email,
      username: `${user.nickname}novo`,
      fullName: 'Maria da Silva',
      phone: '(11) 98765-4321',
      bio: 'Jogo CS2 desde 2015.',
    });
    // The nickname everyone sees follows.
    const me = await api.as(cookie).get('/api/accounts/me');
    expect(me.json().user).toMatchObject({ nickname: `${user.nickname}novo`, email: user.email });
    // Blank optional fields become empty again.
    const cleared = await api.as(cookie).put('/api/accounts/me/profile', {
      username: user.nickname,
      fullName: ' ',
      phone: '',
      bio: '',
    });
    expect(cleared.json()).toMatchObject({ fullName: null, phone: null, bio: null });
  });

  it('refuses a username another member has, whatever its case, and changes nothing', async () => {
    const { user, cookie } = await member();
    const other = await createUser(t.db);
    const res = await api.as(cookie).put('/api/accounts/me/profile', {
      username: other.nickname.toUpperCase(),
      bio: 'nova bio',
    });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toMatchObject({ message: m.usernameTaken, fields: { username: m.usernameTaken } });
    const [row] = await t.db.select().from(profiles).where(eq(profiles.id, user.id));
    expect(row).toMatchObject({ username: user.nickname, bio: null });
    // Keeping one's own name, in another case, is not taking it.
    const same = await api
      .as(cookie)
      .put('/api/accounts/me/profile', { username: user.nickname.toUpperCase() });
    expect(same.statusCode).toBe(200);
  });

  it('checks the fields with pt-BR messages', async () => {
    const { cookie } = await member();
    const blank = await api.as(cookie).put('/api/accounts/me/profile', { username: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(errorOf(blank).fields?.username).toBe(m.required);
    const phone = await api.as(cookie).put('/api/accounts/me/profile', { username: 'alguem', phone: '123' });
    expect(errorOf(phone).fields?.phone).toBe(m.invalidPhone);
    const bio = await api
      .as(cookie)
      .put('/api/accounts/me/profile', { username: 'alguem', bio: 'a'.repeat(501) });
    expect(errorOf(bio).fields?.bio).toBe(m.tooLong(500));
  });

  it('changes only the caller’s own profile: there is no id of another member to name', async () => {
    const a = await member();
    const b = await member();
    await api
      .as(b.cookie)
      .put('/api/accounts/me/profile', { username: `${b.user.nickname}x`, bio: 'sou o B' });
    expect((await api.as(a.cookie).get('/api/accounts/me/profile')).json()).toMatchObject({
      username: a.user.nickname,
      bio: null,
    });
  });
});

describe('avatar', () => {
  it('stores one small square WebP, shows it as the avatar, and removes the previous file', async () => {
    const { user, cookie } = await member();
    const res = await uploadAvatar(
      cookie,
      await makeImage({ width: 900, height: 500, format: 'jpeg', exif: true }),
    );
    expect(res.statusCode).toBe(200);
    const url: string = res.json().avatarUrl;
    expect(url).toMatch(new RegExp(`^/media/avatars/${user.id}/[0-9a-f]{16}\\.webp$`));
    const file = await api.as().get(url);
    expect(file.headers['content-type']).toBe('image/webp');
    const meta = await sharp(file.rawPayload).metadata();
    expect([meta.width, meta.height, meta.exif]).toEqual([256, 256, undefined]);
    const me = await api.as(cookie).get('/api/accounts/me');
    expect(me.json().user.avatarUrl).toBe(url);
    expect(avatarFiles(user.id)).toHaveLength(1);

    const again = await uploadAvatar(cookie, await makeImage({ format: 'png' }));
    expect(again.json().avatarUrl).not.toBe(url);
    expect(avatarFiles(user.id)).toEqual([path.basename(again.json().avatarUrl)]);
  });

  it('refuses a file over 5 MB with the spec’s message and stores nothing', async () => {
    const { user, cookie } = await member();
    const res = await uploadAvatar(cookie, await makeLargeImage());
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toBe(m.avatarTooLarge);
    expect(avatarFiles(user.id)).toEqual([]);
    expect((await api.as(cookie).get('/api/accounts/me/profile')).json().avatarUrl).toBeNull();
  });

  it('refuses what is not an image, whatever its name, and stores nothing', async () => {
    const { user, cookie } = await member();
    const res = await uploadAvatar(cookie, makeTextFile(), 'foto.png');
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toBe(m.notAnImage);
    expect(avatarFiles(user.id)).toEqual([]);
  });
});

describe('notification and privacy switches', () => {
  it('starts at the spec’s defaults, saves what is sent, and keeps each member’s apart', async () => {
    const a = await member();
    const b = await member();
    expect((await api.as(a.cookie).get('/api/accounts/me/settings')).json()).toEqual({
      notifications: { email: true, push: false, sms: false, marketing: false },
      privacy: { profilePublic: true, showOnline: true, showActivity: false },
    });
    const saved = await api.as(a.cookie).put('/api/accounts/me/settings', {
      notifications: { marketing: true },
      privacy: { showOnline: false },
    });
    expect(saved.json()).toEqual({
      notifications: { email: true, push: false, sms: false, marketing: true },
      privacy: { profilePublic: true, showOnline: false, showActivity: false },
    });
    await api.as(a.cookie).put('/api/accounts/me/settings', { notifications: { email: false } });
    expect((await api.as(a.cookie).get('/api/accounts/me/settings')).json().notifications).toEqual({
      email: false,
      push: false,
      sms: false,
      marketing: true,
    });
    expect((await api.as(b.cookie).get('/api/accounts/me/settings')).json().notifications.marketing).toBe(
      false,
    );
    expect(await t.db.select().from(userSettings).where(eq(userSettings.userId, b.user.id))).toEqual([]);
    expect(
      (await api.as(a.cookie).put('/api/accounts/me/settings', { privacy: { profilePublic: 'sim' } }))
        .statusCode,
    ).toBe(400);
  });

  it('a private profile hides its full name and bio from everyone but its owner', async () => {
    const owner = await member();
    const other = await member();
    await api.as(owner.cookie).put('/api/accounts/me/profile', {
      username: owner.user.nickname,
      fullName: 'Nome Real',
      bio: 'Bio',
    });
    const profileAs = (cookie?: string) => api.as(cookie).get(`/api/profiles/${owner.user.id}`);
    expect((await profileAs(other.cookie)).json().details).toEqual({ fullName: 'Nome Real', bio: 'Bio' });

    await api.as(owner.cookie).put('/api/accounts/me/settings', { privacy: { profilePublic: false } });
    for (const cookie of [other.cookie, undefined]) {
      const res = await profileAs(cookie);
      expect(res.json()).toEqual({
        id: owner.user.id,
        username: owner.user.nickname,
        avatarUrl: null,
        details: null,
      });
      expect(res.body).not.toContain('Nome Real');
    }
    expect((await profileAs(owner.cookie)).json().details).toEqual({ fullName: 'Nome Real', bio: 'Bio' });
  });
});

describe('changing the password', () => {
  it('checks the current password and changes nothing when it is wrong', async () => {
    const { user, cookie } = await member();
    const hashOf = async () =>
      (await t.db.select({ p: accounts.password }).from(accounts).where(eq(accounts.userId, user.id)))[0]?.p;
    const before = await hashOf();
    const res = await api.as(cookie).post('/api/accounts/me/password', {
      currentPassword: 'Errada@123',
      newPassword: 'Nova@12345',
      confirmPassword: 'Nova@12345',
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({
      message: m.currentPasswordWrong,
      fields: { currentPassword: m.currentPasswordWrong },
    });
    expect(await hashOf()).toBe(before);
    expect(await whoIs(cookie)).toBe(user.id);
  });

  it('applies the spec’s three rules', async () => {
    const { cookie } = await member();
    const empty = await api.as(cookie).post('/api/accounts/me/password', {
      currentPassword: '',
      newPassword: '',
      confirmPassword: '',
    });
    expect(errorOf(empty).fields?.currentPassword).toBe(m.passwordFieldsRequired);
    const differ = await api.as(cookie).post('/api/accounts/me/password', {
      currentPassword: 'Senha@123',
      newPassword: 'Nova@12345',
      confirmPassword: 'Nova@99999',
    });
    expect(errorOf(differ).fields?.confirmPassword).toBe(m.passwordsDiffer);
    const short = await api.as(cookie).post('/api/accounts/me/password', {
      currentPassword: 'Senha@123',
      newPassword: 'abc',
      confirmPassword: 'abc',
    });
    expect(errorOf(short).fields?.newPassword).toBe(m.passwordTooShort);
  });

  it('sets the new password, keeps this device signed in and ends every other session', async () => {
    const user = await createUser(t.db);
    const here = await signInFrom(user, CHROME_WINDOWS);
    const phone = await signInFrom(user, SAFARI_IPHONE);
    const res = await api.as(here).post('/api/accounts/me/password', {
      currentPassword: user.password,
      newPassword: 'Nova@12345',
      confirmPassword: 'Nova@12345',
    });
    expect(res.statusCode).toBe(204);
    const renewed = cookiesOf(res);
    expect(await whoIs(renewed)).toBe(user.id);
    expect(await whoIs(phone)).toBeNull();
    expect(await whoIs(here)).toBeNull();
    await signInFrom(user, CHROME_WINDOWS, 'Nova@12345');
  });
});

describe('active sessions', () => {
  it('lists the member’s devices, this one first, without tokens', async () => {
    const user = await createUser(t.db);
    const here = await signInFrom(user, CHROME_WINDOWS);
    await signInFrom(user, SAFARI_IPHONE);
    const res = await api.as(here).get('/api/accounts/me/sessions');
    const list = res.json().sessions;
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({
      device: 'Chrome no Windows',
      isCurrent: true,
      ipAddress: expect.any(String),
    });
    expect(list[1]).toMatchObject({ device: 'Safari no iOS', isCurrent: false });
    const tokens = await t.db
      .select({ token: sessions.token })
      .from(sessions)
      .where(eq(sessions.userId, user.id));
    for (const { token } of tokens) expect(res.body).not.toContain(token);
  });

  it('shows the address the server saw, not one the client claims in X-Forwarded-For', async () => {
    const user = await createUser(t.db);
    const login = await api.as().post(
      '/api/accounts/login',
      { email: user.email, password: user.password },
      {
        headers: { 'user-agent': CHROME_WINDOWS, 'x-forwarded-for': '6.6.6.6' },
        remoteAddress: '10.40.0.7',
      },
    );
    expect(login.statusCode).toBe(200);
    const list = (await api.as(cookiesOf(login)).get('/api/accounts/me/sessions')).json().sessions;
    expect(list).toMatchObject([{ isCurrent: true, ipAddress: '10.40.0.7' }]);
  });

  it('ends one session: its cookie stops working, the others keep theirs', async () => {
    const user = await createUser(t.db);
    const here = await signInFrom(user, CHROME_WINDOWS);
    const phone = await signInFrom(user, SAFARI_IPHONE);
    const tablet = await signInFrom(user, SAFARI_IPHONE);
    const phoneSession = (await api.as(phone).get('/api/accounts/me/sessions'))
      .json()
      .sessions.find((s: { isCurrent: boolean }) => s.isCurrent);
    const res = await api.as(here).delete(`/api/accounts/me/sessions/${phoneSession.id}`);
    expect(res.statusCode).toBe(204);
    expect(await whoIs(phone)).toBeNull();
    expect(await whoIs(here)).toBe(user.id);
    expect(await whoIs(tablet)).toBe(user.id);
    expect((await api.as(here).get('/api/accounts/me/sessions')).json().sessions).toHaveLength(2);
  });

  it('ends all the others and keeps this one', async () => {
    const user = await createUser(t.db);
    const here = await signInFrom(user, CHROME_WINDOWS);
    const phone = await signInFrom(user, SAFARI_IPHONE);
    const tablet = await signInFrom(user, SAFARI_IPHONE);
    expect((await api.as(here).post('/api/accounts/me/sessions/end-others')).statusCode).toBe(204);
    expect(await whoIs(phone)).toBeNull();
    expect(await whoIs(tablet)).toBeNull();
    expect(await whoIs(here)).toBe(user.id);
  });

  it('shows "last seen" to within five minutes, without a write on every request', async () => {
    const user = await createUser(t.db);
    const cookie = await signInFrom(user, CHROME_WINDOWS);
    const read = async () => {
      const [row] = await t.db
        .select({ updatedAt: sessions.updatedAt, expiresAt: sessions.expiresAt })
        .from(sessions)
        .where(eq(sessions.userId, user.id));
      if (!row) throw new Error('no session');
      return row;
    };
    // Moves the session's clock back, as if its last refresh were that long ago.
    const age = async (minutes: number) => {
      const row = await read();
      const shift = (date: Date) => new Date(date.getTime() - minutes * 60_000);
      await t.db
        .update(sessions)
        .set({ updatedAt: shift(row.updatedAt), expiresAt: shift(row.expiresAt) })
        .where(eq(sessions.userId, user.id));
      return (await read()).updatedAt;
    };

    // Four minutes on, requests leave the row alone.
    const fourMinutesAgo = await age(4);
    expect(await whoIs(cookie)).toBe(user.id);
    expect((await read()).updatedAt).toEqual(fourMinutesAgo);

    // Past five minutes, the next request brings "last seen" to now, and the list shows it.
    await age(2);
    const before = Date.now();
    expect(await whoIs(cookie)).toBe(user.id);
    const seen = (await read()).updatedAt;
    expect(seen.getTime()).toBeGreaterThanOrEqual(before - 1000);
    const [listed] = (await api.as(cookie).get('/api/accounts/me/sessions')).json().sessions;
    expect(listed.lastSeenAt).toBe(seen.toISOString());
  });

  it('another member can neither see nor end my sessions', async () => {
    const victim = await createUser(t.db);
    const victimCookie = await signInFrom(victim, CHROME_WINDOWS);
    const intruder = await member();
    const [victimSession] = await t.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.userId, victim.id));
    const listed = (await api.as(intruder.cookie).get('/api/accounts/me/sessions')).json().sessions;
    expect(listed.map((s: { id: string }) => s.id)).not.toContain(victimSession?.id);
    const res = await api.as(intruder.cookie).delete(`/api/accounts/me/sessions/${victimSession?.id}`);
    expect(res.statusCode).toBe(404);
    expect(errorOf(res).message).toBe(m.sessionNotFound);
    expect(await whoIs(victimCookie)).toBe(victim.id);
  });
});

describe('login history', () => {
  it('records every attempt on the account, right or wrong, newest first, for its owner only', async () => {
    const user = await createUser(t.db);
    const wrong = await api
      .as()
      .post(
        '/api/accounts/login',
        { email: user.email, password: 'Errada@123' },
        { headers: { 'user-agent': SAFARI_IPHONE }, remoteAddress: '10.30.0.1' },
      );
    expect(wrong.statusCode).toBe(401);
    const cookie = await signInFrom(user, CHROME_WINDOWS);
    const attempts = (await api.as(cookie).get('/api/accounts/me/login-history')).json().attempts;
    expect(attempts).toMatchObject([
      { success: true, device: 'Chrome no Windows' },
      { success: false, device: 'Safari no iOS', ipAddress: '10.30.0.1' },
    ]);
    const other = await member();
    const theirs = (await api.as(other.cookie).get('/api/accounts/me/login-history')).json().attempts;
    expect(theirs).toHaveLength(1);
    expect(theirs[0].id).not.toBe(attempts[0].id);
  });

  it('records nothing for an unknown e-mail', async () => {
    const before = (await t.db.select().from(loginHistory)).length;
    await api
      .as()
      .post(
        '/api/accounts/login',
        { email: 'ninguem@teste.com.br', password: 'Errada@123' },
        { remoteAddress: '10.30.0.2' },
      );
    expect((await t.db.select().from(loginHistory)).length).toBe(before);
  });
});

describe('LGPD: my data and activity report', () => {
  it('downloads everything held about the member as a JSON attachment, and nothing of anyone else', async () => {
    const { user, cookie } = await member();
    const other = await createUser(t.db);
    await api.as(cookie).put('/api/accounts/me/profile', {
      username: user.nickname,
      fullName: 'Dono dos Dados',
      phone: '11987654321',
    });
    await api.as(cookie).put('/api/accounts/me/settings', { notifications: { marketing: true } });
    const myListing = await createListing(t.db, user.id, { gameId, title: 'Minha skin rara' });
    const theirListing = await createListing(t.db, other.id, { gameId, title: 'Conta do outro' });
    await t.db.insert(offers).values([
      { listingId: theirListing, buyerId: user.id, amountCents: 1500, message: 'Aceita?' },
      { listingId: myListing, buyerId: other.id, amountCents: 900, message: 'Mensagem do outro' },
    ]);
    await createTradeRow(t.db, { sellerId: other.id, buyerId: user.id, amountCents: 4200 });
    await createTradeRow(t.db, { sellerId: user.id, buyerId: other.id, amountCents: 3100 });
    const myPost = await createPost(t.db, user.id, { title: 'Meu post no fórum' });
    const theirPost = await createPost(t.db, other.id, { title: 'Post do outro' });
    await t.db.insert(communityComments).values([
      { postId: theirPost, authorId: user.id, content: 'Meu comentário' },
      { postId: myPost, authorId: other.id, content: 'Comentário do outro' },
    ]);
    await t.db.insert(reports).values({
      reporterId: user.id,
      targetType: 'user',
      targetId: other.id,
      targetName: other.nickname,
      reason: 'golpe',
    });
    await t.db.insert(pixKeys).values({ userId: user.id, type: 'email', key: user.email, isDefault: true });

    const res = await api.as(cookie).get('/api/accounts/me/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="mercado-gamer-meus-dados-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const data = JSON.parse(res.body);
    expect(data.account).toMatchObject({
      id: user.id,
      email: user.email,
      signInMethods: [{ provider: 'credential' }],
    });
    expect(data.profile).toMatchObject({ fullName: 'Dono dos Dados', phone: '11987654321' });
    expect(data.settings.notifications.marketing).toBe(true);
    // The trade factory gives the member's sale a listing of its own.
    expect(data.listings.map((l: { title: string }) => l.title)).toEqual([
      'Minha skin rara',
      expect.any(String),
    ]);
    expect(data.offersSent).toMatchObject([
      { listingTitle: 'Conta do outro', amountCents: 1500, message: 'Aceita?' },
    ]);
    expect(data.offersReceived).toMatchObject([{ listingTitle: 'Minha skin rara', amountCents: 900 }]);
    expect(data.trades).toMatchObject([
      { amountCents: 4200, role: 'buyer', state: 'awaiting_payment' },
      { amountCents: 3100, role: 'seller' },
    ]);
    expect(data.forum.posts.map((p: { title: string }) => p.title)).toEqual(['Meu post no fórum']);
    expect(data.forum.comments.map((c: { content: string }) => c.content)).toEqual(['Meu comentário']);
    expect(data.reports).toMatchObject([{ targetType: 'user', reason: 'golpe' }]);
    expect(data.pixKeys).toMatchObject([{ type: 'email', key: user.email }]);
    expect(data.sessions.length).toBeGreaterThan(0);
    expect(data.loginHistory).toMatchObject([{ success: true }]);

    // Nothing about the other member: not their id, e-mail, listing, post, comment or offer message.
    for (const foreign of [
      other.id,
      other.email,
      'Post do outro',
      'Comentário do outro',
      'Mensagem do outro',
    ]) {
      expect(res.body).not.toContain(foreign);
    }
    // Nor a secret of the member's own: password hash, session tokens.
    const [hash] = await t.db
      .select({ p: accounts.password })
      .from(accounts)
      .where(eq(accounts.userId, user.id));
    expect(res.body).not.toContain(hash?.p as string);
    for (const { token } of await t.db
      .select({ token: sessions.token })
      .from(sessions)
      .where(eq(sessions.userId, user.id)))
      expect(res.body).not.toContain(token);
  });

  it('exports only the caller’s data: another member’s export never holds mine', async () => {
    const a = await member();
    const b = await member();
    await createListing(t.db, a.user.id, { gameId, title: 'Anúncio secreto do A' });
    const res = await api.as(b.cookie).get('/api/accounts/me/export');
    expect(JSON.parse(res.body).account.id).toBe(b.user.id);
    expect(res.body).not.toContain('Anúncio secreto do A');
    expect(res.body).not.toContain(a.user.email);
  });

  it('counts the member’s listings, offers, trades, posts and sign-ins', async () => {
    const { user, cookie } = await member();
    const other = await createUser(t.db);
    const theirs = await createListing(t.db, other.id, { gameId, title: 'Item' });
    await createListing(t.db, user.id, { gameId, title: 'Um' });
    await createListing(t.db, user.id, { gameId, title: 'Dois' });
    await t.db.insert(offers).values({ listingId: theirs, buyerId: user.id, amountCents: 100 });
    await createTradeRow(t.db, { sellerId: other.id, buyerId: user.id, amountCents: 100 });
    await createPost(t.db, user.id);
    await createListing(t.db, other.id, { gameId, title: 'Não conta' });
    const report = (await api.as(cookie).get('/api/accounts/me/activity')).json();
    expect(report.totals).toEqual({
      listings: 2,
      offersSent: 1,
      offersReceived: 0,
      trades: 1,
      posts: 1,
      comments: 0,
      signIns: 1,
    });
    expect(report.months).toHaveLength(6);
    expect(report.months.at(-1)).toMatchObject({
      month: new Date().toISOString().slice(0, 7),
      listings: 2,
      signIns: 1,
    });
  });
});
