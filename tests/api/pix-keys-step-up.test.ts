import { formatPixKeyTime, maskPixKey, type PixKey, type PixKeyList } from '@shared/pix';
import { pixMessages as m } from '@shared/pix-messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, auditLog, pixKeys, profiles, rateLimits, trades } from '../../src/server/db/schema';
import { createUser, type TestUser } from '../factories/accounts';
import { createTradeRow } from '../factories/trades';
import { apiOf } from '../helpers/api';
import { errorOf, Jar, signIn } from '../helpers/http';
import { mailJobsDone, readOutbox } from '../helpers/outbox';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { nextTotpCode, totpCode } from '../helpers/totp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

interface Member {
  user: TestUser;
  jar: Jar;
}

const api = apiOf(() => t);

async function member(): Promise<Member> {
  const user = await createUser(t.db);
  return { user, jar: new Jar(await signIn(t.app, user.email, user.password)) };
}

const listOf = async (who: Member) =>
  (await api.as(who.jar.header).get('/api/pix-keys')).json() as PixKeyList;
const rowsOf = (userId: string) =>
  t.db
    .select({ id: pixKeys.id, isDefault: pixKeys.isDefault, defaultSince: pixKeys.defaultSince })
    .from(pixKeys)
    .where(eq(pixKeys.userId, userId))
    .orderBy(pixKeys.id);
/** The default-key mails to `email`, once every queued mail job has run. */
const mailsTo = async (email: string) => {
  await mailJobsDone(t.db);
  return readOutbox(t.config.dataDir).filter((mail) => mail.to === email && mail.subject === m.mailSubject);
};

/** A member with two keys: the first (the default, added with the password) and a second one. */
async function memberWithTwoKeys() {
  const who = await member();
  const first = await api.as(who.jar.header).post('/api/pix-keys', {
    type: 'email',
    key: `primeira.${who.user.nickname.toLowerCase()}@exemplo.com.br`,
    password: who.user.password,
  });
  expect(first.statusCode, first.body).toBe(201);
  const second = await api.as(who.jar.header).post('/api/pix-keys', {
    type: 'email',
    key: `segunda.${who.user.nickname.toLowerCase()}@exemplo.com.br`,
  });
  expect(second.statusCode, second.body).toBe(201);
  return { who, first: first.json() as PixKey, second: second.json() as PixKey };
}

/** Turns two-factor on through the settings routes; returns the secret. */
async function enableTwoFactor(who: Member) {
  const setup = who.jar.take(
    await api.as(who.jar.header).post('/api/accounts/me/two-factor/enable', { password: who.user.password }),
  );
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret } = setup.json() as { secret: string };
  const confirm = who.jar.take(
    await api.as(who.jar.header).post('/api/accounts/me/two-factor/confirm', { code: totpCode(secret) }),
  );
  expect(confirm.statusCode, confirm.body).toBe(204);
  return secret;
}

