import type { MemberActivity } from '@shared/member-activity';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { communityComments } from '../../src/server/db/schema';
import { createStaff, createUser } from '../factories/accounts';
import { createPost } from '../factories/community';
import { apiOf } from '../helpers/api';
import { signIn } from '../helpers/http';
import { createTestApp, type TestApp } from '../helpers/test-app';

/**
 * 'Mostrar atividade' (privacy.showActivity, off by default) governs the seller page's 'Atividade recente':
 * others get the member's newest forum posts and comments only when it is on and the profile public; the owner
 * always, told why others do not. The filter is the server's: a hidden answer holds no item.
 */
let t: TestApp;
const api = apiOf(() => t);
let otherCookie: string;
let staffCookie: string;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '1000' });
  const other = await createUser(t.db);
  otherCookie = await signIn(t.app, other.email, other.password);
  const staff = await createStaff(t.db);
  staffCookie = await signIn(t.app, staff.email, staff.password);
});
afterAll(() => t?.close());

const MINUTE = 60_000;

/** A member who wrote six posts and comments over the last minutes, newest last. */
async function memberWithActivity() {
  const user = await createUser(t.db);
  const cookie = await signIn(t.app, user.email, user.password);
  const someoneElse = await createUser(t.db);
  const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * MINUTE);
  const foreignPost = await createPost(t.db, someoneElse.id, {
    title: 'Post de outra pessoa',
    createdAt: at(60),
  });
  const oldest = await createPost(t.db, user.id, { title: 'O mais antigo', createdAt: at(50) });
  await createPost(t.db, user.id, {
    title: 'Dicas de Valorant',
    content: 'Treine a mira todo dia.',
    createdAt: at(40),
  });
  await t.db.insert(communityComments).values([
    { postId: foreignPost, authorId: user.id, content: 'Concordo, ótimo post!', createdAt: at(30) },
    { postId: oldest, authorId: user.id, content: 'Atualização: resolvido.', createdAt: at(20) },
    {
      postId: foreignPost,
      authorId: someoneElse.id,
      content: 'Comentário de outra pessoa',
      createdAt: at(15),
    },
  ]);
  await createPost(t.db, user.id, { title: 'Vendo conta LoL', content: 'x'.repeat(400), createdAt: at(10) });
  await createPost(t.db, user.id, { title: 'O mais novo', createdAt: at(5) });
  return { user, cookie, foreignPost, oldest };
}

const activityOf = async (username: string, cookie?: string) => {
  const res = await api.as(cookie).get(`/api/users/${encodeURIComponent(username)}/activity`);
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('private, no-store');
  return res.json() as MemberActivity;
};

const setPrivacy = async (cookie: string, privacy: object) => {
  const res = await api.as(cookie).put('/api/accounts/me/settings', { privacy });
  expect(res.statusCode).toBe(200);
};

describe('GET /api/users/:username/activity', () => {
  it('by default (switch off) gives guests, other members and staff nothing; the owner sees it, told why', async () => {
    const { user, cookie } = await memberWithActivity();
    for (const viewer of [undefined, otherCookie, staffCookie]) {
      expect(await activityOf(user.nickname, viewer)).toEqual({
        shown: false,
        hiddenFromOthers: null,
        items: [],
      });
    }
    const own = await activityOf(user.nickname, cookie);
    expect(own.shown).toBe(true);
    expect(own.hiddenFromOthers).toBe('activity-off');
    expect(own.items).toHaveLength(5);
  });

  it('with the switch on shows everyone the five newest posts and comments, linked to their post', async () => {
    const { user, cookie, foreignPost, oldest } = await memberWithActivity();
    await setPrivacy(cookie, { showActivity: true });
    for (const viewer of [undefined, otherCookie, cookie]) {
      const answer = await activityOf(user.nickname, viewer);
      expect(answer.shown).toBe(true);
      expect(answer.hiddenFromOthers).toBeNull();
      expect(answer.items.map((i) => [i.kind, i.postTitle])).toEqual([
        ['post', 'O mais novo'],
        ['post', 'Vendo conta LoL'],
        ['comment', 'O mais antigo'],
        ['comment', 'Post de outra pessoa'],
        ['post', 'Dicas de Valorant'],
      ]);
    }
    const { items } = await activityOf(user.nickname);
    expect(items[2]).toMatchObject({ postId: oldest, excerpt: 'Atualização: resolvido.' });
    expect(items[3]).toMatchObject({ postId: foreignPost, excerpt: 'Concordo, ótimo post!' });
    expect(items[4]?.excerpt).toBe('Treine a mira todo dia.');
    // A long post is cut to an excerpt, never sent whole.
    expect(items[1]?.excerpt.length).toBeLessThan(240);
    expect(items[1]?.excerpt.endsWith('…')).toBe(true);
    expect(Date.parse(items[0]?.createdAt ?? '')).not.toBeNaN();

    // Turned off again: hidden from others at once.
    await setPrivacy(cookie, { showActivity: false });
    expect((await activityOf(user.nickname, otherCookie)).items).toEqual([]);
  });

  it('stays hidden from others while the profile is private, even with the switch on', async () => {
    const { user, cookie } = await memberWithActivity();
    await setPrivacy(cookie, { showActivity: true, profilePublic: false });
    expect(await activityOf(user.nickname)).toEqual({ shown: false, hiddenFromOthers: null, items: [] });
    expect(await activityOf(user.nickname, otherCookie)).toEqual({
      shown: false,
      hiddenFromOthers: null,
      items: [],
    });
    const own = await activityOf(user.nickname, cookie);
    expect(own.hiddenFromOthers).toBe('profile-private');
    expect(own.items).toHaveLength(5);
  });

  it('answers an empty list for a member with no posts, and 404 for an unknown username', async () => {
    const quiet = await createUser(t.db);
    const cookie = await signIn(t.app, quiet.email, quiet.password);
    await setPrivacy(cookie, { showActivity: true });
    expect(await activityOf(quiet.nickname, otherCookie)).toEqual({
      shown: true,
      hiddenFromOthers: null,
      items: [],
    });
    const missing = await api.as().get('/api/users/ninguem-aqui/activity');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('Usuário não encontrado.');
  });
});
