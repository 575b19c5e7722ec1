import { twoFactorMessages as m } from '@shared/settings-messages';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginHistory, profiles, twoFactors, users } from '../../src/server/db/schema';
import { readReputation } from '../../src/server/modules/reviews/stats';
import { createUser, type TestUser } from '../factories/accounts';
import { apiOf } from '../helpers/api';
import { errorOf, Jar, signIn } from '../helpers/http';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { nextTotpCode, totpCode } from '../helpers/totp';

let t: TestApp;
const api = apiOf(() => t, { remoteAddress: () => '10.40.0.1' });
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let address = 0;

async function member() {
  const user = await createUser(t.db);
  return { user, jar: new Jar(await signIn(t.app, user.email, user.password)) };
}

const whoIs = async (jar: Jar) => (await api.as(jar.header).get('/api/accounts/me')).json().user?.id ?? null;

/** Turns two-factor on through the settings routes; returns the secret and the backup codes. */
async function enableTwoFactor(user: TestUser, jar: Jar) {
  const setup = jar.take(
    await api.as(jar.header).post('/api/accounts/me/two-factor/enable', { password: user.password }),
  );
  expect(setup.statusCode).toBe(200);
  const { secret, backupCodes, totpUri } = setup.json();
  const confirm = jar.take(
    await api.as(jar.header).post('/api/accounts/me/two-factor/confirm', { code: totpCode(secret) }),
  );
  expect(confirm.statusCode).toBe(204);
  return { secret: secret as string, backupCodes: backupCodes as string[], totpUri: totpUri as string };
}

/** The password step of a sign-in from a fresh browser. */
async function passwordStep(user: TestUser) {
  const jar = new Jar();
  const remoteAddress = `10.41.0.${++address}`;
  const res = jar.take(
    await api
      .as()
      .post('/api/accounts/login', { email: user.email, password: user.password }, { remoteAddress }),
  );
  return { jar, res, remoteAddress };
}

const lastAttempts = (userId: string) =>
  t.db
    .select({ success: loginHistory.success })
    .from(loginHistory)
    .where(eq(loginHistory.userId, userId))
    .orderBy(desc(loginHistory.id))
    .limit(3);

describe('turning two-factor on', () => {
  it('is refused to a guest', async () => {
    const res = await api.as().post('/api/accounts/me/two-factor/enable', { password: 'Senha@123' });
    expect(res.statusCode).toBe(401);
    expect((await api.as().post('/api/accounts/me/two-factor/confirm', { code: '123456' })).statusCode).toBe(
      401,
    );
  });

  it('refuses a wrong password and starts nothing', async () => {
    const { user, jar } = await member();
    const res = await api
      .as(jar.header)
      .post('/api/accounts/me/two-factor/enable', { password: 'errada123' });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).fields?.password).toBe(m.passwordWrong);
    expect(await t.db.select().from(twoFactors).where(eq(twoFactors.userId, user.id))).toHaveLength(0);
  });

  it('shows the QR URI, the secret and ten backup codes, and a wrong code does not turn it on', async () => {
    const { user, jar } = await member();
    const setup = jar.take(
      await api.as(jar.header).post('/api/accounts/me/two-factor/enable', { password: user.password }),
    );
    expect(setup.statusCode).toBe(200);
    const body = setup.json();
    expect(body.totpUri).toMatch(/^otpauth:\/\/totp\/Mercado%20Gamer:/);
    expect(body.totpUri).toContain(`secret=${body.secret}`);
    expect(body.secret).toMatch(/^[A-Z2-7]+=*$/);
    expect(body.backupCodes).toHaveLength(10);

    const right = totpCode(body.secret);
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    const refused = await api.as(jar.header).post('/api/accounts/me/two-factor/confirm', { code: wrong });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).fields?.code).toBe(m.codeWrong);
    const [row] = await t.db.select({ on: users.twoFactorEnabled }).from(users).where(eq(users.id, user.id));
    expect(row?.on).toBe(false);
    // Until it is confirmed the password alone still signs in.
    expect((await passwordStep(user)).res.json().twoFactorRequired).toBe(false);

    const status = await api.as(jar.header).get('/api/accounts/me/two-factor');
    expect(status.json()).toEqual({ enabled: false });
  });

  it('is on once a right code confirms it, and the member stays signed in', async () => {
    const { user, jar } = await member();
    await enableTwoFactor(user, jar);
    expect(await whoIs(jar)).toBe(user.id);
    const status = await api.as(jar.header).get('/api/accounts/me/two-factor');
    expect(status.json()).toEqual({ enabled: true });
    const again = await api
      .as(jar.header)
      .post('/api/accounts/me/two-factor/enable', { password: user.password });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe(m.alreadyOn);
  });
});

