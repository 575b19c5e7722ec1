import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { AuditPage, Overview } from '@shared/admin';
import { auditActionLabels, auditActions, auditSentence, sentenceText } from '@shared/audit-sentences';
import { sellerShareCents } from '@shared/fees';
import { formatPrice } from '@shared/money';
import { paths } from '@shared/paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reports } from '../../src/server/db/schema';
import { recordAudit } from '../../src/server/modules/audit/record';
import { createStaff, createUser, type TestUser } from '../factories/accounts';
import { createGames } from '../factories/listings';
import { apiOf } from '../helpers/api';
import { signIn } from '../helpers/http';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { nextEndToEndId, tradeThroughRoutes } from '../helpers/trade-routes';

/** Every action code the server records: the literals in each `recordAudit(`/`audit(` call, templates expanded. */
function recordedCodes(): { literals: Set<string>; templates: Set<string> } {
  const literals = new Set<string>();
  const templates = new Set<string>();
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? walk(path) : path.endsWith('.ts') ? [path] : [];
    });
  for (const file of walk('src/server')) {
    const text = readFileSync(file, 'utf8');
    const calls = text.matchAll(/(?:recordAudit|audit)\((?:tx|db), [^;]*?(?:\)\s*;|\);)/gs);
    for (const [call] of calls) {
      for (const [, code] of call.matchAll(/['`]([a-z_]+\.[a-z_]+)['`]/g)) literals.add(code as string);
      for (const [, prefix] of call.matchAll(/`([a-z_]+)\.\$\{/g)) templates.add(prefix as string);
    }
  }
  return { literals, templates };
}

describe('audit sentences (unit)', () => {
  it('has a sentence for every action code the server records', () => {
    const { literals, templates } = recordedCodes();
    expect(literals.size).toBeGreaterThan(25);
    const missing = [...literals].filter((code) => !(code in auditActionLabels));
    expect(missing).toEqual([]);
    for (const prefix of templates) {
      expect(
        auditActions.some((code) => code.startsWith(`${prefix}.`)),
        prefix,
      ).toBe(true);
    }
    // The templated codes, spelled out: report.${status}, partnership.${decision}, user.${penalty}.
    for (const code of ['report.em_analise', 'report.resolvida', 'report.rejeitada', 'partnership.approve']) {
      expect(auditActions).toContain(code);
    }
    expect(auditActions).toContain('partnership.reject');
    expect(auditActions).toContain('user.lift');
  });

  const facts = (action: string, details: Record<string, unknown> = {}) => ({
    action,
    actorId: 'a1',
    actorName: 'Ana',
    actorRole: 'moderator' as const,
    targetType: 'user',
    targetId: 'u1',
    targetName: 'PedroGamer',
    details,
  });

  it('reads each known code as a sentence of its own, never the fallback or JSON', () => {
    for (const code of auditActions) {
      const text = sentenceText(auditSentence(facts(code, { reason: 'motivo' })));
      expect(text, code).not.toContain('registrou');
      expect(text, code).not.toContain('{');
    }
  });

  it('joins prepositions with articles: "da intermediação", never "de a intermediação"', () => {
    for (const code of auditActions) {
      const text = sentenceText(
        auditSentence({ ...facts(code, { decision: 'release' }), targetType: 'trade', targetId: '7' }),
      );
      expect(text, code).not.toMatch(/\b(de|em|por) (a|o|as|os) /);
    }
    const confirm = auditSentence({ ...facts('trade.payment_confirm'), targetType: 'trade', targetId: '7' });
    expect(sentenceText(confirm)).toBe('Moderador Ana confirmou o pagamento da intermediação #7');
    expect(confirm.parts.at(-1)).toEqual({ text: 'intermediação #7', href: paths.trade('7') });
    const recommend = auditSentence({
      ...facts('trade.recommend', { decision: 'refund' }),
      targetType: 'trade',
      targetId: '7',
    });
    expect(sentenceText(recommend)).toBe(
      'Moderador Ana recomendou reembolsar o comprador na intermediação #7',
    );
  });

  it('tells what an admin did with a job that failed its last try, linking to Sistema', () => {
    const details = { label: 'E-mails avulsos', about: 'para ana@exemplo.com: Redefina sua senha', tries: 5 };
    const retried = auditSentence({
      ...facts('dead_letter.retry', details),
      actorRole: 'admin',
      targetType: 'dead_letter',
    });
    expect(sentenceText(retried)).toBe(
      'Admin Ana enviou de novo a tarefa “E-mails avulsos”, que tinha falhado de vez',
    );
    expect(retried.parts.find((part) => part.href === paths.admin('sistema'))).toBeDefined();
    expect(retried.fields).toEqual([
      { label: 'Sobre', value: 'para ana@exemplo.com: Redefina sua senha' },
      { label: 'Tentativas', value: '5' },
    ]);
    const discarded = auditSentence({ ...facts('dead_letter.discard', details), actorRole: 'admin' });
    expect(sentenceText(discarded)).toBe(
      'Admin Ana descartou a tarefa “E-mails avulsos”, que tinha falhado de vez',
    );
  });

  it('says who did what to whom, with the role word and links', () => {
    const suspend = auditSentence(
      facts('user.suspend', { penalty: '7_dias', reason: 'golpe', suspensionId: 3 }),
    );
    expect(sentenceText(suspend)).toBe('Moderador Ana suspendeu PedroGamer por 7 dias: golpe');
    expect(suspend.parts.find((p) => p.text === 'PedroGamer')?.href).toBe(paths.adminMember('u1'));
    const lift = auditSentence({
      ...facts('user.lift', { penalty: '7_dias', reason: 'engano' }),
      actorRole: 'admin',
    });
    expect(sentenceText(lift)).toBe('Admin Ana retirou a suspensão de PedroGamer: engano');
    expect(lift.fields).toEqual([{ label: 'Penalidade', value: 'Suspensão de 7 dias' }]);
    const report = auditSentence({
      ...facts('report.resolvida', { response: 'Removido.' }),
      targetType: 'report',
      targetId: '12',
    });
    expect(sentenceText(report)).toBe('Moderador Ana resolveu a denúncia #12');
    expect(report.parts.at(-1)?.href).toBe('/admin/denuncias?q=12');
    expect(report.fields).toEqual([{ label: 'Resposta', value: 'Removido.' }]);
    const unknown = auditSentence({
      ...facts('algo.novo', { x: { y: 1 } }),
      targetType: 'coisa',
      targetName: null,
    });
    expect(sentenceText(unknown)).toBe('Moderador Ana registrou “algo.novo” em coisa #u1');
    expect(unknown.fields).toEqual([{ label: 'x', value: 'y: 1' }]);
  });
});