describe('changing the default PIX key asks who is there', () => {
  it('refuses “Tornar padrão” without the password or with a wrong one; nothing changes, nothing is mailed', async () => {
    const { who, first, second } = await memberWithTwoKeys();
    const before = await rowsOf(who.user.id);
    const mailsBefore = (await mailsTo(who.user.email)).length;

    const missing = await api.as(who.jar.header).put(`/api/pix-keys/${second.id}/default`);
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing).fields?.password).toBe(m.passwordRequired);

    const wrong = await api
      .as(who.jar.header)
      .put(`/api/pix-keys/${second.id}/default`, { password: 'errada123' });
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong)).toMatchObject({ message: m.passwordWrong, fields: { password: m.passwordWrong } });

    expect(await rowsOf(who.user.id)).toEqual(before);
    expect(before.find((k) => k.id === first.id)?.isDefault).toBe(true);
    expect(await mailsTo(who.user.email)).toHaveLength(mailsBefore);
  });

  it('accepts the right password: the key is the default since now, and the owner is mailed, the key masked', async () => {
    const { who, first, second } = await memberWithTwoKeys();
    const started = Date.now();
    const res = await api
      .as(who.jar.header)
      .put(`/api/pix-keys/${second.id}/default`, { password: who.user.password });
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json() as PixKeyList;
    expect(list.confirmWith).toBe('password');
    const made = list.keys.find((k) => k.id === second.id);
    expect(made?.isDefault).toBe(true);
    expect(list.keys.find((k) => k.id === first.id)?.isDefault).toBe(false);
    const since = Date.parse(made?.defaultSince ?? '');
    expect(since).toBeGreaterThanOrEqual(started - 1000);
    expect(since).toBeLessThanOrEqual(Date.now());
    const [row] = (await rowsOf(who.user.id)).filter((k) => k.id === second.id);
    expect(row?.defaultSince?.toISOString()).toBe(made?.defaultSince);

    const mails = await mailsTo(who.user.email);
    // One for the first key, one for this change.
    expect(mails).toHaveLength(2);
    const mail = mails.at(-1);
    const masked = maskPixKey('email', second.key);
    expect(mail?.text).toContain(masked);
    expect(mail?.text).toContain(formatPixKeyTime(made?.defaultSince ?? ''));
    expect(mail?.text).toContain('Se não foi você');
    expect(mail?.text).not.toContain(second.key);
    expect(mail?.html).not.toContain(second.key);
  });

  it('asks for nothing when the key already is the default, and changes nothing', async () => {
    const { who, first } = await memberWithTwoKeys();
    const before = await rowsOf(who.user.id);
    const res = await api.as(who.jar.header).put(`/api/pix-keys/${first.id}/default`);
    expect(res.statusCode).toBe(200);
    expect(await rowsOf(who.user.id)).toEqual(before);
    expect(await mailsTo(who.user.email)).toHaveLength(1);
  });

  it('the first key becomes the default only with the password', async () => {
    const who = await member();
    const key = { type: 'cpf', key: '529.982.247-25' };
    for (const [payload, message] of [
      [key, m.passwordRequired],
      [{ ...key, password: 'errada123' }, m.passwordWrong],
    ] as const) {
      const res = await api.as(who.jar.header).post('/api/pix-keys', payload);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).fields?.password).toBe(message);
    }
    expect(await rowsOf(who.user.id)).toEqual([]);
    expect(await mailsTo(who.user.email)).toHaveLength(0);

    const res = await api.as(who.jar.header).post('/api/pix-keys', { ...key, password: who.user.password });
    expect(res.statusCode, res.body).toBe(201);
    const added = res.json() as PixKey;
    expect(added).toMatchObject({ isDefault: true, key: '52998224725' });
    expect(added.defaultSince).not.toBeNull();
    const [mail] = await mailsTo(who.user.email);
    // A CPF never shows its digits outside the owner's own page.
    expect(mail?.text).toContain(maskPixKey('cpf', '52998224725'));
    expect(mail?.text).not.toMatch(/529\.?982/);
    // A second key is not the default: no password, no mail.
    const second = await api
      .as(who.jar.header)
      .post('/api/pix-keys', { type: 'email', key: 'outra@exemplo.com.br' });
    expect(second.statusCode).toBe(201);
    expect((second.json() as PixKey).defaultSince).toBeNull();
    expect(await mailsTo(who.user.email)).toHaveLength(1);
  });

  it('deleting the default while another remains is a change of the default: confirmed, stamped, mailed', async () => {
    const { who, first, second } = await memberWithTwoKeys();
    const refused = await api.as(who.jar.header).delete(`/api/pix-keys/${first.id}`);
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).fields?.password).toBe(m.passwordRequired);
    expect((await rowsOf(who.user.id)).map((k) => [k.id, k.isDefault])).toEqual([
      [first.id, true],
      [second.id, false],
    ]);
    const res = await api
      .as(who.jar.header)
      .delete(`/api/pix-keys/${first.id}`, { password: who.user.password });
    expect(res.statusCode, res.body).toBe(200);
    const [left] = (res.json() as PixKeyList).keys;
    expect(left).toMatchObject({ id: second.id, isDefault: true });
    expect(left?.defaultSince).not.toBeNull();
    expect(await mailsTo(who.user.email)).toHaveLength(2);
    // The last key goes without a password: no key becomes the default.
    expect((await api.as(who.jar.header).delete(`/api/pix-keys/${second.id}`)).statusCode).toBe(200);
  });

  it('with two-factor on, asks for the app’s code instead of the password', async () => {
    const { who, first, second } = await memberWithTwoKeys();
    const secret = await enableTwoFactor(who);
    expect((await listOf(who)).confirmWith).toBe('code');
    const url = `/api/pix-keys/${second.id}/default`;

    const withPassword = await api.as(who.jar.header).put(url, { password: who.user.password });
    expect(withPassword.statusCode).toBe(400);
    expect(errorOf(withPassword).fields?.code).toBe(m.codeRequired);
    const wrongCode = String((Number(totpCode(secret)) + 1) % 1_000_000).padStart(6, '0');
    const wrong = await api.as(who.jar.header).put(url, { code: wrongCode });
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong)).toMatchObject({ message: m.codeWrong, fields: { code: m.codeWrong } });
    const garbage = await api.as(who.jar.header).put(url, { code: 'abc' });
    expect(errorOf(garbage).fields?.code).toBe(m.codeWrong);
    expect((await rowsOf(who.user.id)).find((k) => k.id === first.id)?.isDefault).toBe(true);

    // The setup's confirmation spent the current step: the app's next code.
    const res = await api.as(who.jar.header).put(url, { code: nextTotpCode(secret) });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as PixKeyList).keys.find((k) => k.id === second.id)?.isDefault).toBe(true);
    expect(await mailsTo(who.user.email)).toHaveLength(2);
  });

  it('an account without a password (Discord only) is told to create one; nothing changes', async () => {
    const { who, second } = await memberWithTwoKeys();
    await t.db.update(accounts).set({ password: null }).where(eq(accounts.userId, who.user.id));
    expect((await listOf(who)).confirmWith).toBe('none');
    const before = await rowsOf(who.user.id);
    const res = await api
      .as(who.jar.header)
      .put(`/api/pix-keys/${second.id}/default`, { password: 'qualquer123' });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).message).toBe(m.noPassword);
    expect(await rowsOf(who.user.id)).toEqual(before);
  });

  it('locks after 5 wrong answers until the window ends, says when in pt-BR, and mails the owner once', async () => {
    const { who, second } = await memberWithTwoKeys();
    const url = `/api/pix-keys/${second.id}/default`;
    const lockMails = async () => {
      await mailJobsDone(t.db);
      return readOutbox(t.config.dataDir).filter(
        (mail) => mail.to === who.user.email && mail.subject === m.lockedMailSubject,
      );
    };
    const answers = [];
    for (let i = 0; i < 5; i++)
      answers.push(await api.as(who.jar.header).put(url, { password: `errada${i}` }));
    expect(answers.slice(0, 4).map((r) => errorOf(r).message)).toEqual(Array(4).fill(m.passwordWrong));
    const fifth = answers[4];
    expect(fifth?.statusCode).toBe(429);
    const [limit] = await t.db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, `pix-key-step-up:${who.user.id}`));
    const until = new Date((limit?.windowStart.getTime() ?? 0) + 15 * 60_000);
    const lockedMessage = m.stepUpLocked(formatPixKeyTime(until));
    expect(errorOf(fifth!)).toMatchObject({ message: lockedMessage, fields: { password: lockedMessage } });

    // Locked: even the right password is refused, unchecked; the owner was told once.
    for (const password of [who.user.password, 'errada9']) {
      const res = await api.as(who.jar.header).put(url, { password });
      expect(res.statusCode).toBe(429);
      expect(errorOf(res).message).toBe(lockedMessage);
    }
    expect((await rowsOf(who.user.id)).find((k) => k.id === second.id)?.isDefault).toBe(false);
    expect(await lockMails()).toHaveLength(1);
    expect((await lockMails())[0]?.text).toContain(formatPixKeyTime(until));

    // The window over, the right password goes through.
    await t.db
      .update(rateLimits)
      .set({ windowStart: new Date(Date.now() - 16 * 60_000) })
      .where(eq(rateLimits.key, `pix-key-step-up:${who.user.id}`));
    const right = await api.as(who.jar.header).put(url, { password: who.user.password });
    expect(right.statusCode, right.body).toBe(200);
    expect(await lockMails()).toHaveLength(1);
  });

  it('guesses sent at once get no more than 5 checks; a right answer does not count', async () => {
    const { who, first, second } = await memberWithTwoKeys();
    // A right answer first: it takes no try.
    const right = await api.as(who.jar.header).put(`/api/pix-keys/${second.id}/default`, {
      password: who.user.password,
    });
    expect(right.statusCode, right.body).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        api.as(who.jar.header).put(`/api/pix-keys/${first.id}/default`, { password: `errada${i}` }),
      ),
    );
    expect(answers.filter((r) => errorOf(r).message === m.passwordWrong)).toHaveLength(4);
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(6);
  });
});

