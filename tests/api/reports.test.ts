import type { StaffReportPage } from '@shared/moderation';
import { moderationMessages as m, suspendedMessage } from '@shared/moderation-messages';
import type { MemberReports } from '@shared/reports';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, listings, reports, sessions, userSuspensions } from '../../src/server/db/schema';
import { readReputations } from '../../src/server/modules/reviews/stats';
import { createStaff, createUser, type TestUser } from '../factories/accounts';
import { createPost } from '../factories/community';
import { createGames, createListing } from '../factories/listings';
import { apiOf } from '../helpers/api';
import { errorOf, signIn } from '../helpers/http';
import { sessionCookie } from '../helpers/sessions';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let gameId: number;
let moderator: string;
let moderatorUser: TestUser;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  gameId = Object.values(await createGames(t.db))[0] as number;
  moderatorUser = await createStaff(t.db, 'moderator');
  moderator = await signIn(t.app, moderatorUser.email, moderatorUser.password);
  const adm = await createStaff(t.db, 'admin');
  admin = await signIn(t.app, adm.email, adm.password);
});
afterAll(() => t?.close());

const api = apiOf(() => t);

const newMember = async () => {
  const user = await createUser(t.db);
  return { user, cookie: await sessionCookie(t, user.id) };
};
const reportCount = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(reports))[0]?.n;
const auditOf = (action: string, targetId: string | number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, String(targetId))));

const goodReport = { reason: 'golpe', details: 'Pediu pagamento fora da plataforma.' };

describe('members report listings and users', () => {
  it('asks a guest to sign in, refuses bad input, one’s own listing or oneself, and stores nothing', async () => {
    const seller = await newMember();
    const listingId = await createListing(t.db, seller.user.id, { gameId, title: 'Conta Valorant' });
    const before = await reportCount();
    const guest = await api.as().post(`/api/reports/listings/${listingId}`, goodReport);
    expect([guest.statusCode, errorOf(guest).message]).toEqual([401, m.reportLoginRequired]);
    const bad = await api.as(seller.cookie).post(`/api/reports/listings/${listingId}`, { reason: 'nao' });
    expect(bad.statusCode).toBe(400);
    const own = await api.as(seller.cookie).post(`/api/reports/listings/${listingId}`, goodReport);
    expect([own.statusCode, errorOf(own).message]).toEqual([403, m.reportOwnListing]);
    const self = await api.as(seller.cookie).post(`/api/reports/users/${seller.user.id}`, goodReport);
    expect([self.statusCode, errorOf(self).message]).toEqual([403, m.reportSelf]);
    const missing = await api.as(seller.cookie).post('/api/reports/listings/999999', goodReport);
    expect([missing.statusCode, errorOf(missing).message]).toEqual([404, m.listingNotFound]);
    const nobody = await api.as(seller.cookie).post('/api/reports/users/ninguem', goodReport);
    expect([nobody.statusCode, errorOf(nobody).message]).toEqual([404, m.userNotFound]);
    expect(await reportCount()).toBe(before);
  });

  it('stores one report per target and shows it with real counts in the history', async () => {
    const seller = await newMember();
    const reporter = await newMember();
    const listingId = await createListing(t.db, seller.user.id, { gameId, title: 'Skin rara' });
    const first = await api.as(reporter.cookie).post(`/api/reports/listings/${listingId}`, goodReport);
    expect(first.statusCode, first.body).toBe(201);
    const again = await api.as(reporter.cookie).post(`/api/reports/listings/${listingId}`, goodReport);
    expect([again.statusCode, errorOf(again).message]).toEqual([409, m.reportDuplicate]);
    const user = await api.as(reporter.cookie).post(`/api/reports/users/${seller.user.id}`, {
      reason: 'ofensivo',
    });
    expect(user.statusCode).toBe(201);

    const mine = (await api.as(reporter.cookie).get('/api/reports/mine')).json() as MemberReports;
    expect(mine.counts).toEqual({ pendente: 2, em_analise: 0, resolvida: 0, rejeitada: 0 });
    expect(mine.reports.map((r) => [r.targetType, r.targetName, r.status])).toEqual([
      ['user', seller.user.nickname, 'pendente'],
      ['listing', 'Skin rara', 'pendente'],
    ]);
    const other = (await api.as(seller.cookie).get('/api/reports/mine')).json() as MemberReports;
    expect(other.reports).toEqual([]);
    expect((await api.as().get('/api/reports/mine')).statusCode).toBe(401);
  });
});