let t: TestApp;
let admin: string;
let adminUser: TestUser;
let moderator: string;
let moderatorUser: TestUser;
let member: string;
let target: TestUser;
let reportId: number;

beforeAll(async () => {
  t = await createTestApp();
  adminUser = await createStaff(t.db, 'admin');
  admin = await signIn(t.app, adminUser.email, adminUser.password);
  moderatorUser = await createStaff(t.db, 'moderator');
  moderator = await signIn(t.app, moderatorUser.email, moderatorUser.password);
  const plain = await createUser(t.db);
  member = await signIn(t.app, plain.email, plain.password);
  target = await createUser(t.db, { nickname: `Alvo${Date.now().toString(36)}` });
  const [report] = await t.db
    .insert(reports)
    .values({
      reporterId: plain.id,
      targetType: 'user',
      targetId: target.id,
      targetName: target.nickname,
      reason: 'golpe',
    })
    .returning({ id: reports.id });
  reportId = report?.id as number;
});
afterAll(() => t?.close());

const api = apiOf(() => t);

describe('the audit as staff read it', () => {
  beforeAll(async () => {
    const suspended = await api.as(moderator).post(`/api/staff/users/${target.id}/suspend`, {
      penalty: '7_dias',
      reason: 'Golpe no WhatsApp',
      reportId,
    });
    expect(suspended.statusCode, suspended.body).toBeLessThan(300);
    const decided = await api.as(moderator).post(`/api/staff/reports/${reportId}/decision`, {
      status: 'resolvida',
      response: 'Conta suspensa.',
    });
    expect(decided.statusCode, decided.body).toBe(204);
  });

  const page = async (query = '') => {
    const res = await api.as(admin).get(`/api/admin/audit${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as AuditPage;
  };

  it('shows each entry as a sentence with the names resolved and the member linked', async () => {
    expect((await api.as(moderator).get('/api/admin/audit')).statusCode).toBe(403);
    const { entries } = await page();
    const suspend = entries.find((e) => e.action === 'user.suspend');
    expect(sentenceText(suspend?.sentence ?? { parts: [], fields: [] })).toBe(
      `Moderador ${moderatorUser.nickname} suspendeu ${target.nickname} por 7 dias: Golpe no WhatsApp`,
    );
    expect(suspend?.sentence.parts).toContainEqual({
      text: target.nickname,
      href: paths.adminMember(target.id),
    });
    expect(suspend?.sentence.fields.map((f) => f.label)).toEqual(
      expect.arrayContaining(['Até', 'Denúncia nº']),
    );
    expect(JSON.stringify(suspend?.sentence.fields)).not.toContain('"reason"');
    const resolved = entries.find((e) => e.action === 'report.resolvida');
    expect(sentenceText(resolved?.sentence ?? { parts: [], fields: [] })).toBe(
      `Moderador ${moderatorUser.nickname} resolveu a denúncia #${reportId}`,
    );
    expect(resolved?.targetName).toBe(target.nickname);
  });

  it('filters by actor, action and target (type, id or name)', async () => {
    const actions = async (query: string) => (await page(query)).entries.map((e) => e.action).sort();
    expect(await actions(`?actorId=${moderatorUser.id}`)).toEqual(['report.resolvida', 'user.suspend']);
    expect(await actions(`?actorId=${adminUser.id}`)).toEqual([]);
    expect(await actions('?action=user.suspend')).toEqual(['user.suspend']);
    expect(
      await actions(`?targetType=user&target=${encodeURIComponent(target.nickname.toUpperCase())}`),
    ).toEqual(['user.suspend']);
    expect(await actions(`?targetType=user&target=${encodeURIComponent(target.email)}`)).toEqual([
      'user.suspend',
    ]);
    expect(await actions(`?targetType=report&target=%23${reportId}`)).toEqual(['report.resolvida']);
    expect(await actions('?target=ninguem-com-este-nome')).toEqual([]);
    const tooLong = await api.as(admin).get(`/api/admin/audit?target=${'x'.repeat(101)}`);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.message).toBe('A busca pode ter no máximo 100 caracteres.');
  });

  it('exports the filtered log as CSV with the sentences', async () => {
    expect((await api.as(member).get('/api/admin/audit/export.csv')).statusCode).toBe(403);
    const res = await api.as(admin).get('/api/admin/audit/export.csv?action=user.suspend');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/filename="auditoria-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('Nº;Quando (Brasília);O que aconteceu;Ação;Autor;Alvo;Detalhes');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`suspendeu ${target.nickname} por 7 dias: Golpe no WhatsApp`);
    expect(lines[1]).toContain(';Suspensão de membro;');
  });

  it('reads the same sentences in Visão Geral’s activity feed', async () => {
    const res = await api.as(admin).get('/api/admin/overview');
    expect(res.statusCode).toBe(200);
    const { activity } = res.json() as Overview;
    const line = activity.find((a) => a.kind === 'staff' && a.text.includes('suspendeu'));
    expect(line?.text).toBe(
      `Moderador ${moderatorUser.nickname} suspendeu ${target.nickname} por 7 dias: Golpe no WhatsApp`,
    );
    expect(line?.parts).toContainEqual({ text: target.nickname, href: paths.adminMember(target.id) });
  });
});

