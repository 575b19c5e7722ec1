import { readFileSync } from 'node:fs';
import { overviewMetricOf } from '@shared/admin';
import { adminMessages as m, overviewAlertActions } from '@shared/admin-messages';
import { bannerMessages as bm } from '@shared/banners';
import { errorMessages } from '@shared/errors';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  adminRoles,
  auditLog,
  banners,
  reports,
  supportTickets,
  tradeEvents,
  trades,
} from '../../src/server/db/schema';
import { createStaffService } from '../../src/server/modules/admin/staff';
import { createStorage } from '../../src/server/storage';
import { createStaff, createUser, type TestUser } from '../factories/accounts';
import { createTradeRow } from '../factories/trades';
import { apiOf } from '../helpers/api';
import { errorOf, signIn } from '../helpers/http';
import { makeImage } from '../helpers/images';
import { multipart } from '../helpers/multipart';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let admin: TestUser;
let adminCookie: string;
let moderator: TestUser;
let moderatorCookie: string;
let member: TestUser;
let memberCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createStaff(t.db, 'admin');
  moderator = await createStaff(t.db, 'moderator');
  member = await createUser(t.db, { nickname: `membro${Date.now().toString(36)}` });
  adminCookie = await signIn(t.app, admin.email, admin.password);
  moderatorCookie = await signIn(t.app, moderator.email, moderator.password);
  memberCookie = await signIn(t.app, member.email, member.password);
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const api = apiOf(() => t);
const roleOf = async (userId: string) =>
  (await t.db.select({ role: adminRoles.role }).from(adminRoles).where(eq(adminRoles.userId, userId)))[0]
    ?.role ?? null;
const auditRows = (action: string, targetId: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)));
const allRoles = async () =>
  (await t.db.select().from(adminRoles)).map((r) => `${r.userId}:${r.role}`).sort();

describe('every admin route is for admins only', () => {
  const routes = (target: string): [Method, string, object?][] => [
    ['GET', '/api/admin/staff'],
    ['GET', '/api/admin/staff/candidates?q=a'],
    ['POST', '/api/admin/staff', { userId: target, role: 'moderator' }],
    ['PATCH', `/api/admin/staff/${target}`, { role: 'admin' }],
    ['DELETE', `/api/admin/staff/${target}`],
    ['GET', '/api/admin/audit'],
  ];

  it('answers 401 to a guest, 403 to a member and to a moderator, and changes nothing', async () => {
    const before = await allRoles();
    for (const [method, url, body] of routes(member.id)) {
      const guest = await api.as().request(method, url, body);
      expect([method, url, guest.statusCode, errorOf(guest).message]).toEqual([
        method,
        url,
        401,
        errorMessages.unauthenticated,
      ]);
      for (const cookie of [memberCookie, moderatorCookie]) {
        const res = await api.as(cookie).request(method, url, body);
        expect([method, url, res.statusCode, errorOf(res).message]).toEqual([
          method,
          url,
          403,
          errorMessages.forbidden,
        ]);
      }
    }
    expect(await allRoles()).toEqual(before);
  });

  it('lets an admin read the staff list and the audit log', async () => {
    const list = await api.as(adminCookie).get('/api/admin/staff');
    expect(list.statusCode).toBe(200);
    const staff = list.json().staff as { userId: string; role: string }[];
    expect(staff).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ userId: admin.id, role: 'admin' }),
        expect.objectContaining({ userId: moderator.id, role: 'moderator' }),
      ]),
    );
    expect(staff.some((s) => s.userId === member.id)).toBe(false);
    const audit = await api.as(adminCookie).get('/api/admin/audit');
    expect(audit.statusCode).toBe(200);
    expect(audit.json()).toMatchObject({ page: 1, pageSize: 50 });
  });
});