describe('staff moderate reports', () => {
  const reported = async () => {
    const seller = await newMember();
    const reporter = await newMember();
    const listingId = await createListing(t.db, seller.user.id, { gameId, title: `Anúncio ${Date.now()}` });
    const res = await api.as(reporter.cookie).post(`/api/reports/listings/${listingId}`, goodReport);
    return { seller, reporter, listingId, id: res.json().id as number };
  };

  it('is closed to guests and members, open to moderators and admins', async () => {
    const { id, seller, reporter } = await reported();
    for (const [method, url, payload] of [
      ['GET', '/api/staff/reports', undefined],
      ['POST', `/api/staff/reports/${id}/decision`, { status: 'em_analise' }],
      ['POST', `/api/staff/users/${seller.user.id}/suspend`, { penalty: '7_dias', reason: 'Golpe' }],
    ] as const) {
      expect((await api.as().request(method, url, payload)).statusCode).toBe(401);
      expect((await api.as(reporter.cookie).request(method, url, payload)).statusCode).toBe(403);
    }
    expect((await api.as(admin).get('/api/staff/reports')).statusCode).toBe(200);
    const [row] = await t.db.select().from(reports).where(eq(reports.id, id));
    expect(row?.status).toBe('pendente');
    expect(
      await t.db.select().from(userSuspensions).where(eq(userSuspensions.userId, seller.user.id)),
    ).toEqual([]);
  });

  it('lists with the target’s owner, filters by status and type on the server', async () => {
    const { id, seller } = await reported();
    const page = (
      await api.as(moderator).get('/api/staff/reports?status=pendente&targetType=listing')
    ).json() as StaffReportPage;
    expect(page.reports.find((r) => r.id === id)).toMatchObject({
      targetExists: true,
      targetUserId: seller.user.id,
      status: 'pendente',
    });
    expect(page.reports.every((r) => r.status === 'pendente' && r.targetType === 'listing')).toBe(true);
    const users = (
      await api.as(moderator).get('/api/staff/reports?targetType=user')
    ).json() as StaffReportPage;
    expect(users.reports.every((r) => r.targetType === 'user')).toBe(true);
    expect((await api.as(moderator).get('/api/staff/reports?status=aberta')).statusCode).toBe(400);
  });

  it('refuses a final decision without a reply and changes nothing', async () => {
    const { id } = await reported();
    const res = await api.as(moderator).post(`/api/staff/reports/${id}/decision`, { status: 'resolvida' });
    expect([res.statusCode, errorOf(res).fields]).toEqual([400, { response: m.responseRequired }]);
    const [row] = await t.db.select().from(reports).where(eq(reports.id, id));
    expect(row).toMatchObject({ status: 'pendente', adminResponse: null, handledBy: null });
  });

  it('round trip: reported, in analysis, listing removed, resolved; the reporter reads the reply', async () => {
    const { id, reporter, listingId } = await reported();
    expect(
      (await api.as(moderator).post(`/api/staff/reports/${id}/decision`, { status: 'em_analise' }))
        .statusCode,
    ).toBe(204);
    const twice = await api.as(moderator).post(`/api/staff/reports/${id}/decision`, {
      status: 'em_analise',
    });
    expect([twice.statusCode, errorOf(twice).message]).toEqual([409, m.reportNotPending]);

    expect((await api.as(moderator).delete(`/api/listings/${listingId}`)).statusCode).toBe(204);
    expect(await t.db.select().from(listings).where(eq(listings.id, listingId))).toEqual([]);
    expect(await auditOf('listing.delete', listingId)).toHaveLength(1);
    const listed = (
      await api.as(moderator).get('/api/staff/reports?targetType=listing')
    ).json() as StaffReportPage;
    expect(listed.reports.find((r) => r.id === id)).toMatchObject({
      targetExists: false,
      status: 'em_analise',
    });

    const done = await api.as(moderator).post(`/api/staff/reports/${id}/decision`, {
      status: 'resolvida',
      response: ' Anúncio removido. Obrigado! ',
    });
    expect(done.statusCode, done.body).toBe(204);
    const mine = (await api.as(reporter.cookie).get('/api/reports/mine')).json() as MemberReports;
    expect(mine.reports[0]).toMatchObject({
      id,
      status: 'resolvida',
      adminResponse: 'Anúncio removido. Obrigado!',
    });
    expect(mine.counts.resolvida).toBe(1);
    expect(await auditOf('report.em_analise', id)).toHaveLength(1);
    expect(await auditOf('report.resolvida', id)).toHaveLength(1);

    const late = await api.as(admin).post(`/api/staff/reports/${id}/decision`, {
      status: 'rejeitada',
      response: 'Não',
    });
    expect([late.statusCode, errorOf(late).message]).toEqual([409, m.reportAlreadyClosed]);
  });

  it('staff remove a reported post from the same screen, audited', async () => {
    const author = await newMember();
    const postId = await createPost(t.db, author.user.id);
    expect((await api.as(moderator).delete(`/api/community/posts/${postId}`)).statusCode).toBe(204);
    expect(await auditOf('community_post.delete', postId)).toHaveLength(1);
  });
});