describe('signing in with two-factor on', () => {
  it('asks for the code after the password and creates no session before it', async () => {
    const { user, jar } = await member();
    const { secret } = await enableTwoFactor(user, jar);
    const step = await passwordStep(user);
    expect(step.res.statusCode).toBe(200);
    expect(step.res.json()).toEqual({ user: null, twoFactorRequired: true });
    expect(await whoIs(step.jar)).toBeNull();

    // The setup's confirmation spent the current step's code: the app's next one.
    const done = step.jar.take(
      await api
        .as(step.jar.header)
        .post(
          '/api/accounts/login/two-factor',
          { code: nextTotpCode(secret) },
          { remoteAddress: step.remoteAddress },
        ),
    );
    expect(done.statusCode).toBe(200);
    expect(done.json().user.id).toBe(user.id);
    expect(await whoIs(step.jar)).toBe(user.id);
    expect((await lastAttempts(user.id))[0]?.success).toBe(true);
  });

  it('refuses a wrong code, records the failure and creates no session', async () => {
    const { user, jar } = await member();
    const { secret } = await enableTwoFactor(user, jar);
    const step = await passwordStep(user);
    const right = nextTotpCode(secret);
    const wrong = String((Number(right) + 7) % 1_000_000).padStart(6, '0');
    const res = step.jar.take(
      await api
        .as(step.jar.header)
        .post('/api/accounts/login/two-factor', { code: wrong }, { remoteAddress: step.remoteAddress }),
    );
    expect(res.statusCode).toBe(401);
    expect(errorOf(res).message).toBe(m.signInCodeWrong);
    expect(await whoIs(step.jar)).toBeNull();
    expect((await lastAttempts(user.id))[0]?.success).toBe(false);
    // The same step still takes the right code.
    const done = step.jar.take(
      await api
        .as(step.jar.header)
        .post('/api/accounts/login/two-factor', { code: right }, { remoteAddress: step.remoteAddress }),
    );
    expect(done.statusCode).toBe(200);
  });

  it('refuses the code step without the password step', async () => {
    const res = await api.as().post('/api/accounts/login/two-factor', { code: '123456' });
    expect(res.statusCode).toBe(401);
    expect(errorOf(res).message).toBe(m.challengeExpired);
  });

  it('takes a backup code once', async () => {
    const { user, jar } = await member();
    const { backupCodes } = await enableTwoFactor(user, jar);
    const code = backupCodes[0] as string;
    const first = await passwordStep(user);
    const ok = first.jar.take(
      await api
        .as(first.jar.header)
        .post('/api/accounts/login/two-factor', { code }, { remoteAddress: first.remoteAddress }),
    );
    expect(ok.statusCode).toBe(200);
    expect(await whoIs(first.jar)).toBe(user.id);

    const second = await passwordStep(user);
    const used = await api
      .as(second.jar.header)
      .post('/api/accounts/login/two-factor', { code }, { remoteAddress: second.remoteAddress });
    expect(used.statusCode).toBe(401);
    expect(errorOf(used).message).toBe(m.signInCodeWrong);
    const other = second.jar.take(
      await api
        .as(second.jar.header)
        .post(
          '/api/accounts/login/two-factor',
          { code: backupCodes[1] },
          { remoteAddress: second.remoteAddress },
        ),
    );
    expect(other.statusCode).toBe(200);
  });

  it('new backup codes replace the old ones (password checked)', async () => {
    const { user, jar } = await member();
    const { backupCodes } = await enableTwoFactor(user, jar);
    const wrong = await api
      .as(jar.header)
      .post('/api/accounts/me/two-factor/backup-codes', { password: 'errada123' });
    expect(wrong.statusCode).toBe(400);
    const res = await api
      .as(jar.header)
      .post('/api/accounts/me/two-factor/backup-codes', { password: user.password });
    expect(res.statusCode).toBe(200);
    const fresh: string[] = res.json().backupCodes;
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(backupCodes[2]);

    const step = await passwordStep(user);
    const old = await api
      .as(step.jar.header)
      .post(
        '/api/accounts/login/two-factor',
        { code: backupCodes[2] },
        { remoteAddress: step.remoteAddress },
      );
    expect(old.statusCode).toBe(401);
    const ok = await api
      .as(step.jar.header)
      .post('/api/accounts/login/two-factor', { code: fresh[0] }, { remoteAddress: step.remoteAddress });
    expect(ok.statusCode).toBe(200);
  });
});

