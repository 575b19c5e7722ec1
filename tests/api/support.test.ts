import { supportMessages as m } from '@shared/support-messages';
import type { MemberTickets } from '@shared/support-tickets';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { supportTickets } from '../../src/server/db/schema';
import { createUser } from '../factories/accounts';
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

const ticketCount = async () =>
  (await t.db.select({ n: sql<number>`count(*)::int` }).from(supportTickets))[0]?.n;

const goodTicket = {
  category: 'conta',
  subject: 'Não consigo entrar',
  description: 'O código de acesso não chega.',
};

describe('support tickets', () => {
  it('asks a guest to sign in and stores nothing', async () => {
    const before = await ticketCount();
    const post = await api.as().post('/api/support/tickets', goodTicket);
    expect([post.statusCode, errorOf(post).message]).toEqual([401, m.ticketLoginRequired]);
    const get = await api.as().get('/api/support/tickets');
    expect(get.statusCode).toBe(401);
    expect(await ticketCount()).toBe(before);
  });

  it('answers bad input with pt-BR field messages and stores nothing', async () => {
    const { cookie } = await newMember();
    const before = await ticketCount();
    const empty = await api.as(cookie).post('/api/support/tickets', {
      category: '',
      subject: '   ',
      description: '',
    });
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty).fields).toEqual({
      category: m.categoryRequired,
      subject: m.subjectTooShort,
      description: m.descriptionTooShort,
    });
    const long = await api.as(cookie).post('/api/support/tickets', {
      ...goodTicket,
      subject: 'a'.repeat(121),
      description: 'b'.repeat(2001),
    });
    expect(errorOf(long).fields).toEqual({ subject: m.subjectTooLong, description: m.descriptionTooLong });
    const trade = await api.as(cookie).post('/api/support/tickets', {
      ...goodTicket,
      category: 'intermediacao',
    });
    expect(errorOf(trade).fields).toEqual({ category: m.categoryRequired });
    expect(await ticketCount()).toBe(before);
  });

  it('stores a trimmed ticket and lists only the member’s own, newest first, with the staff reply', async () => {
    const owner = await newMember();
    const other = await newMember();
    const first = await api.as(owner.cookie).post('/api/support/tickets', {
      ...goodTicket,
      subject: '  Não consigo entrar  ',
    });
    expect(first.statusCode, first.body).toBe(201);
    const second = await api.as(owner.cookie).post('/api/support/tickets', {
      category: 'pagamento',
      subject: 'PIX não caiu',
      description: 'Paguei ontem e o pedido segue pendente.',
    });
    await api.as(other.cookie).post('/api/support/tickets', goodTicket);

    const firstId = first.json().id as number;
    const respondedAt = new Date('2026-01-02T03:04:05Z');
    await t.db
      .update(supportTickets)
      .set({ status: 'resolved', adminResponse: 'Código reenviado.', respondedAt })
      .where(eq(supportTickets.id, firstId));
    const [stored] = await t.db.select().from(supportTickets).where(eq(supportTickets.id, firstId));
    expect(stored).toMatchObject({
      subject: 'Não consigo entrar',
      userId: owner.user.id,
      userEmail: owner.user.email,
      priority: 'normal',
    });

    const res = await api.as(owner.cookie).get('/api/support/tickets');
    expect(res.statusCode).toBe(200);
    const { tickets } = res.json() as MemberTickets;
    expect(tickets.map((x) => x.id)).toEqual([second.json().id, firstId]);
    expect(tickets[1]).toMatchObject({
      status: 'resolved',
      adminResponse: 'Código reenviado.',
      respondedAt: respondedAt.toISOString(),
    });
    expect(tickets[0]).toMatchObject({ status: 'open', adminResponse: null, respondedAt: null });
    expect(Object.keys(tickets[0] ?? {})).not.toContain('assignedTo');
  });
});
