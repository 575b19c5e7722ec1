import type { StaffCandidates } from '@shared/admin';
import type { MemberPage, MemberSearchPage } from '@shared/members';
import { moderationMessages as m, memberMessages as mm } from '@shared/moderation-messages';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminRoles,
  auditLog,
  pixKeys,
  profiles,
  reviews,
  userSuspensions,
} from '../../src/server/db/schema';
import { createStaff, createUser, type TestUser } from '../factories/accounts';
import { createGames, createListing } from '../factories/listings';
import { createTradeRow } from '../factories/trades';
import { apiOf } from '../helpers/api';
import { cookiesOf, errorOf, signIn } from '../helpers/http';
import { mailJobsDone, readOutbox } from '../helpers/outbox';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let gameId: number;
let moderatorUser: TestUser;
let moderator: string;
let adminUser: TestUser;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  gameId = Object.values(await createGames(t.db))[0] as number;
  moderatorUser = await createStaff(t.db, 'moderator');
  moderator = await signIn(t.app, moderatorUser.email, moderatorUser.password);
  adminUser = await createStaff(t.db, 'admin');
  admin = await signIn(t.app, adminUser.email, adminUser.password);
});
afterAll(() => t?.close());

const api = apiOf(() => t);
/** The mails to `email`, once every queued mail job has run. */
const mailsTo = async (email: string) => {
  await mailJobsDone(t.db);
  return readOutbox(t.config.dataDir).filter((mail) => mail.to === email);
};
const auditOf = (action: string, targetId: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)));
const search = async (cookie: string, query: string) => {
  const res = await api.as(cookie).get(`/api/staff/members?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as MemberSearchPage;
};
const idsOf = (page: MemberSearchPage) => page.members.map((member) => member.id);
const pageOf = async (cookie: string, id: string) => {
  const res = await api.as(cookie).get(`/api/staff/members/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as MemberPage;
};
const suspensionsOf = (userId: string) =>
  t.db.select().from(userSuspensions).where(eq(userSuspensions.userId, userId));

describe('the member search', () => {
  it('is closed to guests (401) and members (403), open to moderators and admins', async () => {
    const member = await createUser(t.db);
    const cookie = await signIn(t.app, member.email, member.password);
    for (const url of ['/api/staff/members', `/api/staff/members/${member.id}`]) {
      expect((await api.as().get(url)).statusCode).toBe(401);
      expect((await api.as(cookie).get(url)).statusCode).toBe(403);
      expect((await api.as(moderator).get(url)).statusCode).toBe(200);
      expect((await api.as(admin).get(url)).statusCode).toBe(200);
    }
    const missing = await api.as(moderator).get('/api/staff/members/ninguem');
    expect([missing.statusCode, errorOf(missing).message]).toEqual([404, mm.memberNotFound]);
  });

  it('finds a member by nickname, display name, e-mail, id, phone and PIX key on file', async () => {
    const tag = Date.now().toString(36);
    const member = await createUser(t.db, { nickname: `Zeca${tag}`, email: `zeca.${tag}@exemplo.com.br` });
    const other = await createUser(t.db);
    await t.db
      .update(profiles)
      .set({ fullName: `José Carlos ${tag}`, phone: '(21) 99876-5432' })
      .where(eq(profiles.id, member.id));
    await t.db.insert(pixKeys).values([
      { userId: member.id, type: 'cpf', key: '52998224725', isDefault: true },
      { userId: member.id, type: 'random', key: '123e4567-e89b-42d3-a456-556642440000' },
    ]);
    const byField = {
      nickname: `zeca${tag}`,
      displayName: `carlos ${tag}`,
      email: `ZECA.${tag}@exemplo`,
      id: member.id,
      phone: '21 99876 5432',
      pixCpf: '529.982.247-25',
      pixRandom: '123E4567-E89B-42D3-A456-556642440000',
    };
    for (const [field, q] of Object.entries(byField)) {
      for (const cookie of [moderator, admin]) {
        const found = await search(cookie, `q=${encodeURIComponent(q)}`);
        expect(idsOf(found), field).toContain(member.id);
        expect(idsOf(found), field).not.toContain(other.id);
      }
    }
    const [row] = (await search(moderator, `q=${member.id}`)).members;
    expect(row).toMatchObject({
      username: `Zeca${tag}`,
      email: `zeca.${tag}@exemplo.com.br`,
      status: { kind: 'ativo', until: null, reason: null },
    });
    expect(Number.isNaN(Date.parse(row?.joinedAt ?? ''))).toBe(false);
    // A wildcard is a character, not a pattern; nonsense finds nobody.
    expect((await search(moderator, 'q=%25')).members.every((x) => x.email?.includes('%'))).toBe(true);
    expect((await search(moderator, `q=naoexiste${tag}`)).total).toBe(0);
    const tooLong = await api.as(moderator).get(`/api/staff/members?q=${'a'.repeat(201)}`);
    expect(tooLong.statusCode).toBe(400);
  });
});

describe('the member page', () => {
  it('shows their listings, trades, reports made and received, reviews, sessions and penalties', async () => {
    const member = await createUser(t.db);
    const buyer = await createUser(t.db);
    const reporter = await createUser(t.db);
    const memberCookie = await signIn(t.app, member.email, member.password);
    const reporterCookie = await signIn(t.app, reporter.email, reporter.password);
    const listingId = await createListing(t.db, member.id, { gameId, title: 'Conta Ouro Valorant' });
    const sale = await createTradeRow(t.db, { sellerId: member.id, buyerId: buyer.id, amountCents: 5000 });
    const purchase = await createTradeRow(t.db, { sellerId: buyer.id, buyerId: member.id, amountCents: 700 });
    expect(
      (await api.as(reporterCookie).post(`/api/reports/listings/${listingId}`, { reason: 'golpe' }))
        .statusCode,
    ).toBe(201);
    expect(
      (await api.as(memberCookie).post(`/api/reports/users/${buyer.id}`, { reason: 'ofensivo' })).statusCode,
    ).toBe(201);
    const now = Date.now();
    await t.db.insert(reviews).values({
      tradeId: sale.id,
      authorId: buyer.id,
      subjectId: member.id,
      authorRole: 'buyer',
      rating: 4,
      comment: 'Entrega rápida',
      periodEndsAt: new Date(now + 86_400_000),
      publishedAt: new Date(now - 1000),
    });
    expect(
      (
        await api.as(moderator).post(`/api/staff/users/${member.id}/suspend`, {
          penalty: 'advertencia',
          reason: 'Linguagem ofensiva no chat',
        })
      ).statusCode,
    ).toBe(204);

    const res = await api.as(moderator).get(`/api/staff/members/${member.id}`);
    const page = res.json() as MemberPage;
    expect(page.member).toMatchObject({ id: member.id, email: member.email, role: null });
    expect(page.member.status).toMatchObject({ kind: 'advertido', reason: 'Linguagem ofensiva no chat' });
    expect(page.figures).toMatchObject({
      listings: 2, // the one above and the trade factory's listing of the sale
      reportsMade: 1,
      reportsReceived: 1,
      reviewsReceived: 1,
      rating: 4,
    });
    expect(page.listings.map((l) => l.title)).toContain('Conta Ouro Valorant');
    expect(page.trades.map((x) => [x.id, x.role, x.state])).toEqual([
      [purchase.id, 'comprador', 'awaiting_payment'],
      [sale.id, 'vendedor', 'awaiting_payment'],
    ]);
    expect(page.trades[0]?.otherName).toBe(buyer.nickname);
    expect(page.reportsMade.map((r) => [r.targetType, r.targetName])).toEqual([['user', buyer.nickname]]);
    expect(page.reportsReceived.map((r) => [r.targetName, r.reporterName])).toEqual([
      ['Conta Ouro Valorant', reporter.nickname],
    ]);
    expect(page.reviews.map((r) => [r.rating, r.comment, r.authorName])).toEqual([
      [4, 'Entrega rápida', buyer.nickname],
    ]);
    expect(page.account?.sessions).toHaveLength(1);
    expect(page.account?.logins[0]?.success).toBe(true);
    expect(page.suspensions.map((s) => [s.penalty, s.createdByName, s.active])).toEqual([
      ['advertencia', moderatorUser.nickname, false],
    ]);
    expect(page.canPenalise).toBe(true);
    // No session token travels: the cookie's value is nowhere in the answer.
    const token = decodeURIComponent(memberCookie.split(';')[0]?.split('=')[1] ?? '').split('.')[0] ?? '';
    expect(token.length).toBeGreaterThan(10);
    expect(res.body).not.toContain(token);
    // Staff cannot be penalised: their page says so.
    expect((await pageOf(admin, moderatorUser.id)).canPenalise).toBe(false);
  });
});

describe("the team's accounts on the member page (issue 33)", () => {
  let tag = 0;
  /** A signed-in account with a phone and a full name, its session and sign-in made from `ip`. */
  async function signedInFrom(ip: string, role?: 'admin' | 'moderator') {
    const user = await createUser(t.db, { role });
    const fullName = `Nome Privado ${++tag}`;
    const phone = `(11) 98${String(tag).padStart(3, '0')}-4321`;
    await t.db.update(profiles).set({ fullName, phone }).where(eq(profiles.id, user.id));
    const res = await api
      .as()
      .post(
        '/api/accounts/login',
        { email: user.email, password: user.password },
        { headers: { 'user-agent': `Navegador-${ip}` }, remoteAddress: ip },
      );
    expect(res.statusCode, res.body).toBe(200);
    return { ...user, fullName, phone, ip, cookie: cookiesOf(res) };
  }
  /** What of an account's private side an answer carries. */
  const privateOf = (body: string, who: Awaited<ReturnType<typeof signedInFrom>>) =>
    [who.ip, `Navegador-${who.ip}`, who.email, who.fullName, who.phone, 'twoFactorEnabled'].filter((text) =>
      body.includes(text),
    );

  it("a moderator reads a member's account, and of the team only name, role and what moderation needs", async () => {
    const member = await signedInFrom('10.33.0.3');
    const teamAdmin = await signedInFrom('10.33.0.1', 'admin');
    const otherModerator = await signedInFrom('10.33.0.2', 'moderator');
    const self = await signedInFrom('10.33.0.4', 'moderator');
    const memberUrl = `/api/staff/members/${member.id}`;
    const adminUrl = `/api/staff/members/${teamAdmin.id}`;

    expect((await api.as().get(adminUrl)).statusCode).toBe(401);
    expect((await api.as(member.cookie).get(adminUrl)).statusCode).toBe(403);

    // On an admin and on another moderator: no session, address, sign-in, two-factor state, e-mail, name, phone.
    for (const staff of [teamAdmin, otherModerator]) {
      const res = await api.as(self.cookie).get(`/api/staff/members/${staff.id}`);
      expect(res.statusCode).toBe(200);
      expect(privateOf(res.body, staff), staff.email).toEqual([]);
      const page = res.json() as MemberPage;
      expect(page.account).toBeNull();
      expect(page.member).toMatchObject({
        id: staff.id,
        username: staff.nickname,
        email: null,
        fullName: null,
      });
      expect(page.member.role).toBe(staff === teamAdmin ? 'admin' : 'moderator');
      expect(page.canPenalise).toBe(false);
    }
    // Nor through the search: a staff e-mail, name or phone finds nobody; the nickname finds the row, bare.
    for (const q of [teamAdmin.email, teamAdmin.fullName, teamAdmin.phone]) {
      expect(idsOf(await search(self.cookie, `q=${encodeURIComponent(q)}`)), q).toEqual([]);
    }
    const found = await api.as(self.cookie).get(`/api/staff/members?q=${teamAdmin.nickname}`);
    expect((found.json() as MemberSearchPage).members).toMatchObject([{ id: teamAdmin.id, email: null }]);
    expect(privateOf(found.body, teamAdmin)).toEqual([]);

    // On a member: everything, sessions and sign-ins with their addresses included.
    const onMember = await api.as(self.cookie).get(memberUrl);
    expect(privateOf(onMember.body, member)).toHaveLength(6);
    expect((onMember.json() as MemberPage).account?.sessions[0]?.ipAddress).toBe('10.33.0.3');

    // Their own page is theirs to read.
    const own = await pageOf(self.cookie, self.id);
    expect(own.member.email).toBe(self.email);
    expect(own.account?.sessions[0]?.ipAddress).toBe('10.33.0.4');

    // Admins keep what they saw: all of it, for the team as for members.
    for (const who of [teamAdmin, otherModerator, member]) {
      const res = await api.as(admin).get(`/api/staff/members/${who.id}`);
      expect(privateOf(res.body, who), who.email).toHaveLength(6);
      expect((res.json() as MemberPage).account?.logins[0]).toMatchObject({
        success: true,
        ipAddress: who.ip,
      });
    }
    expect(idsOf(await search(admin, `q=${encodeURIComponent(teamAdmin.email)}`))).toEqual([teamAdmin.id]);
  });
});

describe('penalties from the member page', () => {
  it('warn and suspend as moderator or admin; refused to guests, members, on staff and on oneself', async () => {
    const member = await createUser(t.db);
    const other = await createUser(t.db);
    const otherCookie = await signIn(t.app, other.email, other.password);
    const url = `/api/staff/users/${member.id}/suspend`;
    const body = { penalty: '7_dias', reason: 'Golpe' };
    expect((await api.as().post(url, body)).statusCode).toBe(401);
    expect((await api.as(otherCookie).post(url, body)).statusCode).toBe(403);
    const onStaff = await api.as(moderator).post(`/api/staff/users/${adminUser.id}/suspend`, body);
    expect([onStaff.statusCode, errorOf(onStaff).message]).toEqual([403, m.suspendStaff]);
    const noReason = await api.as(moderator).post(url, { penalty: '7_dias', reason: '  ' });
    expect([noReason.statusCode, errorOf(noReason).message]).toEqual([400, m.suspensionReasonRequired]);
    expect(await suspensionsOf(member.id)).toHaveLength(0);

    expect((await api.as(moderator).post(url, { penalty: 'advertencia', reason: 'Aviso' })).statusCode).toBe(
      204,
    );
    expect((await pageOf(moderator, member.id)).member.status.kind).toBe('advertido');
    expect((await api.as(admin).post(url, { penalty: '30_dias', reason: 'Reincidência' })).statusCode).toBe(
      204,
    );
    const suspended = (await pageOf(moderator, member.id)).member.status;
    expect(suspended).toMatchObject({ kind: 'suspenso', reason: 'Reincidência' });
    const days = (Date.parse(suspended.until ?? '') - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    expect(
      (await api.as(moderator).post(url, { penalty: 'permanente', reason: 'Golpe confirmado' })).statusCode,
    ).toBe(204);
    expect((await pageOf(admin, member.id)).member.status).toEqual({
      kind: 'banido',
      until: null,
      reason: 'Golpe confirmado',
    });
    // Each penalty was mailed to the member, with its reason.
    const mails = await mailsTo(member.email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      'Advertência na sua conta do Mercado Gamer',
      'Suspensão de 30 dias na sua conta do Mercado Gamer',
      'Banimento permanente na sua conta do Mercado Gamer',
    ]);
    expect(mails[1]?.text).toContain('Reincidência');
    expect(mails[2]?.text).toContain('Sua conta foi suspensa permanentemente.');
  });

  it('lift early with a reason: audited, mailed, the member signs in again; a second lift changes nothing', async () => {
    const member = await createUser(t.db);
    const memberCookie = await signIn(t.app, member.email, member.password);
    expect(
      (
        await api.as(moderator).post(`/api/staff/users/${member.id}/suspend`, {
          penalty: '7_dias',
          reason: 'Anúncio enganoso',
        })
      ).statusCode,
    ).toBe(204);
    const [suspension] = await suspensionsOf(member.id);
    if (!suspension) throw new Error('no suspension');
    const login = () =>
      api.as().post('/api/accounts/login', { email: member.email, password: member.password });
    expect((await login()).statusCode).toBe(403);

    const liftUrl = `/api/staff/suspensions/${suspension.id}/lift`;
    expect((await api.as().post(liftUrl, { reason: 'Engano' })).statusCode).toBe(401);
    expect((await api.as(memberCookie).post(liftUrl, { reason: 'Engano' })).statusCode).toBe(401); // signed out
    const other = await createUser(t.db);
    const otherCookie = await signIn(t.app, other.email, other.password);
    expect((await api.as(otherCookie).post(liftUrl, { reason: 'Engano' })).statusCode).toBe(403);
    const noReason = await api.as(moderator).post(liftUrl, { reason: '' });
    expect([noReason.statusCode, errorOf(noReason).message]).toEqual([400, m.liftReasonRequired]);
    const missing = await api.as(moderator).post('/api/staff/suspensions/999999/lift', { reason: 'x' });
    expect([missing.statusCode, errorOf(missing).message]).toEqual([404, m.suspensionNotFound]);
    expect(await suspensionsOf(member.id)).toEqual([suspension]);

    const before = Date.now();
    const lifted = await api.as(moderator).post(liftUrl, { reason: 'Anúncio corrigido pelo vendedor' });
    expect(lifted.statusCode, lifted.body).toBe(204);
    const [after] = await suspensionsOf(member.id);
    expect(after).toMatchObject({
      liftedBy: moderatorUser.id,
      liftReason: 'Anúncio corrigido pelo vendedor',
    });
    expect(after?.endsAt?.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(after?.endsAt?.getTime()).toBeLessThanOrEqual(Date.now());
    expect(after?.liftedAt?.getTime()).toBe(after?.endsAt?.getTime());
    expect((await login()).statusCode).toBe(200);

    const page = await pageOf(admin, member.id);
    expect(page.member.status.kind).toBe('ativo');
    expect(page.suspensions[0]).toMatchObject({
      active: false,
      liftedByName: moderatorUser.nickname,
      liftReason: 'Anúncio corrigido pelo vendedor',
    });
    const audits = await auditOf('user.lift', member.id);
    expect(audits.map((a) => [a.actorId, a.details])).toEqual([
      [
        moderatorUser.id,
        { suspensionId: suspension.id, penalty: '7_dias', reason: 'Anúncio corrigido pelo vendedor' },
      ],
    ]);
    const liftMails = (await mailsTo(member.email)).filter((mail) => mail.subject.includes('revogada'));
    expect(liftMails).toHaveLength(1);
    expect(liftMails[0]?.text).toContain('Anúncio corrigido pelo vendedor');

    // The second lift is refused and changes nothing: no new audit, no mail, the same row.
    const again = await api.as(admin).post(liftUrl, { reason: 'De novo' });
    expect([again.statusCode, errorOf(again).message]).toEqual([409, m.liftNotActive]);
    expect(await suspensionsOf(member.id)).toEqual([after]);
    expect(await auditOf('user.lift', member.id)).toHaveLength(1);
    expect((await mailsTo(member.email)).filter((mail) => mail.subject.includes('revogada'))).toHaveLength(1);
  });

  it('two lifts at once: exactly one passes', async () => {
    const member = await createUser(t.db);
    await api.as(admin).post(`/api/staff/users/${member.id}/suspend`, {
      penalty: 'permanente',
      reason: 'x',
    });
    const [suspension] = await suspensionsOf(member.id);
    const url = `/api/staff/suspensions/${suspension?.id}/lift`;
    const codes = await Promise.all([
      api.as(admin).post(url, { reason: 'a' }),
      api.as(moderator).post(url, { reason: 'b' }),
    ]);
    expect(codes.map((r) => r.statusCode).sort()).toEqual([204, 409]);
    expect(await auditOf('user.lift', member.id)).toHaveLength(1);
  });

  it('refuses lifting a warning, an ended suspension, and one’s own', async () => {
    const member = await createUser(t.db);
    await api.as(moderator).post(`/api/staff/users/${member.id}/suspend`, {
      penalty: 'advertencia',
      reason: 'x',
    });
    const [warning] = await suspensionsOf(member.id);
    const res = await api.as(admin).post(`/api/staff/suspensions/${warning?.id}/lift`, { reason: 'y' });
    expect([res.statusCode, errorOf(res).message]).toEqual([409, m.liftNotActive]);
    // A suspension from before the moderator joined the staff (made here in the database).
    const [own] = await t.db
      .insert(userSuspensions)
      .values({
        userId: moderatorUser.id,
        penalty: '7_dias',
        reason: 'antigo',
        endsAt: new Date(Date.now() + 1e6),
      })
      .returning();
    const self = await api.as(moderator).post(`/api/staff/suspensions/${own?.id}/lift`, { reason: 'eu' });
    expect([self.statusCode, errorOf(self).message]).toEqual([403, m.liftSelf]);
    expect(
      (
        await t.db
          .select()
          .from(userSuspensions)
          .where(eq(userSuspensions.id, own?.id ?? 0))
      )[0]?.liftedAt,
    ).toBe(null);
    await t.db.delete(userSuspensions).where(eq(userSuspensions.id, own?.id ?? 0));
  });
});

describe('the suspended list and the staff picker', () => {
  it("'Suspensos' lists who is suspended now, with until when and why, and no longer once lifted", async () => {
    const suspended = await createUser(t.db);
    const warned = await createUser(t.db);
    await api.as(moderator).post(`/api/staff/users/${suspended.id}/suspend`, {
      penalty: '7_dias',
      reason: 'Spam',
    });
    await api.as(moderator).post(`/api/staff/users/${warned.id}/suspend`, {
      penalty: 'advertencia',
      reason: 'x',
    });
    const list = await search(moderator, 'filter=suspensos');
    expect(idsOf(list)).toContain(suspended.id);
    expect(idsOf(list)).not.toContain(warned.id);
    const row = list.members.find((x) => x.id === suspended.id);
    expect(row?.status).toMatchObject({ kind: 'suspenso', reason: 'Spam' });
    expect(Date.parse(row?.status.until ?? '')).toBeGreaterThan(Date.now() + 6 * 86_400_000);
    expect(idsOf(await search(admin, `filter=suspensos&q=${suspended.email}`))).toEqual([suspended.id]);

    const [s] = await suspensionsOf(suspended.id);
    await api.as(admin).post(`/api/staff/suspensions/${s?.id}/lift`, { reason: 'Revisto' });
    expect(idsOf(await search(moderator, 'filter=suspensos'))).not.toContain(suspended.id);
    const bad = await api.as(moderator).get('/api/staff/members?filter=banidos');
    expect(bad.statusCode).toBe(400);
  });

  it('marks a suspended member in the picker and refuses making them staff', async () => {
    const member = await createUser(t.db);
    await api.as(moderator).post(`/api/staff/users/${member.id}/suspend`, {
      penalty: '30_dias',
      reason: 'Golpe',
    });
    const candidates = async () =>
      (
        (
          await api.as(admin).get(`/api/admin/staff/candidates?q=${member.nickname}`)
        ).json() as StaffCandidates
      ).candidates;
    const [marked] = await candidates();
    expect(marked).toMatchObject({ userId: member.id, suspended: true });
    expect(Date.parse(marked?.suspendedUntil ?? '')).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    const add = await api.as(admin).post('/api/admin/staff', { userId: member.id, role: 'moderator' });
    expect([add.statusCode, errorOf(add).message]).toEqual([409, m.staffCandidateSuspended]);
    expect(await t.db.select().from(adminRoles).where(eq(adminRoles.userId, member.id))).toEqual([]);

    const [s] = await suspensionsOf(member.id);
    await api.as(moderator).post(`/api/staff/suspensions/${s?.id}/lift`, { reason: 'Revisto' });
    expect((await candidates())[0]).toMatchObject({ suspended: false, suspendedUntil: null });
    expect(
      (await api.as(admin).post('/api/admin/staff', { userId: member.id, role: 'moderator' })).statusCode,
    ).toBe(204);
  });
});
