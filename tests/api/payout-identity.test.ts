import type { MemberPage } from '@shared/members';
import type { PayoutIdentityAnswer } from '@shared/payout-identity';
import { payoutIdentityMessages as m } from '@shared/payout-identity-messages';
import { pixMessages as pm } from '@shared/pix-messages';
import { cnpjCheckDigits, cpfCheckDigits, formatTaxId, maskTaxId } from '@shared/tax-id';
import type { PayoutsPage } from '@shared/trades-desk';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, payoutIdentities } from '../../src/server/db/schema';
import { payoutIdentityOf } from '../../src/server/modules/payout-identity';
import { createStaff, createUser, type TestUser } from '../factories/accounts';
import { createGames } from '../factories/listings';
import { apiOf } from '../helpers/api';
import { errorOf, signIn } from '../helpers/http';
import { mailJobsDone, readOutbox } from '../helpers/outbox';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { tradeThroughRoutes } from '../helpers/trade-routes';

let t: TestApp;
let gameId: number;
let admin: string;
let moderator: string;
beforeAll(async () => {
  // Many members sign in from one address: the per-address credential limit is not what this file tests.
  t = await createTestApp({ RATE_LIMIT_MAX: '1000' });
  gameId = Object.values(await createGames(t.db))[0] as number;
  const adm = await createStaff(t.db, 'admin');
  admin = await signIn(t.app, adm.email, adm.password);
  const mod = await createStaff(t.db, 'moderator');
  moderator = await signIn(t.app, mod.email, mod.password);
});
afterAll(() => t?.close());

const api = apiOf(() => t);
const URL = '/api/payout-identity';

interface Member {
  user: TestUser;
  cookie: string;
}
async function member(): Promise<Member> {
  const user = await createUser(t.db);
  return { user, cookie: await signIn(t.app, user.email, user.password) };
}

/** A fresh valid CPF per call (this file's database is its own: no two tests share one by accident). */
let sequence = 100_000_000 + Math.floor(Math.random() * 1000) * 1000;
function newCpf(): string {
  sequence += 7;
  const base = String(sequence).slice(0, 9);
  return `${base}${cpfCheckDigits(base)}`;
}
const dotted = (cpf: string) => formatTaxId('cpf', cpf);

const put = (who: Member, body: Record<string, unknown>) => api.as(who.cookie).put(URL, body);
const read = async (who: Member) => {
  const res = await api.as(who.cookie).get(URL);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as PayoutIdentityAnswer;
};
/** Records `document` for the member, confirmed with their password. */
async function record(who: Member, document: string, name = 'Ana Maria Souza') {
  const res = await put(who, { name, document, password: who.user.password });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as PayoutIdentityAnswer;
}
const rowOf = async (userId: string) =>
  (await t.db.select().from(payoutIdentities).where(eq(payoutIdentities.userId, userId)))[0] ?? null;
const identityMails = async (email: string) => {
  await mailJobsDone(t.db);
  return readOutbox(t.config.dataDir).filter(
    (mail) =>
      mail.to === email && (mail.subject === m.mailSubjectSet || mail.subject === m.mailSubjectChanged),
  );
};
const auditOf = (userId: string) =>
  t.db
    .select({ action: auditLog.action, actorId: auditLog.actorId, details: auditLog.details })
    .from(auditLog)
    .where(and(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, userId)))
    .orderBy(auditLog.id);

