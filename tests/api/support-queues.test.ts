import { staffQueueMessages as m } from '@shared/support-queue-messages';
import type { StaffFeedbackPage, StaffPartnershipPage, StaffTicketPage } from '@shared/support-queues';
import type { MemberTickets } from '@shared/support-tickets';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  feedbackResponses,
  notifications,
  partnerships,
  supportTickets,
} from '../../src/server/db/schema';
import { createStaff, createUser } from '../factories/accounts';
import { apiOf } from '../helpers/api';
import { errorOf, signIn } from '../helpers/http';
import { mailsArrive, readOutbox } from '../helpers/outbox';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../helpers/test-app';

let t: TestApp;
let member: string;
let moderator: string;
let moderatorId: string;
let admin: string;
let adminId: string;

beforeAll(async () => {
  t = await createTestApp();
  const plain = await createUser(t.db);
  member = await signIn(t.app, plain.email, plain.password);
  const mod = await createStaff(t.db, 'moderator');
  moderatorId = mod.id;
  moderator = await signIn(t.app, mod.email, mod.password);
  const adm = await createStaff(t.db, 'admin');
  adminId = adm.id;
  admin = await signIn(t.app, adm.email, adm.password);
});
afterAll(() => t?.close());

let address = 0;
// A fresh address per call keeps the public forms' per-address limit out of the way.
const api = apiOf(() => t, { remoteAddress: () => `198.51.100.${(address++ % 250) + 1}` });

const auditOf = async (action: string, targetId: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, String(targetId))));

const mailsTo = (email: string) => readOutbox(t.config.dataDir).filter((mail) => mail.to === email);

/** Each route: a guest is asked to sign in, a member is refused; `adminOnly` routes refuse moderators too. */
async function expectGuarded(method: 'GET' | 'POST', url: string, payload: unknown, adminOnly: boolean) {
  expect((await api.as().request(method, url, payload)).statusCode).toBe(401);
  expect((await api.as(member).request(method, url, payload)).statusCode).toBe(403);
  if (adminOnly) expect((await api.as(moderator).request(method, url, payload)).statusCode).toBe(403);
}

