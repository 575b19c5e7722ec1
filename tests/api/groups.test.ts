import { existsSync } from 'node:fs';
import path from 'node:path';
import { errorMessages } from '@shared/errors';
import { groupMessages as m } from '@shared/group-directory';
import { listingMessages } from '@shared/listing-messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/server/db/schema';
import { createStaff, createUser } from '../factories/accounts';
import { apiOf } from '../helpers/api';
import { errorOf, signIn } from '../helpers/http';
import { makeImage, makeTextFile } from '../helpers/images';
import { multipart } from '../helpers/multipart';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let userCookie: string;
let staffCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  const user = await createUser(t.db);
  const staff = await createStaff(t.db, 'moderator');
  userCookie = await signIn(t.app, user.email, user.password);
  staffCookie = await signIn(t.app, staff.email, staff.password);
});
afterAll(() => t.close());

const api = apiOf(() => t);
const directory = async () => (await api.as().get('/api/groups')).json();

const group = (overrides: object = {}) => ({
  title: 'Valorant Ranked BR',
  description: 'Duo para ranqueada.',
  memberCount: 870,
  whatsappLink: 'https://chat.whatsapp.com/ValorantRankedMg07',
  gameCategory: 'Valorant',
  isOfficial: true,
  isVip: false,
  ...overrides,
});
const create = async (overrides: object = {}) => {
  const res = await api.as(staffCookie).post('/api/groups', group(overrides));
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number };
};
const mediaFile = (url: string) => path.join(t.config.media.dir, url.replace(/^\/media\//, ''));

describe('the directory', () => {
  it('lists stored groups with their stats and categories, most groups first', async () => {
    const local = await createTestApp();
    try {
      const staff = await createStaff(local.db);
      const cookie = await signIn(local.app, staff.email, staff.password);
      const add = (body: object) =>
        apiOf(() => local)
          .as(cookie)
          .post('/api/groups', group(body));
      expect((await local.app.inject({ url: '/api/groups' })).json()).toEqual({
        groups: [],
        categories: [],
        stats: { groups: 0, members: 0 },
      });
      await add({ gameCategory: 'Free Fire', memberCount: 100, isOfficial: false });
      await add({ gameCategory: 'Roblox', memberCount: 2000, isOfficial: false });
      await add({ gameCategory: 'Free Fire', memberCount: 50, isOfficial: true });
      const listed = (await local.app.inject({ url: '/api/groups' })).json();
      expect(listed.stats).toEqual({ groups: 3, members: 2150 });
      expect(listed.categories).toEqual(['Free Fire', 'Roblox']);
      // Official first, then the biggest.
      expect(listed.groups.map((g: { memberCount: number }) => g.memberCount)).toEqual([50, 2000, 100]);
      expect(listed.groups[0]).toMatchObject({ isOfficial: true, image: null });
    } finally {
      await local.close();
    }
  });
});

describe('staff routes', () => {
  it('refuse guests and users: nothing changes', async () => {
    const { id } = await create();
    const before = await directory();
    for (const [cookie, status] of [
      [undefined, 401],
      [userCookie, 403],
    ] as const) {
      const posted = await api.as(cookie).post('/api/groups', group({ title: 'Invasor' }));
      const edited = await api.as(cookie).put(`/api/groups/${id}`, group({ title: 'Invasor' }));
      const deleted = await api.as(cookie).delete(`/api/groups/${id}`);
      expect([posted.statusCode, edited.statusCode, deleted.statusCode]).toEqual([status, status, status]);
      // A user is told they may not, not what is wrong with the body.
      const bad = await api.as(cookie).post('/api/groups', {});
      expect(bad.statusCode).toBe(status);
    }
    // A body the header's boundary does not match: refused for who sends it before it is read.
    const image = await api
      .as(userCookie)
      .put(
        `/api/groups/${id}/image`,
        multipart({}, [{ filename: 'a.png', data: await makeImage() }]).payload,
        {
          headers: multipart({}, []).headers,
        },
      );
    expect([image.statusCode, errorOf(image).message]).toEqual([403, errorMessages.forbidden]);
    expect(await directory()).toEqual(before);
  });

  it('validate every field with a pt-BR message and write nothing', async () => {
    const before = await directory();
    const res = await api.as(staffCookie).post('/api/groups', {
      title: ' ',
      description: '',
      memberCount: -5,
      whatsappLink: 'https://evil.example.com/convite',
      gameCategory: '',
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).fields).toEqual({
      title: m.titleRequired,
      description: m.descriptionRequired,
      memberCount: m.invalidMembers,
      whatsappLink: m.invalidLink,
      gameCategory: m.categoryRequired,
    });
    const script = await api
      .as(staffCookie)
      .post('/api/groups', group({ whatsappLink: 'javascript:alert(1)' }));
    expect(errorOf(script).fields).toEqual({ whatsappLink: m.invalidLink });
    expect(await directory()).toEqual(before);
  });

  it('let staff add, edit and remove a group, each logged for the audit', async () => {
    const { id } = await create({ title: 'Grupo novo' });
    const edited = await api
      .as(staffCookie)
      .put(`/api/groups/${id}`, group({ title: 'Grupo renomeado', isVip: true }));
    expect(edited.json()).toMatchObject({ id, title: 'Grupo renomeado', isVip: true });
    expect((await directory()).groups.find((g: { id: number }) => g.id === id).title).toBe('Grupo renomeado');
    expect((await api.as(staffCookie).delete(`/api/groups/${id}`)).statusCode).toBe(204);
    expect((await directory()).groups.some((g: { id: number }) => g.id === id)).toBe(false);
    const actions = (await t.db.select().from(auditLog))
      .filter((a) => a.targetId === String(id))
      .map((a) => a.action);
    expect(actions).toEqual(['whatsapp_group.create', 'whatsapp_group.update', 'whatsapp_group.delete']);
  });

  it('answer “Grupo não encontrado.” for a missing group', async () => {
    for (const res of [
      await api.as(staffCookie).put('/api/groups/987654', group()),
      await api.as(staffCookie).delete('/api/groups/987654'),
    ]) {
      expect([res.statusCode, errorOf(res).message]).toEqual([404, m.notFound]);
    }
  });
});

describe('group pictures', () => {
  const upload = (id: number, file: { filename: string; data: Buffer }) => {
    const body = multipart({}, [file]);
    return api.as(staffCookie).put(`/api/groups/${id}/image`, body);
  };

  it('are re-encoded to WebP, replace the previous one and go with the group', async () => {
    const { id } = await create();
    const first = (
      await upload(id, { filename: 'a.png', data: await makeImage({ width: 900, height: 600 }) })
    ).json();
    expect(first.image.url).toMatch(new RegExp(`^/media/groups/${id}/[0-9a-f]+-640\\.webp$`));
    expect(existsSync(mediaFile(first.image.url))).toBe(true);
    const served = await api.as().get(first.image.url);
    expect(served.headers['content-type']).toBe('image/webp');

    const second = (
      await upload(id, { filename: 'b.jpg', data: await makeImage({ format: 'jpeg' }) })
    ).json();
    expect(second.image.url).not.toBe(first.image.url);
    expect(existsSync(mediaFile(first.image.url))).toBe(false);

    await api.as(staffCookie).delete(`/api/groups/${id}`);
    expect(existsSync(mediaFile(second.image.url))).toBe(false);
  });

  it('refuse what is not an image and keep the group as it was', async () => {
    const { id } = await create();
    const res = await upload(id, { filename: 'foto.png', data: makeTextFile() });
    expect([res.statusCode, errorOf(res).message]).toEqual([400, listingMessages.notAnImage]);
    expect((await directory()).groups.find((g: { id: number }) => g.id === id).image).toBeNull();
  });
});

describe('Discord invite', () => {
  it('comes from DISCORD_INVITE_URL, or is null when none is set', async () => {
    expect((await api.as().get('/api/discord')).json()).toEqual({ inviteUrl: null });
    const configured = await createTestApp({ DISCORD_INVITE_URL: 'https://discord.gg/mercadogamer' });
    try {
      const res = await configured.app.inject({ url: '/api/discord' });
      expect(res.json()).toEqual({ inviteUrl: 'https://discord.gg/mercadogamer' });
    } finally {
      await configured.close();
    }
  });
});
