import { errorMessages } from '@shared/errors';
import { settingsMessages } from '@shared/settings-messages';
import { supportMessages as m } from '@shared/support-messages';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedbackResponses, partnerships } from '../../src/server/db/schema';
import { apiOf } from '../helpers/api';
import { errorOf } from '../helpers/http';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const api = apiOf(() => t);
const post = (url: string, payload: object, ip = '203.0.113.1') =>
  api.as().post(url, payload, { remoteAddress: ip });

const countOf = async (table: typeof partnerships | typeof feedbackResponses) =>
  (await t.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]?.n;

const goodPartnership = {
  contactName: 'Ana Souza',
  contactEmail: 'ana@canal.example',
  companyName: 'Canal da Ana',
  partnershipType: 'criador_conteudo',
  description: 'Lives semanais de CS2 com 20 mil inscritos; proponho divulgar o marketplace.',
};
const goodFeedback = {
  userEmail: 'bia@example.com',
  subject: 'Busca',
  message: 'A busca podia aceitar filtros.',
};

describe('partnership requests', () => {
  it('answers bad input with pt-BR field messages and stores nothing', async () => {
    const before = await countOf(partnerships);
    const res = await post('/api/partnerships', {
      contactName: ' ',
      contactEmail: 'nao-e-email',
      companyName: '',
      partnershipType: 'outro',
      description: 'curta',
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).fields).toEqual({
      contactName: m.nameRequired,
      contactEmail: m.emailInvalid,
      companyName: m.companyRequired,
      partnershipType: m.partnershipTypeRequired,
      description: m.proposalTooShort,
    });
    expect(await countOf(partnerships)).toBe(before);
  });

  it('stores a guest’s request, trimmed and pending', async () => {
    const res = await post('/api/partnerships', { ...goodPartnership, companyName: '  Canal da Ana ' });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.db.select().from(partnerships).where(eq(partnerships.id, res.json().id));
    expect(row).toMatchObject({ ...goodPartnership, status: 'pending', adminNotes: null, reviewedBy: null });
    expect(row?.contactPhone).toBeNull();
  });

  it('takes an optional Brazilian phone with its DDD, refusing anything else and storing nothing', async () => {
    const before = await countOf(partnerships);
    for (const contactPhone of ['1234-5678', '(11) 9876-ABCD', '+55 (11) 98765-43210']) {
      const res = await post('/api/partnerships', { ...goodPartnership, contactPhone });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).fields).toEqual({ contactPhone: settingsMessages.invalidPhone });
    }
    expect(await countOf(partnerships)).toBe(before);

    const res = await post('/api/partnerships', { ...goodPartnership, contactPhone: ' (11) 98765-4321 ' });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.db.select().from(partnerships).where(eq(partnerships.id, res.json().id));
    expect(row?.contactPhone).toBe('(11) 98765-4321');
    // Left blank, it is none.
    const blank = await post('/api/partnerships', { ...goodPartnership, contactPhone: '' });
    const [none] = await t.db.select().from(partnerships).where(eq(partnerships.id, blank.json().id));
    expect(none?.contactPhone).toBeNull();
  });
});

describe('feedback', () => {
  it('answers bad input with pt-BR field messages and stores nothing', async () => {
    const before = await countOf(feedbackResponses);
    const res = await post('/api/feedback', { userEmail: '', subject: '  ', message: '' });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).fields).toEqual({
      userEmail: m.emailInvalid,
      subject: m.feedbackSubjectRequired,
      message: m.feedbackMessageRequired,
    });
    const long = await post('/api/feedback', { ...goodFeedback, message: 'x'.repeat(2001) });
    expect(errorOf(long).fields).toEqual({ message: m.feedbackMessageTooLong });
    expect(await countOf(feedbackResponses)).toBe(before);
  });

  it('stores feedback pending with normal priority; a blank name is stored as none', async () => {
    const anonymous = await post('/api/feedback', { ...goodFeedback, userName: '   ' });
    expect(anonymous.statusCode, anonymous.body).toBe(201);
    const named = await post('/api/feedback', { ...goodFeedback, userName: ' Bia ' });
    const rows = await t.db
      .select()
      .from(feedbackResponses)
      .where(sql`${feedbackResponses.id} in (${anonymous.json().id}, ${named.json().id})`)
      .orderBy(feedbackResponses.id);
    expect(rows.map((r) => r.userName)).toEqual([null, 'Bia']);
    expect(rows[0]).toMatchObject({
      ...goodFeedback,
      status: 'pending',
      priority: 'normal',
      adminResponse: null,
    });
  });

  it('limits one address, apart from other addresses and from sign-in attempts', async () => {
    const ip = '203.0.113.99';
    for (let i = 0; i < 20; i++) expect((await post('/api/feedback', goodFeedback, ip)).statusCode).toBe(201);
    const before = await countOf(feedbackResponses);
    const limited = await post('/api/feedback', goodFeedback, ip);
    expect([limited.statusCode, errorOf(limited).message]).toEqual([429, errorMessages.rateLimited]);
    expect(await countOf(feedbackResponses)).toBe(before);
    expect((await post('/api/partnerships', goodPartnership, ip)).statusCode).toBe(201);
    expect((await post('/api/feedback', goodFeedback, '203.0.113.100')).statusCode).toBe(201);
  });
});