describe('adding, changing and removing staff', () => {
  it('finds candidates by username, at most 20, never someone who already has a role', async () => {
    const tag = `cand${Date.now().toString(36)}`;
    for (let i = 0; i < 22; i++) await createUser(t.db, { nickname: `${tag}${i}` });
    const res = await api.as(adminCookie).get(`/api/admin/staff/candidates?q=${tag}`);
    expect(res.statusCode).toBe(200);
    const candidates = res.json().candidates as { username: string }[];
    expect(candidates).toHaveLength(20);
    expect(candidates.every((c) => c.username.startsWith(tag))).toBe(true);

    const mod = await api.as(adminCookie).get(`/api/admin/staff/candidates?q=`);
    const ids = (mod.json().candidates as { userId: string }[]).map((c) => c.userId);
    expect(ids).not.toContain(admin.id);
    expect(ids).not.toContain(moderator.id);
  });

  it('asks for a user, refuses an unknown one and one who is already staff, and writes nothing', async () => {
    const before = await allRoles();
    const missing = await api.as(adminCookie).post('/api/admin/staff', { userId: '', role: 'moderator' });
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing).fields).toEqual({ userId: m.staffUserRequired });
    const unknown = await api.as(adminCookie).post('/api/admin/staff', {
      userId: 'ninguem',
      role: 'moderator',
    });
    expect([unknown.statusCode, errorOf(unknown).message]).toEqual([404, m.staffUserNotFound]);
    const twice = await api.as(adminCookie).post('/api/admin/staff', {
      userId: moderator.id,
      role: 'admin',
    });
    expect([twice.statusCode, errorOf(twice).message]).toEqual([409, m.staffAlreadyStaff]);
    expect(await allRoles()).toEqual(before);
  });

  it('adds a moderator, promotes and removes them, each audited', async () => {
    const user = await createUser(t.db);
    const add = await api.as(adminCookie).post('/api/admin/staff', { userId: user.id, role: 'moderator' });
    expect(add.statusCode).toBe(204);
    expect(await roleOf(user.id)).toBe('moderator');
    expect(await auditRows('staff.add', user.id)).toEqual([
      expect.objectContaining({
        actorId: admin.id,
        targetType: 'user',
        details: expect.objectContaining({ role: 'moderator' }),
      }),
    ]);

    const promote = await api.as(adminCookie).patch(`/api/admin/staff/${user.id}`, { role: 'admin' });
    expect(promote.statusCode).toBe(204);
    expect(await roleOf(user.id)).toBe('admin');
    expect(await auditRows('staff.change_role', user.id)).toEqual([
      expect.objectContaining({ actorId: admin.id, details: { from: 'moderator', to: 'admin' } }),
    ]);

    const remove = await api.as(adminCookie).delete(`/api/admin/staff/${user.id}`);
    expect(remove.statusCode).toBe(204);
    expect(await roleOf(user.id)).toBeNull();
    expect(await auditRows('staff.remove', user.id)).toHaveLength(1);

    const log = await api.as(adminCookie).get(`/api/admin/audit?action=staff.remove&actorId=${admin.id}`);
    expect(log.json().entries).toEqual([
      expect.objectContaining({ action: 'staff.remove', targetId: user.id, actorName: expect.any(String) }),
    ]);
    expect(log.json().facets.actions).toEqual(
      expect.arrayContaining(['staff.add', 'staff.change_role', 'staff.remove']),
    );
  });

  it('removing someone from the staff hands the trades they hold back to the desk, with a history line', async () => {
    const leaving = await createStaff(t.db, 'moderator');
    const leavingCookie = await signIn(t.app, leaving.email, leaving.password);
    const seller = await createUser(t.db);
    const held = await createTradeRow(t.db, { sellerId: seller.id, buyerId: member.id, amountCents: 7_000 });
    const done = await createTradeRow(t.db, { sellerId: seller.id, buyerId: member.id, amountCents: 7_000 });
    await t.db.update(trades).set({ state: 'disputed' }).where(eq(trades.id, held.id));
    const take = await api.as(leavingCookie).post(`/api/trades/${held.id}/take`, {});
    expect(take.statusCode, take.body).toBe(200);
    await t.db
      .update(trades)
      .set({ state: 'completed', intermediaryId: leaving.id })
      .where(eq(trades.id, done.id));

    const remove = await api.as(adminCookie).delete(`/api/admin/staff/${leaving.id}`);
    expect(remove.statusCode, remove.body).toBe(204);
    const [freed] = await t.db.select().from(trades).where(eq(trades.id, held.id));
    expect(freed?.intermediaryId).toBeNull();
    const history = await t.db.select().from(tradeEvents).where(eq(tradeEvents.tradeId, held.id));
    expect(history.at(-1)).toMatchObject({
      kind: 'staff_unassigned',
      detail: `Intermediação devolvida à equipe: ${m.handBackStaffRemoved}`,
    });
    // A finished trade keeps who intermediated it.
    const [kept] = await t.db.select().from(trades).where(eq(trades.id, done.id));
    expect(kept?.intermediaryId).toBe(leaving.id);
    expect(await auditRows('staff.remove', leaving.id)).toEqual([
      expect.objectContaining({ details: { role: 'moderator', tradesHandedBack: 1 } }),
    ]);
  });

  it('never lets an admin remove or demote themselves', async () => {
    const before = await allRoles();
    const remove = await api.as(adminCookie).delete(`/api/admin/staff/${admin.id}`);
    expect([remove.statusCode, errorOf(remove).message]).toEqual([403, m.staffSelf]);
    const demote = await api.as(adminCookie).patch(`/api/admin/staff/${admin.id}`, { role: 'moderator' });
    expect([demote.statusCode, errorOf(demote).message]).toEqual([403, m.staffSelf]);
    expect(await allRoles()).toEqual(before);
    expect(await auditRows('staff.remove', admin.id)).toEqual([]);
  });

  it('keeps the last admin when two admins demote each other at once', async () => {
    const local = await createTestApp();
    try {
      const a = await createStaff(local.db, 'admin');
      const b = await createStaff(local.db, 'admin');
      const staff = createStaffService(local.db);
      const asA = { userId: a.id, email: a.email, role: 'admin' as const };
      const asB = { userId: b.id, email: b.email, role: 'admin' as const };
      // Both sessions were read as admin; the transactions run one after the other on the locked admin rows.
      const results = await Promise.allSettled([
        staff.changeRole(asA, b.id, 'moderator'),
        staff.remove(asB, a.id),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
      const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
      expect(refused.reason).toMatchObject({ code: 'CONFLICT', message: m.staffLastAdmin });
      const admins = (await local.db.select().from(adminRoles)).filter((r) => r.role === 'admin');
      expect(admins).toHaveLength(1);
      expect(await local.db.select().from(auditLog)).toHaveLength(1);
    } finally {
      await local.close();
    }
  });
});