describe('who may reach the payout identity', () => {
  it('a guest is told to sign in, on reading and on writing', async () => {
    for (const res of [
      await api.as().get(URL),
      await api.as().put(URL, { name: 'Ana Souza', document: newCpf() }),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(errorOf(res).message).toBe(m.loginRequired);
    }
  });

  it("each member, moderator and admin reads only their own: a stranger's reading shows none of the owner's", async () => {
    const owner = await member();
    const stranger = await member();
    const cpf = newCpf();
    await record(owner, cpf);
    expect((await read(owner)).identity).toMatchObject({ kind: 'cpf', document: maskTaxId('cpf', cpf) });
    expect((await read(stranger)).identity).toBeNull();
    for (const staff of [moderator, admin]) {
      const res = await api.as(staff).get(URL);
      expect(res.statusCode).toBe(200);
      expect((res.json() as PayoutIdentityAnswer).identity).toBeNull();
    }
    // Nobody writes another's: the route has no id, a PUT writes the sender's own.
    const other = newCpf();
    await record(stranger, other, 'Bruno Lima');
    expect((await rowOf(owner.user.id))?.document).toBe(cpf);
  });
});

describe('recording and changing it, with the step-up', () => {
  it('records it only with the right password; the owner sees it masked, is mailed, and it is audited', async () => {
    const who = await member();
    expect(await read(who)).toEqual({ identity: null, confirmWith: 'password' });
    const cpf = newCpf();

    const missing = await put(who, { name: 'Ana Maria Souza', document: dotted(cpf) });
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing).fields?.password).toBe(pm.passwordRequired);
    const wrong = await put(who, { name: 'Ana Maria Souza', document: dotted(cpf), password: 'errada123' });
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong)).toMatchObject({ message: m.passwordWrong, fields: { password: m.passwordWrong } });
    expect(await rowOf(who.user.id)).toBeNull();
    expect(await identityMails(who.user.email)).toHaveLength(0);

    const saved = await record(who, ` ${dotted(cpf)} `, '  Ana   Maria Souza ');
    expect(saved.identity).toMatchObject({
      name: 'Ana Maria Souza',
      kind: 'cpf',
      document: maskTaxId('cpf', cpf),
    });
    expect(JSON.stringify(saved)).not.toContain(cpf);
    expect(await rowOf(who.user.id)).toMatchObject({
      fullName: 'Ana Maria Souza',
      documentKind: 'cpf',
      document: cpf,
    });
    expect(await payoutIdentityOf(t.db, who.user.id)).toEqual({
      name: 'Ana Maria Souza',
      document: { kind: 'cpf', number: cpf },
    });

    const mails = await identityMails(who.user.email);
    expect(mails.map((mail) => mail.subject)).toEqual([m.mailSubjectSet]);
    expect(mails[0]?.text).toContain(maskTaxId('cpf', cpf));
    expect(JSON.stringify(mails[0])).not.toContain(cpf);
    expect(JSON.stringify(mails[0])).not.toContain(dotted(cpf));

    const audit = await auditOf(who.user.id);
    expect(audit).toEqual([
      {
        action: 'payout_identity.set',
        actorId: who.user.id,
        details: { document: `CPF ${maskTaxId('cpf', cpf)}` },
      },
    ]);
  });

  it('changes it only with the password again; the same values change nothing and ask for nothing', async () => {
    const who = await member();
    const cpf = newCpf();
    await record(who, cpf);
    const same = await put(who, { name: 'Ana Maria Souza', document: dotted(cpf) });
    expect(same.statusCode, same.body).toBe(200);

    const next = '12.ABC.345/01DE-35';
    const unconfirmed = await put(who, { name: 'Loja da Ana Ltda', document: next });
    expect(unconfirmed.statusCode).toBe(400);
    expect((await rowOf(who.user.id))?.document).toBe(cpf);

    const changed = await record(who, next, 'Loja da Ana Ltda');
    expect(changed.identity).toMatchObject({
      kind: 'cnpj',
      document: '**.ABC.345/****-**',
      name: 'Loja da Ana Ltda',
    });
    const row = await rowOf(who.user.id);
    expect(row).toMatchObject({ documentKind: 'cnpj', document: '12ABC34501DE35' });
    expect(row?.updatedAt.getTime()).toBeGreaterThan(row?.createdAt.getTime() ?? 0);

    expect((await identityMails(who.user.email)).map((mail) => mail.subject)).toEqual([
      m.mailSubjectSet,
      m.mailSubjectChanged,
    ]);
    expect((await auditOf(who.user.id)).at(-1)).toEqual({
      action: 'payout_identity.change',
      actorId: who.user.id,
      details: {
        document: 'CNPJ **.ABC.345/****-**',
        previousDocument: `CPF ${maskTaxId('cpf', cpf)}`,
        nameChanged: true,
      },
    });
  });

  it('after too many wrong passwords, says until when and that the identity was not changed', async () => {
    const who = await member();
    const body = { name: 'Ana Maria Souza', document: newCpf(), password: 'errada123' };
    for (let i = 0; i < 4; i++) expect((await put(who, body)).statusCode).toBe(400);
    // The fifth wrong answer locks the step-up (shared with the PIX keys: the same secret is guessed).
    for (const password of ['errada123', who.user.password]) {
      const locked = await put(who, { ...body, password });
      expect(locked.statusCode).toBe(429);
      expect(errorOf(locked).message).toContain('Muitas tentativas erradas');
      expect(errorOf(locked).message).toContain(m.notChanged);
      expect(errorOf(locked).fields?.password).toBe(errorOf(locked).message);
    }
    expect(await rowOf(who.user.id)).toBeNull();
  });

  it.each([
    ['wrong check digits', { document: '529.982.247-26' }, 'document', m.documentInvalid],
    ['a CPF of one digit', { document: '111.111.111-11' }, 'document', m.documentInvalid],
    [
      'an alphanumeric CNPJ with a wrong check digit',
      { document: '12.ABC.345/01DE-36' },
      'document',
      m.documentInvalid,
    ],
    ['no document', { document: ' ' }, 'document', m.documentRequired],
    ['a name of one word', { name: 'Ana' }, 'name', m.nameShort],
    ['no name', { name: '  ' }, 'name', m.nameRequired],
  ])(
    'refuses %s under its field in pt-BR, before asking for the password',
    async (_, change, field, message) => {
      const who = await member();
      const res = await put(who, { name: 'Ana Maria Souza', document: '52998224725', ...change });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).fields?.[field]).toBe(message);
      expect(await rowOf(who.user.id)).toBeNull();
    },
  );
});