describe('support tickets (staff)', () => {
  const openTicket = async (subject: string) => {
    const user = await createUser(t.db);
    const cookie = await signIn(t.app, user.email, user.password);
    const res = await api.as(cookie).post('/api/support/tickets', {
      category: 'conta',
      subject,
      description: 'O código de acesso não chega ao meu e-mail.',
    });
    expect(res.statusCode, res.body).toBe(201);
    return { user, cookie, id: res.json().id as number };
  };

  it('is closed to guests and members, open to moderators and admins', async () => {
    const { id } = await openTicket('Guardas do suporte');
    await expectGuarded('GET', '/api/staff/tickets', undefined, false);
    await expectGuarded('POST', `/api/staff/tickets/${id}/in-progress`, undefined, false);
    await expectGuarded('POST', `/api/staff/tickets/${id}/resolve`, { response: 'Pronto.' }, false);
    const [row] = await t.db.select().from(supportTickets).where(eq(supportTickets.id, id));
    expect(row).toMatchObject({ status: 'open', adminResponse: null, assignedTo: null });
    for (const cookie of [moderator, admin]) {
      expect((await api.as(cookie).get('/api/staff/tickets')).statusCode).toBe(200);
    }
  });

  it('lists newest first, filters by status on the server and pages', async () => {
    const a = await openTicket('Primeiro chamado da lista');
    const b = await openTicket('Segundo chamado da lista');
    const all = (await api.as(moderator).get('/api/staff/tickets')).json() as StaffTicketPage;
    const ids = all.tickets.map((ticket) => ticket.id);
    expect(ids.indexOf(b.id)).toBeLessThan(ids.indexOf(a.id));
    expect(all.total).toBeGreaterThanOrEqual(2);
    expect(all.pageSize).toBe(20);
    await api.as(moderator).post(`/api/staff/tickets/${a.id}/in-progress`);
    const progress = (
      await api.as(moderator).get('/api/staff/tickets?status=in_progress')
    ).json() as StaffTicketPage;
    expect(progress.tickets.map((ticket) => ticket.id)).toContain(a.id);
    expect(progress.tickets.every((ticket) => ticket.status === 'in_progress')).toBe(true);
    const far = (await api.as(moderator).get('/api/staff/tickets?page=999')).json() as StaffTicketPage;
    expect([far.tickets, far.page, far.total]).toEqual([[], 999, all.total]);
    expect((await api.as(moderator).get('/api/staff/tickets?status=fechado')).statusCode).toBe(400);
  });

  it('marks a ticket in progress once, audited, and assigns it', async () => {
    const { id } = await openTicket('Chamado em andamento');
    const res = await api.as(moderator).post(`/api/staff/tickets/${id}/in-progress`);
    expect(res.statusCode, res.body).toBe(204);
    const [row] = await t.db.select().from(supportTickets).where(eq(supportTickets.id, id));
    expect(row).toMatchObject({ status: 'in_progress', assignedTo: moderatorId });
    expect(await auditOf('support_ticket.in_progress', id)).toHaveLength(1);
    const again = await api.as(admin).post(`/api/staff/tickets/${id}/in-progress`);
    expect([again.statusCode, errorOf(again).message]).toEqual([409, m.ticketNotOpen]);
    expect(await auditOf('support_ticket.in_progress', id)).toHaveLength(1);
    const missing = await api.as(admin).post('/api/staff/tickets/999999/in-progress');
    expect([missing.statusCode, errorOf(missing).message]).toEqual([404, m.ticketNotFound]);
  });

  it('refuses a blank reply and changes nothing', async () => {
    const { id } = await openTicket('Resposta em branco');
    for (const payload of [{ response: '   ' }, {}]) {
      const res = await api.as(moderator).post(`/api/staff/tickets/${id}/resolve`, payload);
      expect([res.statusCode, errorOf(res).fields]).toEqual([400, { response: m.ticketResponseRequired }]);
    }
    const long = await api.as(moderator).post(`/api/staff/tickets/${id}/resolve`, {
      response: 'a'.repeat(2001),
    });
    expect(errorOf(long).fields).toEqual({ response: m.ticketResponseTooLong });
    const [row] = await t.db.select().from(supportTickets).where(eq(supportTickets.id, id));
    expect(row).toMatchObject({ status: 'open', adminResponse: null, respondedAt: null });
    expect(await auditOf('support_ticket.resolve', id)).toHaveLength(0);
  });

  it('round trip: the member opens a ticket, staff resolve it, the member sees the reply, a notification and an e-mail', async () => {
    const { user, cookie, id } = await openTicket('Não consigo entrar');
    const res = await api.as(moderator).post(`/api/staff/tickets/${id}/resolve`, {
      response: '  Reenviamos o código; confira a caixa de spam.  ',
    });
    expect(res.statusCode, res.body).toBe(204);
    const [row] = await t.db.select().from(supportTickets).where(eq(supportTickets.id, id));
    expect(row).toMatchObject({
      status: 'resolved',
      adminResponse: 'Reenviamos o código; confira a caixa de spam.',
      assignedTo: moderatorId,
    });
    expect(row?.respondedAt).toBeInstanceOf(Date);
    expect(await auditOf('support_ticket.resolve', id)).toHaveLength(1);

    const mine = (await api.as(cookie).get('/api/support/tickets')).json() as MemberTickets;
    expect(mine.tickets.find((ticket) => ticket.id === id)).toMatchObject({
      status: 'resolved',
      adminResponse: 'Reenviamos o código; confira a caixa de spam.',
    });
    const [note] = await t.db.select().from(notifications).where(eq(notifications.userId, user.id));
    expect(note).toMatchObject({ kind: 'support_reply', title: m.ticketReplyTitle, link: '/ajuda' });
    // The e-mail is the notification's copy (decision 019), sent by the mail sender.
    expect(mailsTo(user.email)).toHaveLength(0);
    await t.app.notificationMails.sendDue();
    const [mail, ...more] = mailsTo(user.email);
    expect(more).toHaveLength(0);
    expect(mail?.subject).toBe(m.ticketReplyTitle);
    expect(mail?.text).toContain('Não consigo entrar: Reenviamos o código; confira a caixa de spam.');
    expect(mail?.link).toBe(`${TEST_ORIGIN}/ajuda`);

    const again = await api.as(admin).post(`/api/staff/tickets/${id}/resolve`, { response: 'De novo' });
    expect([again.statusCode, errorOf(again).message]).toEqual([409, m.ticketAlreadyResolved]);
    const [still] = await t.db.select().from(supportTickets).where(eq(supportTickets.id, id));
    expect(still?.adminResponse).toBe('Reenviamos o código; confira a caixa de spam.');
  });

  it('mails no reply to a member whose e-mail switch is off; the reply and the notification stay', async () => {
    const { user, cookie, id } = await openTicket('Sem e-mails, por favor');
    const off = await api.as(cookie).put('/api/accounts/me/settings', { notifications: { email: false } });
    expect(off.statusCode, off.body).toBe(200);
    const res = await api.as(moderator).post(`/api/staff/tickets/${id}/resolve`, { response: 'Resolvido.' });
    expect(res.statusCode, res.body).toBe(204);
    await t.app.notificationMails.sendDue();
    expect(mailsTo(user.email)).toHaveLength(0);
    const [note] = await t.db.select().from(notifications).where(eq(notifications.userId, user.id));
    expect(note).toMatchObject({ kind: 'support_reply', body: 'Sem e-mails, por favor: Resolvido.' });
  });
});