describe('banners', () => {
  const bannerKeys = async () => {
    const storage = createStorage(t.config.media);
    const keys: string[] = [];
    for await (const file of storage.list('banners/')) keys.push(file.key);
    return keys.sort();
  };
  const bannerRows = async () => (await t.db.select().from(banners)).map((b) => b.id).sort();
  const send = (
    method: 'POST' | 'PUT',
    url: string,
    cookie: string | undefined,
    fields: Record<string, string>,
    image?: Buffer,
  ) => {
    const body = multipart(fields, image ? [{ filename: 'banner.png', data: image }] : [], 'image');
    return api.as(cookie).request(method, url, body);
  };

  it('is for admins only: 401 for a guest, 403 for a member and a moderator, nothing stored', async () => {
    const image = await makeImage({ width: 400, height: 200 });
    for (const [cookie, status] of [
      [undefined, 401],
      [memberCookie, 403],
      [moderatorCookie, 403],
    ] as const) {
      expect((await api.as(cookie).get('/api/admin/banners')).statusCode).toBe(status);
      expect((await send('POST', '/api/admin/banners', cookie, { title: 'Promo' }, image)).statusCode).toBe(
        status,
      );
      expect((await send('PUT', '/api/admin/banners/1', cookie, { title: 'Promo' })).statusCode).toBe(status);
      expect((await api.as(cookie).patch('/api/admin/banners/1', { active: false })).statusCode).toBe(status);
      expect((await api.as(cookie).delete('/api/admin/banners/1')).statusCode).toBe(status);
    }
    expect(await bannerRows()).toEqual([]);
    expect(await bannerKeys()).toEqual([]);
  });

  it('refuses a bad form with its message and stores neither a row nor a file', async () => {
    const image = await makeImage({ width: 400, height: 200 });
    const cases: [Record<string, string>, Buffer | undefined, string, string][] = [
      [{ title: '  ' }, image, 'title', bm.titleRequired],
      [{ title: 'Sem imagem' }, undefined, 'image', bm.imageRequired],
      [{ title: 'Http', imageUrl: 'http://exemplo.com/a.png' }, undefined, 'imageUrl', bm.httpsRequired],
      [{ title: 'Ordem', displayOrder: '0' }, image, 'displayOrder', bm.orderInvalid],
      [{ title: 'Link', linkUrl: 'javascript:alert(1)' }, image, 'linkUrl', bm.linkInvalid],
      [{ title: 'Dois', imageUrl: 'https://exemplo.com/a.png' }, image, 'image', bm.oneImage],
      [{ title: 'Texto' }, Buffer.from('não sou uma imagem'), 'photos', bm.notAnImage],
    ];
    for (const [fields, file, field, message] of cases) {
      const res = await send('POST', '/api/admin/banners', adminCookie, fields, file);
      expect([field, res.statusCode, errorOf(res).fields?.[field]]).toEqual([field, 400, message]);
    }
    const big = await send(
      'POST',
      '/api/admin/banners',
      adminCookie,
      { title: 'Grande' },
      Buffer.alloc(10 * 1024 * 1024 + 10, 1),
    );
    expect([big.statusCode, errorOf(big).message]).toEqual([400, bm.imageTooLarge]);
    expect(await bannerRows()).toEqual([]);
    expect(await bannerKeys()).toEqual([]);
  });

  it('creates, lists, edits, switches off and deletes a banner; /api/banners shows the active ones in order', async () => {
    const image = await makeImage({ width: 1600, height: 500 });
    const first = await send(
      'POST',
      '/api/admin/banners',
      adminCookie,
      { title: 'Black Friday', linkUrl: '/marketplace' },
      image,
    );
    expect(first.statusCode).toBe(201);
    const created = first.json();
    expect(created).toMatchObject({
      title: 'Black Friday',
      displayOrder: 1,
      active: true,
      uploaded: true,
      linkUrl: '/marketplace',
    });
    expect(created.imageUrl).toMatch(new RegExp(`^/media/banners/${created.id}/[0-9a-f]+-\\d+\\.webp$`));
    expect((await t.app.inject(created.imageUrl)).statusCode).toBe(200);
    const filesAfterCreate = await bannerKeys();
    expect(filesAfterCreate.length).toBeGreaterThan(0);

    const second = await send('POST', '/api/admin/banners', adminCookie, {
      title: 'Torneio',
      imageUrl: 'https://cdn.exemplo.com/torneio.png',
    });
    expect(second.json()).toMatchObject({
      displayOrder: 2,
      uploaded: false,
      imageUrl: 'https://cdn.exemplo.com/torneio.png',
    });

    // Moving the uploaded one behind the other, with an address in place of its picture: its files go.
    const edited = await send('PUT', `/api/admin/banners/${created.id}`, adminCookie, {
      title: 'Black Friday 2026',
      displayOrder: '3',
      imageUrl: 'https://cdn.exemplo.com/bf.png',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ title: 'Black Friday 2026', displayOrder: 3, uploaded: false });
    expect(await bannerKeys()).toEqual([]);

    const home = await api.as().get('/api/banners');
    expect(home.json().banners.map((b: { title: string }) => b.title)).toEqual([
      'Torneio',
      'Black Friday 2026',
    ]);

    const off = await api.as(adminCookie).patch(`/api/admin/banners/${second.json().id}`, { active: false });
    expect(off.json().active).toBe(false);
    expect(
      (await api.as().get('/api/banners')).json().banners.map((b: { title: string }) => b.title),
    ).toEqual(['Black Friday 2026']);

    expect((await api.as(adminCookie).delete(`/api/admin/banners/${created.id}`)).statusCode).toBe(204);
    expect((await api.as(adminCookie).delete(`/api/admin/banners/${created.id}`)).statusCode).toBe(404);
    const actions = (
      await t.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.targetType, 'banner'))
    ).map((r) => r.action);
    expect(actions.sort()).toEqual([
      'banner.create',
      'banner.create',
      'banner.deactivate',
      'banner.delete',
      'banner.update',
    ]);
    // Clean up for the next test.
    await api.as(adminCookie).delete(`/api/admin/banners/${second.json().id}`);
  });

  it('deleting a banner removes its uploaded files', async () => {
    const res = await send(
      'POST',
      '/api/admin/banners',
      adminCookie,
      { title: 'Some' },
      await makeImage({ width: 300, height: 100 }),
    );
    expect((await bannerKeys()).length).toBeGreaterThan(0);
    expect((await api.as(adminCookie).delete(`/api/admin/banners/${res.json().id}`)).statusCode).toBe(204);
    expect(await bannerKeys()).toEqual([]);
  });
});

