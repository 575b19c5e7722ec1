import { accountMessages } from '@shared/account-messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { accounts, sessions, verifications } from '../../src/server/db/schema';
import { createUser, type TestUser } from '../factories/accounts';
import { apiOf } from '../helpers/api';
import { errorOf, signIn } from '../helpers/http';
import { readOutbox } from '../helpers/outbox';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../helpers/test-app';

let t: TestApp;
const api = apiOf(() => t);
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '3' });
});
afterAll(() => t.close());

let address = 0;
/** Each test asks from its own address, so the per-address counter only matters where a test wants it. */
const nextAddress = () => `10.9.0.${++address}`;

const requestReset = (email: string, remoteAddress = nextAddress()) =>
  api.as().post('/api/accounts/password-reset', { email }, { remoteAddress });
const confirmReset = (payload: object, remoteAddress = nextAddress()) =>
  api.as().post('/api/accounts/password-reset/confirm', payload, { remoteAddress });
const login = (email: string, password: string) =>
  api.as().post('/api/accounts/login', { email, password }, { remoteAddress: nextAddress() });
const me = (cookie: string) => api.as(cookie).get('/api/accounts/me');

/** The mail is a job sent just after the request (decision 021): a ceiling for it, polled. */
const MAIL_WAIT = { timeout: 20_000, interval: 50 };
const resetMailsTo = (email: string) =>
  readOutbox(t.config.dataDir).filter((m) => m.to === email && m.subject.includes('Redefina'));

/** Asks for a link and waits for its mail (it leaves in the background); returns the link and its token. */
async function mailedToken(user: TestUser) {
  const before = resetMailsTo(user.email).length;
  expect((await requestReset(user.email)).statusCode).toBe(202);
  await vi.waitFor(() => expect(resetMailsTo(user.email).length).toBe(before + 1), MAIL_WAIT);
  const link = resetMailsTo(user.email).at(-1)?.link as string;
  return { link, token: new URL(link).searchParams.get('token') as string };
}

const passwordHashOf = async (userId: string) =>
  (await t.db.select({ password: accounts.password }).from(accounts).where(eq(accounts.userId, userId)))[0]
    ?.password;

describe('asking for a reset link', () => {
  it('answers an unknown address exactly as a known one, and mails only the known one', async () => {
    const user = await createUser(t.db);
    const known = await requestReset(user.email);
    const unknown = await requestReset('ninguem-aqui@teste.com.br');
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(unknown.body).toBe(known.body);
    expect(known.json()).toEqual({ ok: true, message: accountMessages.passwordResetRequested });
    await vi.waitFor(() => expect(resetMailsTo(user.email)).toHaveLength(1), MAIL_WAIT);
    expect(readOutbox(t.config.dataDir).filter((m) => m.to === 'ninguem-aqui@teste.com.br')).toHaveLength(0);
  });

  it('mails a link to the SPA page with the token, in pt-BR', async () => {
    const user = await createUser(t.db);
    const { link, token } = await mailedToken(user);
    expect(link).toBe(`${TEST_ORIGIN}/redefinir-senha?token=${token}`);
    expect(token.length).toBeGreaterThanOrEqual(20);
    const mail = resetMailsTo(user.email).at(-1);
    expect(mail?.subject).toBe('Redefina sua senha no Mercado Gamer');
    expect(mail?.text).toContain(link);
    expect(mail?.text).toContain('válido por 60 minutos');
  });

  it('refuses a missing or malformed e-mail with the pt-BR message', async () => {
    const response = await requestReset('não-é-email');
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).fields?.email).toBe(accountMessages.invalidEmail);
  });

  it('counts against the same per-account limit as sign-in, whatever the address', async () => {
    const user = await createUser(t.db);
    for (let i = 0; i < 3; i++) expect((await requestReset(user.email)).statusCode).toBe(202);
    const blocked = await requestReset(user.email);
    expect(blocked.statusCode).toBe(429);
    expect(errorOf(blocked).message).toBe('Muitas tentativas. Aguarde alguns minutos e tente novamente.');
    // The sign-in of that account now shares the exhausted counter.
    expect((await login(user.email, user.password)).statusCode).toBe(429);
    // An unknown address is limited just the same (no difference to observe).
    for (let i = 0; i < 3; i++) expect((await requestReset('fantasma@teste.com.br')).statusCode).toBe(202);
    expect((await requestReset('fantasma@teste.com.br')).statusCode).toBe(429);
  });
});