describe('feedback (staff)', () => {
  const sendFeedback = async (payload: Record<string, unknown> = {}) => {
    const email = `fb${Date.now().toString(36)}${address}@example.com`;
    const res = await api.as().post('/api/feedback', {
      userEmail: email,
      subject: 'Busca',
      message: 'A busca podia aceitar filtros.',
      ...payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    return { id: res.json().id as number, email };
  };

  it('stores the type, the rating and, for a bug only, the browser and the device', async () => {
    const bug = await sendFeedback({
      feedbackType: 'bug',
      rating: 2,
      browser: 'Chrome 131',
      device: 'Desktop (Linux)',
    });
    const idea = await sendFeedback({ feedbackType: 'elogio', browser: 'Chrome 131', device: 'Desktop' });
    const plain = await sendFeedback();
    const rows = await t.db.select().from(feedbackResponses);
    expect(rows.find((r) => r.id === bug.id)).toMatchObject({
      feedbackType: 'bug',
      rating: 2,
      browser: 'Chrome 131',
      device: 'Desktop (Linux)',
    });
    expect(rows.find((r) => r.id === idea.id)).toMatchObject({
      feedbackType: 'elogio',
      rating: 5,
      browser: null,
    });
    expect(rows.find((r) => r.id === plain.id)).toMatchObject({ feedbackType: 'sugestao', rating: 5 });
  });

  it('refuses a bad type or rating and stores nothing', async () => {
    const before = (await t.db.select({ n: sql<number>`count(*)::int` }).from(feedbackResponses))[0]?.n;
    const res = await api.as().post('/api/feedback', {
      userEmail: 'x@example.com',
      subject: 'Oi',
      message: 'Mensagem',
      feedbackType: 'reclamacao',
      rating: 6,
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(errorOf(res).fields ?? {}).sort()).toEqual(['feedbackType', 'rating']);
    const after = (await t.db.select({ n: sql<number>`count(*)::int` }).from(feedbackResponses))[0]?.n;
    expect(after).toBe(before);
  });

  it('is closed to guests and members, open to moderators and admins', async () => {
    const { id } = await sendFeedback();
    await expectGuarded('GET', '/api/staff/feedback', undefined, false);
    await expectGuarded('POST', `/api/staff/feedback/${id}/respond`, { response: 'Obrigado' }, false);
    await expectGuarded('POST', `/api/staff/feedback/${id}/resolve`, undefined, false);
    const [row] = await t.db.select().from(feedbackResponses).where(eq(feedbackResponses.id, id));
    expect(row).toMatchObject({ status: 'pending', adminResponse: null });
  });

  it('refuses a blank reply and changes nothing', async () => {
    const { id } = await sendFeedback();
    const res = await api.as(moderator).post(`/api/staff/feedback/${id}/respond`, { response: ' \n ' });
    expect([res.statusCode, errorOf(res).fields]).toEqual([400, { response: m.feedbackResponseRequired }]);
    const [row] = await t.db.select().from(feedbackResponses).where(eq(feedbackResponses.id, id));
    expect(row).toMatchObject({ status: 'pending', adminResponse: null, respondedBy: null });
  });

  it('round trip: sent, listed, answered (e-mailed), resolved with the reply kept, never back', async () => {
    const { id, email } = await sendFeedback({ userName: 'Bia', subject: 'Filtros na busca' });
    const pending = (
      await api.as(moderator).get('/api/staff/feedback?status=pending')
    ).json() as StaffFeedbackPage;
    expect(pending.feedback.find((f) => f.id === id)).toMatchObject({ userName: 'Bia', status: 'pending' });

    const answer = await api.as(moderator).post(`/api/staff/feedback/${id}/respond`, {
      response: 'Obrigado! Vamos incluir filtros.',
    });
    expect(answer.statusCode, answer.body).toBe(204);
    const [responded] = await t.db.select().from(feedbackResponses).where(eq(feedbackResponses.id, id));
    expect(responded).toMatchObject({
      status: 'responded',
      adminResponse: 'Obrigado! Vamos incluir filtros.',
      respondedBy: moderatorId,
    });
    expect((await mailsArrive(t.config.dataDir, email)).map((mail) => mail.subject)).toEqual([
      'Resposta ao seu feedback: Filtros na busca',
    ]);
    const listed = (
      await api.as(admin).get('/api/staff/feedback?status=responded')
    ).json() as StaffFeedbackPage;
    expect(listed.feedback.map((f) => f.id)).toContain(id);
    expect(listed.feedback.every((f) => f.status === 'responded')).toBe(true);

    expect((await api.as(admin).post(`/api/staff/feedback/${id}/resolve`)).statusCode).toBe(204);
    const [resolved] = await t.db.select().from(feedbackResponses).where(eq(feedbackResponses.id, id));
    expect(resolved).toMatchObject({ status: 'resolved', adminResponse: 'Obrigado! Vamos incluir filtros.' });
    expect(await auditOf('feedback.respond', id)).toHaveLength(1);
    expect(await auditOf('feedback.resolve', id)).toHaveLength(1);

    const late = await api.as(moderator).post(`/api/staff/feedback/${id}/respond`, { response: 'Outra' });
    expect([late.statusCode, errorOf(late).message]).toEqual([409, m.feedbackAlreadyResolved]);
    const [still] = await t.db.select().from(feedbackResponses).where(eq(feedbackResponses.id, id));
    expect(still).toMatchObject({ status: 'resolved', adminResponse: 'Obrigado! Vamos incluir filtros.' });
  });
});

describe('partnerships (admins)', () => {
  const request = async () => {
    const email = `parceiro${Date.now().toString(36)}${address}@canal.example`;
    const res = await api.as().post('/api/partnerships', {
      contactName: 'Ana Souza',
      contactEmail: email,
      companyName: 'Canal da Ana',
      contactPhone: '(11) 98765-4321',
      partnershipType: 'criador_conteudo',
      description: 'Lives semanais de CS2 com 20 mil inscritos; proponho divulgar o marketplace.',
    });
    expect(res.statusCode, res.body).toBe(201);
    return { id: res.json().id as number, email };
  };

  it('is closed to guests, members and moderators', async () => {
    const { id } = await request();
    await expectGuarded('GET', '/api/staff/partnerships', undefined, true);
    await expectGuarded('POST', `/api/staff/partnerships/${id}/decision`, { decision: 'approved' }, true);
    const [row] = await t.db.select().from(partnerships).where(eq(partnerships.id, id));
    expect(row).toMatchObject({ status: 'pending', reviewedBy: null });
  });

  it('refuses a decision that is neither and changes nothing', async () => {
    const { id } = await request();
    const res = await api.as(admin).post(`/api/staff/partnerships/${id}/decision`, { decision: 'pending' });
    expect([res.statusCode, errorOf(res).fields]).toEqual([400, { decision: m.partnershipDecisionRequired }]);
    const [row] = await t.db.select().from(partnerships).where(eq(partnerships.id, id));
    expect(row).toMatchObject({ status: 'pending', reviewedBy: null, adminNotes: null });
  });

  it('round trip: sent, listed pending, approved with notes once, the applicant e-mailed', async () => {
    const { id, email } = await request();
    const pending = (
      await api.as(admin).get('/api/staff/partnerships?status=pending')
    ).json() as StaffPartnershipPage;
    expect(pending.partnerships.find((p) => p.id === id)).toMatchObject({
      contactEmail: email,
      contactPhone: '(11) 98765-4321',
      status: 'pending',
      reviewedAt: null,
    });

    const res = await api.as(admin).post(`/api/staff/partnerships/${id}/decision`, {
      decision: 'approved',
      notes: ' Vamos marcar uma conversa. ',
    });
    expect(res.statusCode, res.body).toBe(204);
    const [row] = await t.db.select().from(partnerships).where(eq(partnerships.id, id));
    expect(row).toMatchObject({
      status: 'approved',
      adminNotes: 'Vamos marcar uma conversa.',
      reviewedBy: adminId,
    });
    expect(row?.reviewedAt).toBeInstanceOf(Date);
    expect(await auditOf('partnership.approve', id)).toHaveLength(1);
    const [mail] = await mailsArrive(t.config.dataDir, email);
    expect(mail?.subject).toBe('Proposta de parceria aprovada: Canal da Ana');
    expect(mail?.text).toContain('Vamos marcar uma conversa.');

    const approved = (
      await api.as(admin).get('/api/staff/partnerships?status=approved')
    ).json() as StaffPartnershipPage;
    expect(approved.partnerships.find((p) => p.id === id)?.reviewedByName).toBeTruthy();

    const again = await api.as(admin).post(`/api/staff/partnerships/${id}/decision`, {
      decision: 'rejected',
    });
    expect([again.statusCode, errorOf(again).message]).toEqual([409, m.partnershipDecided]);
    const [still] = await t.db.select().from(partnerships).where(eq(partnerships.id, id));
    expect(still?.status).toBe('approved');
    expect(mailsTo(email)).toHaveLength(1);
  });
});
