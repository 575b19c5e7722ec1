import type { StaffReportPage } from '@shared/moderation';
import type { StaffFeedbackPage, StaffPartnershipPage, StaffTicketPage } from '@shared/support-queues';
import type { TradesDeskPage } from '@shared/trades-desk';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  feedbackResponses,
  partnerships,
  reports,
  supportTickets,
  trades,
  userSuspensions,
  users,
} from '../../src/server/db/schema';
import { createStaff, createUser, type TestUser } from '../factories/accounts';
import { createTradeRow } from '../factories/trades';
import { apiOf } from '../helpers/api';
import { errorOf, signIn } from '../helpers/http';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let member: string;
let moderator: string;
let admin: string;
let joana: TestUser;
let marcos: TestUser;

const tag = Date.now().toString(36);

beforeAll(async () => {
  t = await createTestApp();
  const plain = await createUser(t.db);
  member = await signIn(t.app, plain.email, plain.password);
  const mod = await createStaff(t.db, 'moderator');
  moderator = await signIn(t.app, mod.email, mod.password);
  const adm = await createStaff(t.db, 'admin');
  admin = await signIn(t.app, adm.email, adm.password);
  joana = await createUser(t.db, { email: `joana.${tag}@exemplo.com.br`, nickname: `JoanaGamer${tag}` });
  await t.db.update(users).set({ name: 'Joana Ação' }).where(eq(users.id, joana.id));
  marcos = await createUser(t.db, { email: `marcos.${tag}@exemplo.com.br`, nickname: `MarcosPro${tag}` });
});
afterAll(() => t?.close());