describe('a code of the app opens one door (RFC 6238 §5.2)', () => {
  /** The code step of a fresh sign-in with `code`. */
  async function signInWith(user: TestUser, code: string) {
    const step = await passwordStep(user);
    expect(step.res.json().twoFactorRequired).toBe(true);
    const res = step.jar.take(
      await api
        .as(step.jar.header)
        .post('/api/accounts/login/two-factor', { code }, { remoteAddress: step.remoteAddress }),
    );
    return { res, jar: step.jar };
  }

  it('the code that confirmed the setup does not sign in', async () => {
    const { user, jar } = await member();
    const setup = jar.take(
      await api.as(jar.header).post('/api/accounts/me/two-factor/enable', { password: user.password }),
    );
    const code = totpCode(setup.json().secret);
    expect(
      jar.take(await api.as(jar.header).post('/api/accounts/me/two-factor/confirm', { code })).statusCode,
    ).toBe(204);

    const again = await signInWith(user, code);
    expect(again.res.statusCode).toBe(401);
    expect(errorOf(again.res)).toMatchObject({ message: m.codeUsed, fields: { code: m.codeUsed } });
    expect(await whoIs(again.jar)).toBeNull();
  });

  it('refuses the same code for a second sign-in, and records the refusal', async () => {
    const { user, jar } = await member();
    const { secret } = await enableTwoFactor(user, jar);
    const code = nextTotpCode(secret);

    const first = await signInWith(user, code);
    expect(first.res.statusCode).toBe(200);
    expect(await whoIs(first.jar)).toBe(user.id);

    const second = await signInWith(user, code);
    expect(second.res.statusCode).toBe(401);
    expect(errorOf(second.res)).toMatchObject({ message: m.codeUsed, fields: { code: m.codeUsed } });
    expect(await whoIs(second.jar)).toBeNull();
    expect((await lastAttempts(user.id)).map((a) => a.success)).toEqual([false, true, expect.anything()]);
  });

  it('two sign-ins with the same code at once: exactly one gets in', async () => {
    const { user, jar } = await member();
    const { secret } = await enableTwoFactor(user, jar);
    const code = nextTotpCode(secret);
    const [a, b] = await Promise.all([passwordStep(user), passwordStep(user)]);
    const answers = await Promise.all(
      [a, b].map(async (step) =>
        step.jar.take(
          await api
            .as(step.jar.header)
            .post('/api/accounts/login/two-factor', { code }, { remoteAddress: step.remoteAddress }),
        ),
      ),
    );
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 401]);
    const signedIn = await Promise.all([whoIs(a.jar), whoIs(b.jar)]);
    expect(signedIn.filter((id) => id === user.id)).toHaveLength(1);
    expect(signedIn).toContain(null);
  });

  it('refuses the code of a sign-in for a step-up (making a PIX key the default)', async () => {
    const { user, jar } = await member();
    const add = (key: string, extra: object = {}) =>
      api.as(jar.header).post('/api/pix-keys', { type: 'email', key, ...extra });
    expect((await add(`a.${user.id}@exemplo.com.br`, { password: user.password })).statusCode).toBe(201);
    const second = await add(`b.${user.id}@exemplo.com.br`);
    expect(second.statusCode).toBe(201);
    const { secret } = await enableTwoFactor(user, jar);
    const code = nextTotpCode(secret);
    const makeDefault = () => api.as(jar.header).put(`/api/pix-keys/${second.json().id}/default`, { code });

    // The code signs in on another browser, then cannot also confirm the payout key here.
    expect((await signInWith(user, code)).res.statusCode).toBe(200);
    const stepUp = await makeDefault();
    expect(stepUp.statusCode).toBe(400);
    expect(errorOf(stepUp).fields?.code).toBe(m.codeUsed);
    const keys = await api.as(jar.header).get('/api/pix-keys');
    expect(keys.json().keys.find((k: { id: number }) => k.id === second.json().id)?.isDefault).toBe(false);
  });

  it('two step-ups with the same code at once: exactly one passes', async () => {
    const { user, jar } = await member();
    const add = (key: string, extra: object = {}) =>
      api.as(jar.header).post('/api/pix-keys', { type: 'email', key, ...extra });
    expect((await add(`a.${user.id}@exemplo.com.br`, { password: user.password })).statusCode).toBe(201);
    const b = (await add(`b.${user.id}@exemplo.com.br`)).json();
    const c = (await add(`c.${user.id}@exemplo.com.br`)).json();
    const { secret } = await enableTwoFactor(user, jar);
    const code = nextTotpCode(secret);
    const answers = await Promise.all(
      [b, c].map((key) => api.as(jar.header).put(`/api/pix-keys/${key.id}/default`, { code })),
    );
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 400]);
    expect(answers.map((res) => (res.statusCode === 400 ? errorOf(res).fields?.code : null))).toContain(
      m.codeUsed,
    );
  });
});