describe('one document, one account', () => {
  it('a second account with the same CPF gets a clear refusal; deleting the first account frees it', async () => {
    const first = await member();
    const second = await member();
    const cpf = newCpf();
    await record(first, cpf);
    // Without the password, nothing says whether the document is taken: a session alone cannot probe CPFs.
    const probe = await put(second, { name: 'Outra Pessoa', document: cpf, password: 'errada123' });
    expect(probe.statusCode).toBe(400);
    expect(errorOf(probe).message).toBe(m.passwordWrong);
    const res = await put(second, {
      name: 'Outra Pessoa',
      document: dotted(cpf),
      password: second.user.password,
    });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toMatchObject({ message: m.documentTaken, fields: { document: m.documentTaken } });
    expect(await rowOf(second.user.id)).toBeNull();

    const deleted = await api
      .as(first.cookie)
      .post('/api/accounts/me/delete', { password: first.user.password });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    expect(await rowOf(first.user.id)).toBeNull();
    await record(second, cpf, 'Outra Pessoa');
  });

  it('two accounts racing for the same document: exactly one wins, the other is refused (never a 500)', async () => {
    for (let round = 0; round < 3; round++) {
      const racers = await Promise.all([member(), member(), member()]);
      const cpf = newCpf();
      const answers = await Promise.all(
        racers.map((who) =>
          put(who, { name: 'Ana Maria Souza', document: cpf, password: who.user.password }),
        ),
      );
      const codes = answers.map((res) => res.statusCode).sort();
      expect(codes, answers.map((res) => res.body).join('\n')).toEqual([200, 409, 409]);
      for (const res of answers.filter((r) => r.statusCode === 409))
        expect(errorOf(res).message).toBe(m.documentTaken);
      const rows = await t.db.select().from(payoutIdentities).where(eq(payoutIdentities.document, cpf));
      expect(rows).toHaveLength(1);
    }
  });
});