const api = apiOf(() => t);
const get = async <T>(url: string, cookie = moderator) => {
  const res = await api.as(cookie).get(url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
};

describe('queue search', () => {
  let ticketA: number;
  let ticketB: number;

  beforeAll(async () => {
    const rows = await t.db
      .insert(supportTickets)
      .values([
        {
          userId: joana.id,
          category: 'pagamento',
          subject: 'Pagamento não caiu na conta',
          description: 'O PIX foi feito ontem.',
          userEmail: joana.email,
          userName: 'Joana Ação',
          status: 'open',
        },
        {
          userId: marcos.id,
          category: 'conta',
          subject: 'Não consigo entrar 100%_ok',
          description: 'O código não chega.',
          userEmail: marcos.email,
          userName: 'Marcos',
          status: 'resolved',
        },
      ])
      .returning({ id: supportTickets.id });
    ticketA = rows[0]?.id as number;
    ticketB = rows[1]?.id as number;
  });

  const ticketIds = async (query: string) =>
    (await get<StaffTicketPage>(`/api/staff/tickets?${query}`)).tickets.map((ticket) => ticket.id);

  it('finds tickets by name (no case, no accents), username, e-mail, subject and number', async () => {
    expect(await ticketIds('q=JOANA%20ACAO')).toEqual([ticketA]);
    expect(await ticketIds(`q=${encodeURIComponent(`joanagamer${tag}`)}`)).toEqual([ticketA]);
    expect(await ticketIds(`q=${encodeURIComponent(`marcos.${tag}@exemplo`)}`)).toEqual([ticketB]);
    expect(await ticketIds('q=pagamento%20nao%20caiu')).toEqual([ticketA]);
    expect(await ticketIds(`q=${ticketB}`)).toContain(ticketB);
    expect(await ticketIds(`q=%23${ticketA}`)).toContain(ticketA);
    expect(await ticketIds('q=ninguem-tem-isto-no-chamado')).toEqual([]);
  });

  it('takes % and _ as themselves, and combines the search with the status', async () => {
    expect(await ticketIds('q=100%25_ok')).toEqual([ticketB]);
    expect(await ticketIds('q=1_0')).toEqual([]);
    expect(await ticketIds(`q=${encodeURIComponent(tag)}&status=open`)).toEqual([ticketA]);
    expect(await ticketIds(`q=${encodeURIComponent(tag)}&status=resolved`)).toEqual([ticketB]);
    expect(await ticketIds(`q=${encodeURIComponent(tag)}&status=in_progress`)).toEqual([]);
  });

  it('refuses a search longer than 100 characters in pt-BR, on every queue', async () => {
    for (const url of [
      '/api/staff/tickets',
      '/api/staff/feedback',
      '/api/staff/partnerships',
      '/api/staff/reports',
      '/api/staff/trades-desk',
      '/api/staff/tickets/export.csv',
    ]) {
      const res = await api.as(admin).get(`${url}?q=${'a'.repeat(101)}`);
      expect(res.statusCode, url).toBe(400);
      expect(errorOf(res).message).toBe('A busca pode ter no máximo 100 caracteres.');
    }
  });

  it('finds feedback and partnerships by sender, e-mail, subject and number', async () => {
    const [feedback] = await t.db
      .insert(feedbackResponses)
      .values({
        feedbackType: 'bug',
        rating: 2,
        userName: 'Çécile Souza',
        userEmail: `cecile.${tag}@exemplo.com.br`,
        subject: 'Botão de ofertas some',
        message: 'No celular o botão some.',
      })
      .returning({ id: feedbackResponses.id });
    const feedbackIds = async (q: string, status = '') =>
      (await get<StaffFeedbackPage>(`/api/staff/feedback?q=${encodeURIComponent(q)}${status}`)).feedback.map(
        (f) => f.id,
      );
    expect(await feedbackIds('cecile souza')).toEqual([feedback?.id]);
    expect(await feedbackIds(`cecile.${tag}`)).toEqual([feedback?.id]);
    expect(await feedbackIds('botao de ofertas')).toEqual([feedback?.id]);
    expect(await feedbackIds(String(feedback?.id))).toContain(feedback?.id);
    expect(await feedbackIds('cecile souza', '&status=resolved')).toEqual([]);
    expect(await feedbackIds('ninguem-mandou-isto')).toEqual([]);

    const [partnership] = await t.db
      .insert(partnerships)
      .values({
        companyName: `Loja Épica ${tag}`,
        contactName: 'Renato',
        contactEmail: `renato.${tag}@loja.com.br`,
        partnershipType: 'empresa',
        description: 'Patrocínio de campeonato.',
      })
      .returning({ id: partnerships.id });
    const partnershipIds = async (q: string, cookie = admin) =>
      (
        await get<StaffPartnershipPage>(`/api/staff/partnerships?q=${encodeURIComponent(q)}`, cookie)
      ).partnerships.map((p) => p.id);
    expect(await partnershipIds(`loja epica ${tag}`)).toEqual([partnership?.id]);
    expect(await partnershipIds(`renato.${tag}`)).toEqual([partnership?.id]);
    expect(await partnershipIds(`#${partnership?.id}`)).toContain(partnership?.id);
    expect(await partnershipIds('nenhuma-empresa-assim')).toEqual([]);
  });

  it('finds reports by reporter, reported member, target and number, with the status', async () => {
    const [report] = await t.db
      .insert(reports)
      .values({
        reporterId: joana.id,
        targetType: 'user',
        targetId: marcos.id,
        targetName: `MarcosPro${tag}`,
        reason: 'golpe',
        details: 'Pediu pagamento por fora.',
      })
      .returning({ id: reports.id });
    const reportIds = async (q: string, status = '') =>
      (await get<StaffReportPage>(`/api/staff/reports?q=${encodeURIComponent(q)}${status}`)).reports.map(
        (r) => r.id,
      );
    expect(await reportIds('joana acao')).toEqual([report?.id]);
    expect(await reportIds(`joana.${tag}@`)).toEqual([report?.id]);
    expect(await reportIds(`marcos.${tag}@`)).toEqual([report?.id]);
    expect(await reportIds(`marcospro${tag}`)).toEqual([report?.id]);
    expect(await reportIds(String(report?.id))).toContain(report?.id);
    expect(await reportIds('joana acao', '&status=pendente')).toEqual([report?.id]);
    expect(await reportIds('joana acao', '&status=resolvida')).toEqual([]);
    expect(await reportIds('ninguem-denunciou-isto')).toEqual([]);
  });

  it('finds desk trades by buyer, seller, listing and number', async () => {
    const trade = await createTradeRow(t.db, { sellerId: marcos.id, buyerId: joana.id, amountCents: 5_000 });
    const deskIds = async (q: string, reason = '') =>
      (await get<TradesDeskPage>(`/api/staff/trades-desk?q=${encodeURIComponent(q)}${reason}`)).trades.map(
        (row) => row.id,
      );
    expect(await deskIds('joana acao')).toContain(trade.id);
    expect(await deskIds(`marcos.${tag}@`)).toContain(trade.id);
    expect(await deskIds(`#${trade.id}`)).toEqual([trade.id]);
    expect(await deskIds(`${trade.id}`, '&reason=payment')).toContain(trade.id);
    expect(await deskIds(`#${trade.id}`, '&reason=release')).toEqual([]);
    expect(await deskIds('ninguem-negociou-isto')).toEqual([]);
  });
});

describe('CSV export', () => {
  let hostileTicket: number;

  beforeAll(async () => {
    const [row] = await t.db
      .insert(supportTickets)
      .values({
        userId: joana.id,
        category: 'outro',
        subject: '=HYPERLINK("http://mal.example","clique")',
        description: '+1',
        userEmail: `-2.${tag}@exemplo.com.br`,
        userName: '@x; "aspas"',
        status: 'open',
      })
      .returning({ id: supportTickets.id });
    hostileTicket = row?.id as number;
  });

  it('is for staff only, with the same roles as each list', async () => {
    for (const url of [
      '/api/staff/tickets/export.csv',
      '/api/staff/feedback/export.csv',
      '/api/staff/partnerships/export.csv',
      '/api/staff/reports/export.csv',
      '/api/staff/trades-desk/export.csv',
      '/api/staff/trades-desk/payouts/export.csv',
      '/api/admin/audit/export.csv',
    ]) {
      expect((await api.as().get(url)).statusCode, url).toBe(401);
      expect((await api.as(member).get(url)).statusCode, url).toBe(403);
      expect((await api.as(admin).get(url)).statusCode, url).toBe(200);
    }
    // Partnerships and the audit are admins' lists.
    expect((await api.as(moderator).get('/api/staff/partnerships/export.csv')).statusCode).toBe(403);
    expect((await api.as(moderator).get('/api/admin/audit/export.csv')).statusCode).toBe(403);
    expect((await api.as(moderator).get('/api/staff/tickets/export.csv')).statusCode).toBe(200);
  });

  it('sends the filtered rows with a BOM, ; between cells, and formulas neutralised', async () => {
    const res = await api
      .as(moderator)
      .get(`/api/staff/tickets/export.csv?q=%23${hostileTicket}&status=open`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="chamados-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.headers['x-export-limit']).toBe('10000');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]?.startsWith('Nº;Assunto;Categoria;Usuário;E-mail;Status')).toBe(true);
    const row = lines.find((line) => line.startsWith(`${hostileTicket};`)) ?? '';
    expect(row).toContain(`;"'=HYPERLINK(""http://mal.example"",""clique"")";`);
    expect(row).toContain(`;"'@x; ""aspas""";`);
    expect(row).toContain(`;'-2.${tag}@exemplo.com.br;`);
    expect(row).toContain(`;'+1;`);
    // Only the filtered rows: '#N' is that ticket alone, none of the file's others.
    expect(lines).toHaveLength(2);
    const none = await api
      .as(moderator)
      .get(`/api/staff/tickets/export.csv?q=%23${hostileTicket}&status=resolved`);
    expect(
      none.body
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n'),
    ).toHaveLength(1);
  });

  it('exports each queue with its own filter', async () => {
    const csv = async (url: string) => (await api.as(admin).get(url)).body;
    expect(await csv(`/api/staff/reports/export.csv?q=${encodeURIComponent(`marcospro${tag}`)}`)).toContain(
      'Golpe ou tentativa de fraude',
    );
    expect(await csv('/api/staff/feedback/export.csv?q=cecile')).toContain('Botão de ofertas some');
    expect(await csv(`/api/staff/partnerships/export.csv?q=renato.${tag}`)).toContain(`Loja Épica ${tag}`);
    expect(
      await csv(`/api/staff/trades-desk/export.csv?q=${encodeURIComponent(`marcos.${tag}@`)}`),
    ).toContain('Joana Ação');
  });
});

describe('trades desk: a suspended party', () => {
  it('flags an open trade whose seller is suspended, and filters on it', async () => {
    const seller = await createUser(t.db);
    const buyer = await createUser(t.db);
    const trade = await createTradeRow(t.db, { sellerId: seller.id, buyerId: buyer.id, amountCents: 2_000 });
    await t.db.update(trades).set({ state: 'awaiting_delivery' }).where(eq(trades.id, trade.id));
    const flagged = async () =>
      (await get<TradesDeskPage>('/api/staff/trades-desk?reason=suspended_party')).trades.find(
        (row) => row.id === trade.id,
      );
    // Waiting on the parties, not on staff, and nobody suspended: not on the desk.
    expect(await flagged()).toBeUndefined();

    // A warning is not a suspension; an ended suspension neither.
    await t.db.insert(userSuspensions).values([
      { userId: seller.id, penalty: 'advertencia', reason: 'Aviso.' },
      { userId: seller.id, penalty: '7_dias', reason: 'Antiga.', endsAt: new Date(Date.now() - 60_000) },
    ]);
    expect(await flagged()).toBeUndefined();

    const endsAt = new Date(Date.now() + 7 * 86_400_000);
    await t.db
      .insert(userSuspensions)
      .values({ userId: seller.id, penalty: '7_dias', reason: 'Golpe.', endsAt });
    expect(await flagged()).toMatchObject({
      reason: 'suspended_party',
      sellerSuspension: { penalty: '7_dias', endsAt: endsAt.toISOString(), reason: 'Golpe.' },
      buyerSuspension: null,
    });
    // A trade that also waits on staff keeps its step as the reason, and still names the suspension.
    const paying = await createTradeRow(t.db, { sellerId: seller.id, buyerId: buyer.id, amountCents: 3_000 });
    const listed = await get<TradesDeskPage>('/api/staff/trades-desk?reason=suspended_party');
    expect(listed.trades.find((row) => row.id === paying.id)).toMatchObject({
      reason: 'payment',
      sellerSuspension: { penalty: '7_dias', reason: 'Golpe.' },
    });
    await t.db.insert(userSuspensions).values({ userId: buyer.id, penalty: 'permanente', reason: 'Fraude.' });
    expect((await flagged())?.buyerSuspension).toEqual({
      penalty: 'permanente',
      endsAt: null,
      reason: 'Fraude.',
    });

    // Repasses: the search finds a payout due by its seller; its export carries it.
    await t.db.update(trades).set({ state: 'awaiting_release' }).where(eq(trades.id, paying.id));
    const payouts = await get<{ payouts: { id: number }[] }>(
      `/api/staff/trades-desk/payouts?q=${encodeURIComponent(seller.email)}`,
    );
    expect(payouts.payouts.map((p) => p.id)).toEqual([paying.id]);
    const payoutsFile = (
      await api
        .as(moderator)
        .get(`/api/staff/trades-desk/payouts/export.csv?q=${encodeURIComponent(seller.email)}`)
    ).body;
    expect(
      payoutsFile
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n'),
    ).toHaveLength(2);
    expect(payoutsFile).toContain(`${paying.id};`);
    expect(
      (await get<{ payouts: unknown[] }>('/api/staff/trades-desk/payouts?q=ninguem-recebe-isto')).payouts,
    ).toEqual([]);

    const file = (await api.as(moderator).get(`/api/staff/trades-desk/export.csv?q=%23${trade.id}`)).body;
    expect(file).toContain('banido: Fraude.');
    expect(file).toMatch(/suspenso até \d{2}\/\d{2}\/\d{4},? \d{2}:\d{2}: Golpe\./);
  });
});