describe('turning two-factor off', () => {
  it('needs the password, then the password alone signs in again', async () => {
    const { user, jar } = await member();
    await enableTwoFactor(user, jar);
    const wrong = await api
      .as(jar.header)
      .post('/api/accounts/me/two-factor/disable', { password: 'errada123' });
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong).fields?.password).toBe(m.passwordWrong);
    expect((await passwordStep(user)).res.json().twoFactorRequired).toBe(true);

    const off = jar.take(
      await api.as(jar.header).post('/api/accounts/me/two-factor/disable', { password: user.password }),
    );
    expect(off.statusCode).toBe(204);
    expect(await whoIs(jar)).toBe(user.id);
    expect(await t.db.select().from(twoFactors).where(eq(twoFactors.userId, user.id))).toHaveLength(0);
    const step = await passwordStep(user);
    expect(step.res.json().twoFactorRequired).toBe(false);
    expect(await whoIs(step.jar)).toBe(user.id);
  });

  it("acts only on the member's own account", async () => {
    const owner = await member();
    await enableTwoFactor(owner.user, owner.jar);
    const other = await member();
    // Another member's password call turns nothing of the owner's off.
    const res = await api.as(other.jar.header).post('/api/accounts/me/two-factor/disable', {
      password: other.user.password,
    });
    expect(res.statusCode).toBe(409);
    const [row] = await t.db
      .select({ on: users.twoFactorEnabled })
      .from(users)
      .where(and(eq(users.id, owner.user.id)));
    expect(row?.on).toBe(true);
  });
});

describe('the Verificado seal', () => {
  it('needs two-factor on besides the confirmed e-mail and the phone', async () => {
    const { user, jar } = await member();
    await t.db.update(profiles).set({ phone: '(11) 98765-4321' }).where(eq(profiles.id, user.id));
    const before = await readReputation(t.db, user.id, new Date());
    expect(before?.figures.twoFactor).toBe(false);
    expect(before?.seals).not.toContain('verificado');

    await enableTwoFactor(user, jar);
    const after = await readReputation(t.db, user.id, new Date());
    expect(after?.figures.twoFactor).toBe(true);
    expect(after?.seals).toContain('verificado');
  });
});