describe('a CPF or CNPJ PIX key is the member’s own document', () => {
  const addKey = (who: Member, type: string, key: string) =>
    api.as(who.cookie).post('/api/pix-keys', { type, key, password: who.user.password });

  it('refuses a CPF or CNPJ key of another document; takes the document itself and any other type', async () => {
    const who = await member();
    const cpf = newCpf();
    await record(who, cpf);
    const otherCpf = await addKey(who, 'cpf', newCpf());
    expect(otherCpf.statusCode).toBe(400);
    expect(errorOf(otherCpf).fields?.key).toBe(m.keyNotDocument(dotted(cpf)));
    const cnpj = await addKey(who, 'cnpj', '12.ABC.345/01DE-35');
    expect(cnpj.statusCode).toBe(400);
    expect(errorOf(cnpj).fields?.key).toBe(m.keyNotDocument(dotted(cpf)));

    expect((await addKey(who, 'cpf', dotted(cpf))).statusCode).toBe(201);
    expect((await addKey(who, 'email', `ana.${cpf}@exemplo.com.br`)).statusCode).toBe(201);
  });

  it('refuses to record a document while a CPF/CNPJ key of another one remains; after deleting it, takes it', async () => {
    const who = await member();
    const held = newCpf();
    const first = await addKey(who, 'email', `bia.${held}@exemplo.com.br`);
    expect(first.statusCode, first.body).toBe(201);
    const key = await addKey(who, 'cpf', held);
    expect(key.statusCode, key.body).toBe(201);
    const cpf = newCpf();
    const res = await put(who, { name: 'Bia Souza', document: cpf, password: who.user.password });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).fields?.document).toBe(m.keysOfOtherDocument(`CPF ${dotted(held)}`));
    expect(await rowOf(who.user.id)).toBeNull();

    const removed = await api.as(who.cookie).delete(`/api/pix-keys/${(key.json() as { id: number }).id}`, {});
    expect(removed.statusCode, removed.body).toBe(200);
    await record(who, cpf, 'Bia Souza');
    // Its own CPF key is no obstacle.
    expect((await addKey(who, 'cpf', cpf)).statusCode).toBe(201);
    await record(who, cpf, 'Beatriz Souza');
  });
});

describe('staff see it whole (admins) or masked (moderators)', () => {
  it('on the member page', async () => {
    const who = await member();
    const cpf = newCpf();
    await record(who, cpf);
    const pageAs = async (cookie: string) => {
      const res = await api.as(cookie).get(`/api/staff/members/${who.user.id}`);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as MemberPage).account?.payoutIdentity;
    };
    expect(await pageAs(admin)).toEqual({
      name: 'Ana Maria Souza',
      kind: 'cpf',
      document: dotted(cpf),
      masked: false,
    });
    expect(await pageAs(moderator)).toEqual({
      name: 'Ana Maria Souza',
      kind: 'cpf',
      document: maskTaxId('cpf', cpf),
      masked: true,
    });
    const stranger = await member();
    expect((await api.as(stranger.cookie).get(`/api/staff/members/${who.user.id}`)).statusCode).toBe(403);
    expect((await api.as().get(`/api/staff/members/${who.user.id}`)).statusCode).toBe(401);
  });

  it("on the Repasses card of the seller's payout", async () => {
    const trade = await tradeThroughRoutes(t, { adminCookie: admin, gameId, until: 'awaiting_release' });
    const seller = { user: trade.seller, cookie: trade.seller.cookie };
    const cnpjBase = `${String(Date.now()).slice(-6)}AB0001`;
    const cnpj = `${cnpjBase}${cnpjCheckDigits(cnpjBase)}`;
    await record(seller, cnpj, 'Loja do Vendedor Ltda');
    const cardAs = async (cookie: string) => {
      const res = await api.as(cookie).get(`/api/staff/trades-desk/payouts?q=${trade.id}`);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as PayoutsPage).payouts.find((p) => p.id === trade.id)?.payoutIdentity;
    };
    expect(await cardAs(admin)).toEqual({
      name: 'Loja do Vendedor Ltda',
      kind: 'cnpj',
      document: formatTaxId('cnpj', cnpj),
      masked: false,
    });
    expect(await cardAs(moderator)).toEqual({
      name: 'Loja do Vendedor Ltda',
      kind: 'cnpj',
      document: maskTaxId('cnpj', cnpj),
      masked: true,
    });
  });
});

describe('the LGPD export and the account deletion', () => {
  it('the export carries the identity whole; the deletion removes it', async () => {
    const who = await member();
    const cpf = newCpf();
    await record(who, cpf);
    const res = await api.as(who.cookie).get('/api/accounts/me/export');
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body).payoutIdentity).toMatchObject({
      fullName: 'Ana Maria Souza',
      documentKind: 'cpf',
      document: cpf,
    });

    const deleted = await api.as(who.cookie).post('/api/accounts/me/delete', { password: who.user.password });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    expect(await rowOf(who.user.id)).toBeNull();
    expect(await payoutIdentityOf(t.db, who.user.id)).toBeNull();
  });

  it('a member who never recorded one exports null', async () => {
    const who = await member();
    const res = await api.as(who.cookie).get('/api/accounts/me/export');
    expect(JSON.parse(res.body).payoutIdentity).toBeNull();
  });
});
