import { notificationMessages as m } from '@shared/notification-messages';
import {
  MAX_NOTIFICATION_BODY,
  MAX_NOTIFICATION_TITLE,
  type NotificationKind,
  type NotificationPage,
} from '@shared/notifications';
import { eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../src/server/db/schema';
import { notify, notifyMany } from '../../src/server/modules/notifications/service';
import { createUser, type TestUser } from '../factories/accounts';
import { apiOf } from '../helpers/api';
import { errorOf } from '../helpers/http';
import { sessionCookie } from '../helpers/sessions';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const api = apiOf(() => t);

const newMember = async () => {
  const user = await createUser(t.db);
  return { user, cookie: await sessionCookie(t, user.id) };
};

let sequence = 0;
/** Writes `count` notifications for `user`, one transaction each (as offers and trades will), oldest first. */
async function seed(user: TestUser, count: number, kind: NotificationKind = 'offer_received') {
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    sequence += 1;
    await t.db.transaction((tx) =>
      notify(tx, {
        userId: user.id,
        kind,
        title: `Nova oferta ${sequence}`,
        body: `Você recebeu uma oferta de R$ ${sequence},00`,
        link: `/minhas-ofertas?oferta=${sequence}`,
      }),
    );
    const [row] = await t.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(eq(notifications.userId, user.id))
      .orderBy(sql`${notifications.id} desc`)
      .limit(1);
    ids.push(row?.id ?? 0);
  }
  return ids;
}