describe('choosing the new password', () => {
  it('sets it once: the old password stops working, the new one signs in, the link cannot be reused', async () => {
    const user = await createUser(t.db);
    const { token } = await mailedToken(user);
    const done = await confirmReset({ token, password: 'NovaSenha@1', confirmPassword: 'NovaSenha@1' });
    expect(done.statusCode).toBe(204);

    expect((await login(user.email, user.password)).statusCode).toBe(401);
    expect((await login(user.email, 'NovaSenha@1')).statusCode).toBe(200);
    const hashAfter = await passwordHashOf(user.id);

    const again = await confirmReset({ token, password: 'Outra@123', confirmPassword: 'Outra@123' });
    expect(again.statusCode).toBe(400);
    expect(errorOf(again)).toMatchObject({
      code: 'RESET_LINK_INVALID',
      message: 'Este link expirou ou já foi usado. Peça um novo.',
    });
    expect(await passwordHashOf(user.id)).toBe(hashAfter);
  });

  it('ends every session opened before the reset', async () => {
    const user = await createUser(t.db);
    const first = await signIn(t.app, user.email, user.password);
    const second = await signIn(t.app, user.email, user.password);
    expect((await me(first)).json().user?.id).toBe(user.id);
    const { token } = await mailedToken(user);

    expect(
      (await confirmReset({ token, password: 'NovaSenha@1', confirmPassword: 'NovaSenha@1' })).statusCode,
    ).toBe(204);
    expect((await me(first)).json()).toEqual({ user: null });
    expect((await me(second)).json()).toEqual({ user: null });
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
  });

  it('refuses an expired link and leaves the password as it was', async () => {
    const user = await createUser(t.db);
    const { token } = await mailedToken(user);
    const hashBefore = await passwordHashOf(user.id);
    const updated = await t.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.value, user.id))
      .returning({ id: verifications.id });
    expect(updated).toHaveLength(1);

    const response = await confirmReset({ token, password: 'NovaSenha@1', confirmPassword: 'NovaSenha@1' });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toBe(accountMessages.passwordResetLinkInvalid);
    expect(await passwordHashOf(user.id)).toBe(hashBefore);
    expect((await login(user.email, user.password)).statusCode).toBe(200);
  });

  it('refuses an unknown token', async () => {
    const response = await confirmReset({
      token: 'nao-existe-este-token-123',
      password: 'NovaSenha@1',
      confirmPassword: 'NovaSenha@1',
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toBe(accountMessages.passwordResetLinkInvalid);
  });

  it('refuses a confirmation that differs or a short password, changing nothing and keeping the link', async () => {
    const user = await createUser(t.db);
    const session = await signIn(t.app, user.email, user.password);
    const { token } = await mailedToken(user);
    const hashBefore = await passwordHashOf(user.id);

    const differs = await confirmReset({ token, password: 'NovaSenha@1', confirmPassword: 'NovaSenha@2' });
    expect(differs.statusCode).toBe(400);
    expect(errorOf(differs).fields?.confirmPassword).toBe('Erro: As senhas não coincidem');

    const short = await confirmReset({ token, password: '12345', confirmPassword: '12345' });
    expect(short.statusCode).toBe(400);
    expect(errorOf(short).fields?.password).toBe('A senha deve ter pelo menos 6 caracteres');

    expect(await passwordHashOf(user.id)).toBe(hashBefore);
    expect((await me(session)).json().user?.id).toBe(user.id);
    // The link was not spent by the refused attempts.
    expect(
      (await confirmReset({ token, password: 'NovaSenha@1', confirmPassword: 'NovaSenha@1' })).statusCode,
    ).toBe(204);
  });

  it('limits confirmations per address', async () => {
    const ip = '10.9.9.9';
    const attempt = () =>
      confirmReset(
        { token: 'chute-qualquer-token-xyz', password: 'Senha@123', confirmPassword: 'Senha@123' },
        ip,
      );
    for (let i = 0; i < 15; i++) expect((await attempt()).statusCode).toBe(400);
    expect((await attempt()).statusCode).toBe(429);
  });
});

describe("better-auth's own reset endpoints", () => {
  it('stay closed: the only way in is /api/accounts, with its limits', async () => {
    const user = await createUser(t.db);
    for (const url of [
      '/api/auth/request-password-reset',
      '/api/auth/forget-password',
      '/api/auth/reset-password',
    ]) {
      const response = await api.as().post(url, { email: user.email, newPassword: 'Senha@999', token: 'x' });
      expect(response.statusCode, url).toBe(404);
    }
    const callback = await api.as().get('/api/auth/reset-password/abc?callbackURL=/');
    expect(callback.statusCode).toBe(404);
    expect(resetMailsTo(user.email)).toHaveLength(0);
  });
});