describe('suspensions', () => {
  it('refuses a bad penalty, staff and oneself, and changes nothing', async () => {
    const { user } = await newMember();
    const bad = await api.as(moderator).post(`/api/staff/users/${user.id}/suspend`, {
      penalty: '1_ano',
      reason: '',
    });
    expect([bad.statusCode, errorOf(bad).fields]).toEqual([
      400,
      { penalty: m.penaltyRequired, reason: m.suspensionReasonRequired },
    ]);
    const self = await api.as(moderator).post(`/api/staff/users/${moderatorUser.id}/suspend`, {
      penalty: '7_dias',
      reason: 'x',
    });
    expect([self.statusCode, errorOf(self).message]).toEqual([403, m.suspendSelf]);
    const adm = await createStaff(t.db, 'admin');
    const staff = await api.as(moderator).post(`/api/staff/users/${adm.id}/suspend`, {
      penalty: '7_dias',
      reason: 'x',
    });
    expect([staff.statusCode, errorOf(staff).message]).toEqual([403, m.suspendStaff]);
    const none = await api.as(moderator).post('/api/staff/users/ninguem/suspend', {
      penalty: '7_dias',
      reason: 'x',
    });
    expect(none.statusCode).toBe(404);
    expect(await t.db.select().from(userSuspensions).where(eq(userSuspensions.userId, user.id))).toEqual([]);
  });

  it('a warning is recorded and blocks nothing', async () => {
    const { user, cookie } = await newMember();
    const res = await api.as(moderator).post(`/api/staff/users/${user.id}/suspend`, {
      penalty: 'advertencia',
      reason: 'Linguagem ofensiva',
    });
    expect(res.statusCode, res.body).toBe(204);
    expect((await api.as(cookie).get('/api/reports/mine')).statusCode).toBe(200);
    expect(
      (await api.as().post('/api/accounts/login', { email: user.email, password: user.password })).statusCode,
    ).toBe(200);
    expect(await auditOf('user.warn', user.id)).toHaveLength(1);
  });

  it('a 7-day suspension ends the sessions and refuses sign-in with the until-date', async () => {
    const { user, cookie } = await newMember();
    const before = Date.now();
    const res = await api.as(moderator).post(`/api/staff/users/${user.id}/suspend`, {
      penalty: '7_dias',
      reason: 'Golpe em negociação',
    });
    expect(res.statusCode, res.body).toBe(204);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    expect((await api.as(cookie).get('/api/reports/mine')).statusCode).toBe(401);
    // A suspended account is not active: Bronze's first requirement fails while the suspension lasts.
    const during = (await readReputations(t.db, [user.id], new Date())).get(user.id);
    expect(during?.figures.active).toBe(false);
    const after = (await readReputations(t.db, [user.id], new Date(Date.now() + 8 * 24 * 3600 * 1000))).get(
      user.id,
    );
    expect(after?.figures.active).toBe(true);

    const [suspension] = await t.db.select().from(userSuspensions).where(eq(userSuspensions.userId, user.id));
    const endsAt = suspension?.endsAt as Date;
    expect(endsAt.getTime() - before).toBeGreaterThanOrEqual(7 * 24 * 3600 * 1000 - 1000);
    expect(endsAt.getTime() - before).toBeLessThan(7 * 24 * 3600 * 1000 + 60_000);
    const login = await api.as().post('/api/accounts/login', {
      email: user.email,
      password: user.password,
    });
    expect([login.statusCode, errorOf(login).code, errorOf(login).message]).toEqual([
      403,
      'ACCOUNT_SUSPENDED',
      suspendedMessage(endsAt),
    ]);
    expect(errorOf(login).message).toMatch(/^Sua conta está suspensa até \d+ de \w+ de \d{4}/);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    // A wrong password is still told as a wrong password: the suspension is not revealed to a guesser.
    const wrong = await api.as().post('/api/accounts/login', {
      email: user.email,
      password: 'Errada@123',
    });
    expect(wrong.statusCode).toBe(401);
    expect(await auditOf('user.suspend', user.id)).toHaveLength(1);
  });

  it('a permanent ban says so; a past suspension no longer blocks', async () => {
    const banned = await newMember();
    await api.as(admin).post(`/api/staff/users/${banned.user.id}/suspend`, {
      penalty: 'permanente',
      reason: 'Fraude',
    });
    const login = await api.as().post('/api/accounts/login', {
      email: banned.user.email,
      password: banned.user.password,
    });
    expect([login.statusCode, errorOf(login).message]).toEqual([
      403,
      'Sua conta foi suspensa permanentemente.',
    ]);

    const served = await newMember();
    await t.db.insert(userSuspensions).values({
      userId: served.user.id,
      penalty: '7_dias',
      reason: 'Antiga',
      endsAt: new Date(Date.now() - 1000),
    });
    const back = await api.as().post('/api/accounts/login', {
      email: served.user.email,
      password: served.user.password,
    });
    expect(back.statusCode).toBe(200);
  });
});