const pageOf = async (cookie: string, query = '') => {
  const res = await api.as(cookie).get(`/api/notifications${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as NotificationPage;
};
const unreadRows = async (userId: string) =>
  (
    await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(notifications)
      .where(sql`${notifications.userId} = ${userId} and ${isNull(notifications.readAt)}`)
  )[0]?.n;

describe('notifications', () => {
  it('refuses a guest on every route with the pt-BR message', async () => {
    for (const [method, url] of [
      ['GET', '/api/notifications'],
      ['GET', '/api/notifications/unread-count'],
      ['POST', '/api/notifications/1/read'],
      ['POST', '/api/notifications/read-all'],
    ] as const) {
      const res = await api.as().request(method, url, undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(errorOf(res).message).toBe(m.loginRequired);
    }
  });

  it('shows a member only their own, newest first, with the unread count', async () => {
    const { user, cookie } = await newMember();
    const other = await newMember();
    expect(await pageOf(cookie)).toEqual({ items: [], unread: 0, hasMore: false, nextBefore: null });

    const [first, second] = await seed(user, 2);
    await seed(other.user, 3);
    const page = await pageOf(cookie);
    expect(page.items.map((n) => n.id)).toEqual([second, first]);
    expect(page.unread).toBe(2);
    expect(page.items[0]).toMatchObject({ kind: 'offer_received', read: false });
    expect(page.items[0]?.link).toMatch(/^\/minhas-ofertas\?oferta=\d+$/);
    expect(Date.parse(page.items[0]?.createdAt ?? '')).not.toBeNaN();
    expect((await api.as(cookie).get('/api/notifications/unread-count')).json()).toEqual({ unread: 2 });
    expect((await api.as(other.cookie).get('/api/notifications/unread-count')).json()).toEqual({
      unread: 3,
    });
  });

  it('answers 404 for another member’s notification and changes nothing', async () => {
    const { cookie } = await newMember();
    const owner = await newMember();
    const [theirs] = await seed(owner.user, 1);
    for (const id of [theirs, 2_000_000_000]) {
      const res = await api.as(cookie).post(`/api/notifications/${id}/read`);
      expect(res.statusCode).toBe(404);
      expect(errorOf(res).message).toBe(m.notFound);
    }
    expect(await unreadRows(owner.user.id)).toBe(1);
    // A bad id is a validation error, not a 500.
    expect((await api.as(cookie).post('/api/notifications/abc/read')).statusCode).toBe(400);
  });

  it('marks one as read, idempotently, keeping the first read time', async () => {
    const { user, cookie } = await newMember();
    const [a, b] = await seed(user, 2);
    const res = await api.as(cookie).post(`/api/notifications/${a}/read`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ unread: 1 });
    const readAt = async () =>
      (
        await t.db
          .select({ at: notifications.readAt })
          .from(notifications)
          .where(eq(notifications.id, a ?? 0))
      )[0]?.at;
    const firstRead = await readAt();
    expect(firstRead).toBeInstanceOf(Date);

    const again = await api.as(cookie).post(`/api/notifications/${a}/read`);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ unread: 1 });
    expect(await readAt()).toEqual(firstRead);

    const page = await pageOf(cookie);
    expect(page.items.map((n) => [n.id, n.read])).toEqual([
      [b, false],
      [a, true],
    ]);
  });

  it('marks all as read, only the viewer’s', async () => {
    const { user, cookie } = await newMember();
    const other = await newMember();
    await seed(user, 3);
    await seed(other.user, 2);
    const res = await api.as(cookie).post('/api/notifications/read-all');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ unread: 0 });
    expect((await pageOf(cookie)).items.every((n) => n.read)).toBe(true);
    expect(await unreadRows(other.user.id)).toBe(2);
    // Again: nothing left to mark, still fine.
    expect((await api.as(cookie).post('/api/notifications/read-all')).json()).toEqual({ unread: 0 });
  });

  it('pages newest first with a cursor, without gaps or repeats', async () => {
    const { user, cookie } = await newMember();
    const other = await newMember();
    const ids = await seed(user, 7);
    const [othersId] = await seed(other.user, 1);
    const newestFirst = [...ids].reverse();

    const seen: number[] = [];
    let before: number | null = null;
    let pages = 0;
    do {
      const page: NotificationPage = await pageOf(cookie, `?limit=3${before ? `&before=${before}` : ''}`);
      seen.push(...page.items.map((n) => n.id));
      expect(page.unread).toBe(7);
      expect(page.hasMore).toBe(page.nextBefore !== null);
      before = page.nextBefore;
      pages += 1;
    } while (before !== null);
    expect(pages).toBe(3);
    expect(seen).toEqual(newestFirst);

    // Someone else's id as the cursor shows nothing of theirs nor of ours.
    expect((await pageOf(cookie, `?before=${othersId}`)).items).toEqual([]);
    for (const query of ['?limit=0', '?limit=51', '?before=0', '?before=x']) {
      expect((await api.as(cookie).get(`/api/notifications${query}`)).statusCode, query).toBe(400);
    }
  });

  it('writes nothing when the caller’s transaction rolls back', async () => {
    const { user, cookie } = await newMember();
    await expect(
      t.db.transaction(async (tx) => {
        await notify(tx, { userId: user.id, kind: 'trade_started', title: 'A', body: 'B', link: '/x' });
        await notifyMany(tx, [
          { userId: user.id, kind: 'trade_step', title: 'C', body: 'D', link: '/y' },
          { userId: user.id, kind: 'timer_warning', title: 'E', body: 'F', link: '/z' },
        ]);
        throw new Error('the trade change failed');
      }),
    ).rejects.toThrow('the trade change failed');
    expect(await pageOf(cookie)).toMatchObject({ items: [], unread: 0 });
  });

  it('bounds the title and body, and keeps links inside the app', async () => {
    const { user, cookie } = await newMember();
    await t.db.transaction(async (tx) => {
      await notifyMany(tx, [
        {
          userId: user.id,
          kind: 'dispute_opened',
          title: `Disputa\naberta! ${'🎮'.repeat(300)}`,
          body: `x\0${'y'.repeat(2000)}`,
          link: 'https://golpe.example/intermediacao/1',
        },
        { userId: user.id, kind: 'dispute_decided', title: 'T', body: 'B', link: '//golpe.example' },
        { userId: user.id, kind: 'delivery_marked', title: 'T', body: 'B', link: '/intermediacao/12' },
      ]);
    });
    const [kept, protocolRelative, long] = (await pageOf(cookie)).items;
    expect(kept?.link).toBe('/intermediacao/12');
    expect(protocolRelative?.link).toBe('/');
    expect(long?.link).toBe('/');
    const title = Array.from(long?.title ?? '');
    expect(title.length).toBe(MAX_NOTIFICATION_TITLE);
    expect(title.at(-1)).toBe('…');
    expect(long?.title.startsWith('Disputa aberta! 🎮')).toBe(true);
    // Cut between code points: no lone surrogate.
    expect(long?.title).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
    expect(Array.from(long?.body ?? '').length).toBe(MAX_NOTIFICATION_BODY);
    expect(long?.body.startsWith('xy')).toBe(true);
  });
});