describe('trade work in the audit', () => {
  it('names a buyer or seller as such and says what the payout sent', async () => {
    const games = await createGames(t.db);
    const trade = await tradeThroughRoutes(t, {
      adminCookie: admin,
      gameId: games.valorant as number,
      until: 'awaiting_release',
      priceCents: 10_000,
    });
    const paid = await api.as(admin).post(`/api/trades/${trade.id}/release`, {
      endToEndId: nextEndToEndId(),
    });
    expect(paid.statusCode, paid.body).toBe(200);
    // The buyer read the account's credentials: recorded as the credentials route records it.
    await recordAudit(t.db, {
      actorId: trade.buyer.id,
      action: 'trade.credentials_reveal',
      targetType: 'trade',
      targetId: trade.id,
      details: { role: 'comprador' },
    });

    const res = await api.as(admin).get(`/api/admin/audit?targetType=trade&target=${trade.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const said = (res.json() as AuditPage).entries.map((e) => sentenceText(e.sentence));
    expect(said).toContain(
      `Comprador ${trade.buyer.nickname} viu as credenciais da intermediação #${trade.id}`,
    );
    expect(said).toContain(
      `Admin ${adminUser.nickname} pagou o repasse de ${formatPrice(sellerShareCents(10_000))} da intermediação #${trade.id}`,
    );
  });
});