describe('a payout due while the seller had no key', () => {
  async function dueTrade(sellerId: string, state: 'awaiting_release' | 'awaiting_delivery', key?: string) {
    const buyer = await createUser(t.db);
    const trade = await createTradeRow(t.db, { sellerId, buyerId: buyer.id, amountCents: 10_000 });
    await t.db
      .update(trades)
      .set({
        state,
        payoutDueAt: state === 'awaiting_release' ? new Date() : null,
        payoutPixKey: key ?? null,
        payoutHolderName: key ? 'Titular Antigo' : null,
      })
      .where(eq(trades.id, trade.id));
    return trade.id;
  }
  const payoutOf = async (id: number) =>
    (
      await t.db
        .select({ key: trades.payoutPixKey, holder: trades.payoutHolderName })
        .from(trades)
        .where(eq(trades.id, id))
    )[0];

  it('gets the first key the seller adds, with the holder’s registered name', async () => {
    const seller = await member();
    await t.db.update(profiles).set({ fullName: 'Fulana de Tal' }).where(eq(profiles.id, seller.user.id));
    const due = await dueTrade(seller.user.id, 'awaiting_release');
    const notDue = await dueTrade(seller.user.id, 'awaiting_delivery');
    const other = await member();
    const othersDue = await dueTrade(other.user.id, 'awaiting_release');

    const res = await api.as(seller.jar.header).post('/api/pix-keys', {
      type: 'email',
      key: 'recebe.fulana@exemplo.com.br',
      password: seller.user.password,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await payoutOf(due)).toEqual({
      key: 'email:recebe.fulana@exemplo.com.br',
      holder: 'Fulana de Tal',
    });
    expect(await payoutOf(notDue)).toEqual({ key: null, holder: null });
    expect(await payoutOf(othersDue)).toEqual({ key: null, holder: null });
    const audited = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(due)));
    expect(audited.map((a) => a.action)).toEqual(['trade.payout_key_set']);
  });

  it('gets the key made the default (the account name without a full name); a key already fixed never moves', async () => {
    const { who, second } = await memberWithTwoKeys();
    await t.db.update(profiles).set({ fullName: null }).where(eq(profiles.id, who.user.id));
    const withoutKey = await dueTrade(who.user.id, 'awaiting_release');
    const fixed = await dueTrade(who.user.id, 'awaiting_release', 'email:antiga@exemplo.com.br');

    const refused = await api
      .as(who.jar.header)
      .put(`/api/pix-keys/${second.id}/default`, { password: 'errada123' });
    expect(refused.statusCode).toBe(400);
    expect(await payoutOf(withoutKey)).toEqual({ key: null, holder: null });

    const res = await api
      .as(who.jar.header)
      .put(`/api/pix-keys/${second.id}/default`, { password: who.user.password });
    expect(res.statusCode, res.body).toBe(200);
    expect(await payoutOf(withoutKey)).toEqual({ key: `email:${second.key}`, holder: who.user.nickname });
    expect(await payoutOf(fixed)).toEqual({ key: 'email:antiga@exemplo.com.br', holder: 'Titular Antigo' });
  });
});