describe('the system figures', () => {
  it('are for admins only', async () => {
    expect((await api.as().get('/api/admin/system')).statusCode).toBe(401);
    expect((await api.as(memberCookie).get('/api/admin/system')).statusCode).toBe(403);
    expect((await api.as(moderatorCookie).get('/api/admin/system')).statusCode).toBe(403);
  });

  it('come from the process and the database: version, database kind, last migration, trades today', async () => {
    const before = (await api.as(adminCookie).get('/api/admin/system')).json();
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
    const journal = JSON.parse(readFileSync('drizzle/meta/_journal.json', 'utf8')) as {
      entries: { tag: string }[];
    };
    expect(before).toMatchObject({
      version: pkg.version,
      database: { kind: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite', healthy: true },
      storage: { kind: 'local', healthy: true },
      socketsConnected: 0,
      lastMigration: { tag: journal.entries.at(-1)?.tag },
    });
    expect(before.database.responseMs).toBeGreaterThanOrEqual(0);
    // The runner is not started here: every job is listed, none has run.
    expect(before.jobs.map((job: { name: string; lastRun: unknown }) => [job.name, job.lastRun])).toEqual([
      ['trade-timers', null],
      ['notification-mails', null],
      ['notification-pushes', null],
      ['orphan-sweep', null],
      ['recording-retention', null],
      ['seller-stats', null],
      ['rate-limit-purge', null],
      // Saved searches that alert (issue 38 part 3).
      ['saved-search-sweep', null],
      ['saved-search-digest', null],
    ]);
    expect(before.uptimeSeconds).toBeGreaterThanOrEqual(0);
    const seller = await createUser(t.db);
    await createTradeRow(t.db, { sellerId: seller.id, buyerId: member.id, amountCents: 10_000 });
    const after = (await api.as(adminCookie).get('/api/admin/system')).json();
    expect(after.tradesToday).toBe(before.tradesToday + 1);
  });
});

describe('Visão Geral', () => {
  it('is for admins only', async () => {
    expect((await api.as().get('/api/admin/overview')).statusCode).toBe(401);
    expect((await api.as(memberCookie).get('/api/admin/overview')).statusCode).toBe(403);
    expect((await api.as(moderatorCookie).get('/api/admin/overview')).statusCode).toBe(403);
  });

  it('counts from the data: trades today, active users, open disputes, new users in the activity', async () => {
    const before = (await api.as(adminCookie).get('/api/admin/overview')).json();
    expect(before.revenueCents).toEqual({ current: 0, previous: 0, changePercent: 0, trend: 'flat' });
    const seller = await createUser(t.db, { nickname: `vendedorvg${Date.now().toString(36)}` });
    await signIn(t.app, seller.email, seller.password);
    const trade = await createTradeRow(t.db, { sellerId: seller.id, buyerId: member.id, amountCents: 5_000 });
    await t.db.update(trades).set({ state: 'disputed' }).where(eq(trades.id, trade.id));
    const after = (await api.as(adminCookie).get('/api/admin/overview')).json();
    expect(after.tradesToday.current).toBe(before.tradesToday.current + 1);
    expect(after.activeUsers.current).toBe(before.activeUsers.current + 1);
    expect(after.alerts).toEqual(
      expect.arrayContaining([
        {
          id: 'disputes',
          count: (before.alerts.find((a: { id: string }) => a.id === 'disputes')?.count ?? 0) + 1,
          priority: 'high',
          href: '/admin/intermediacoes?status=dispute',
        },
      ]),
    );
    expect(
      after.activity.some(
        (a: { kind: string; text: string }) => a.kind === 'user' && a.text === seller.nickname,
      ),
    ).toBe(true);
  });

  it('alerts on disputes past their decision deadline and on payouts due, each opening its queue', async () => {
    const countOf = async (id: string) =>
      (await api.as(adminCookie).get('/api/admin/overview'))
        .json()
        .alerts.find((a: { id: string }) => a.id === id)?.count ?? 0;
    const [lateBefore, dueBefore] = [await countOf('overdue_disputes'), await countOf('payouts_due')];
    const seller = await createUser(t.db);
    const late = await createTradeRow(t.db, { sellerId: seller.id, buyerId: member.id, amountCents: 3_000 });
    const onTime = await createTradeRow(t.db, {
      sellerId: seller.id,
      buyerId: member.id,
      amountCents: 3_000,
    });
    const due = await createTradeRow(t.db, { sellerId: seller.id, buyerId: member.id, amountCents: 3_000 });
    const hour = 3_600_000;
    await t.db
      .update(trades)
      .set({ state: 'disputed', deadlineAt: new Date(Date.now() - hour) })
      .where(eq(trades.id, late.id));
    await t.db
      .update(trades)
      .set({ state: 'disputed', deadlineAt: new Date(Date.now() + hour) })
      .where(eq(trades.id, onTime.id));
    await t.db
      .update(trades)
      .set({ state: 'awaiting_release', payoutDueAt: new Date() })
      .where(eq(trades.id, due.id));
    expect(await countOf('overdue_disputes')).toBe(lateBefore + 1);
    expect(await countOf('payouts_due')).toBe(dueBefore + 1);
    const overview = (await api.as(adminCookie).get('/api/admin/overview')).json();
    expect(overview.alerts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: 'overdue_disputes', priority: 'high' }),
        expect.objectContaining({ id: 'payouts_due', priority: 'high' }),
      ]),
    );
    // The desk filtered on the alert lists the same trades.
    const desk = (await api.as(adminCookie).get('/api/staff/trades-desk?reason=overdue_dispute')).json();
    expect(desk.total).toBe(lateBefore + 1);
    expect(desk.trades.map((trade: { id: number }) => trade.id)).toContain(late.id);
    expect(desk.trades.map((trade: { id: number }) => trade.id)).not.toContain(onTime.id);
  });

  it('flags the reports pending past the 48 business hours promised, not those still within them', async () => {
    const pendingOf = async () =>
      (await api.as(adminCookie).get('/api/admin/overview'))
        .json()
        .alerts.find((a: { id: string }) => a.id === 'old_reports')?.count ?? 0;
    const before = await pendingOf();
    const report = (createdAt: Date) => ({
      reporterId: member.id,
      targetType: 'listing' as const,
      targetId: String(createdAt.getTime()),
      targetName: 'Anúncio denunciado',
      reason: 'golpe',
      createdAt,
    });
    // Six calendar days hold at least four weekdays: always past the promise. An hour ago never is.
    await t.db.insert(reports).values(report(new Date(Date.now() - 6 * 24 * 3600 * 1000)));
    await t.db.insert(reports).values(report(new Date(Date.now() - 3600 * 1000)));
    expect(await pendingOf()).toBe(before + 1);
  });
  it('gives each figure its change in percent and trend: 12 → 15 is +25 %, from nothing it is new (no percentage)', async () => {
    expect(overviewMetricOf(15, 12)).toEqual({ current: 15, previous: 12, changePercent: 25, trend: 'up' });
    expect(overviewMetricOf(9, 12)).toEqual({ current: 9, previous: 12, changePercent: -25, trend: 'down' });
    expect(overviewMetricOf(3, 0)).toEqual({ current: 3, previous: 0, changePercent: null, trend: 'up' });
    expect(overviewMetricOf(0, 0)).toEqual({ current: 0, previous: 0, changePercent: 0, trend: 'flat' });
    expect(overviewMetricOf(2, 3).changePercent).toBe(-33.3);

    // Yesterday's trades against today's: both counted, the change read from them.
    const before = (await api.as(adminCookie).get('/api/admin/overview')).json().tradesToday;
    const seller = await createUser(t.db);
    const yesterday = new Date(Date.now() - 24 * 3600 * 1000);
    for (const when of [yesterday, yesterday, new Date()]) {
      const trade = await createTradeRow(t.db, {
        sellerId: seller.id,
        buyerId: member.id,
        amountCents: 1_000,
      });
      await t.db.update(trades).set({ createdAt: when }).where(eq(trades.id, trade.id));
    }
    const after = (await api.as(adminCookie).get('/api/admin/overview')).json().tradesToday;
    expect(after.current).toBe(before.current + 1);
    expect(after.previous).toBe(before.previous + 2);
    expect(after).toEqual(overviewMetricOf(after.current, after.previous));
    expect(after.changePercent).toBe(
      Math.round(((after.current - after.previous) / after.previous) * 1000) / 10,
    );
  });

  it('each alert carries the address of its queue filtered on it; pending support is counted for its quick action', async () => {
    const before = (await api.as(adminCookie).get('/api/admin/overview')).json();
    const seller = await createUser(t.db);
    const trade = await createTradeRow(t.db, { sellerId: seller.id, buyerId: member.id, amountCents: 2_000 });
    await t.db.update(trades).set({ state: 'disputed' }).where(eq(trades.id, trade.id));
    const ticket = {
      userId: member.id,
      category: 'conta' as const,
      subject: 'Não consigo entrar',
      description: 'A senha não funciona desde ontem.',
      userEmail: member.email,
      userName: member.nickname,
    };
    await t.db
      .insert(supportTickets)
      .values([
        { ...ticket, createdAt: new Date(Date.now() - 30 * 3600 * 1000) },
        ticket,
        { ...ticket, status: 'in_progress' as const },
      ]);
    const after = (await api.as(adminCookie).get('/api/admin/overview')).json();
    expect(after.pendingSupport).toBe(before.pendingSupport + 2);
    for (const alert of after.alerts)
      expect(alert.href).toBe(overviewAlertActions[alert.id as 'disputes'].to);
    const hrefOf = (id: string) => after.alerts.find((a: { id: string }) => a.id === id)?.href;
    expect(hrefOf('disputes')).toBe('/admin/intermediacoes?status=dispute');
    expect(hrefOf('old_tickets')).toBe('/admin/suporte?status=open');
    // The desk answers the alert's filter with the disputed trade.
    const desk = (await api.as(adminCookie).get('/api/staff/trades-desk?reason=dispute')).json();
    expect(desk.trades.map((row: { id: number }) => row.id)).toContain(trade.id);
    // A moderator works the queues but does not see the overview (it shows money).
    const asModerator = await api.as(moderatorCookie).get('/api/admin/overview');
    expect(asModerator.statusCode).toBe(403);
    expect(asModerator.body).not.toContain('pendingSupport');
  });
});

describe('the Sistema tab once the jobs run', () => {
  it("shows the trade timers' last run and next run, read from pg-boss; moderators, members and guests see nothing", async () => {
    const before = (await api.as(adminCookie).get('/api/admin/system')).json();
    expect(before.jobs.find((job: { name: string }) => job.name === 'trade-timers')).toMatchObject({
      lastRun: null,
      nextRunAt: null,
    });
    await t.app.jobs.start();
    try {
      await vi.waitFor(
        async () => {
          const system = (await api.as(adminCookie).get('/api/admin/system')).json();
          const timers = system.jobs.find((job: { name: string }) => job.name === 'trade-timers');
          expect(timers?.lastRun?.outcome).toBe('ok');
          expect(Date.parse(timers.nextRunAt)).toBeGreaterThan(Date.parse(timers.lastRun.startedAt));
        },
        { timeout: 20_000, interval: 200 },
      );
    } finally {
      await t.app.jobs.stop();
    }
    expect((await api.as(moderatorCookie).get('/api/admin/system')).statusCode).toBe(403);
    expect((await api.as(memberCookie).get('/api/admin/system')).statusCode).toBe(403);
    expect((await api.as().get('/api/admin/system')).statusCode).toBe(401);
  });
});
