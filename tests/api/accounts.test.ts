import { accountMessages } from '@shared/account-messages';
import { settingsMessages } from '@shared/settings-messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles, users } from '../../src/server/db/schema';
import { createUser } from '../factories/accounts';
import { apiOf } from '../helpers/api';
import { cookiesOf, errorOf, signIn } from '../helpers/http';
import { lastLinkTo, readOutbox } from '../helpers/outbox';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
const api = apiOf(() => t);
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
/** Nicknames are unique, so each e-mail gets its own unless the test names one. */
const validRegistration = (email: string, nickname = `Jogador${email.split('@')[0]}`) => ({
  email,
  nickname,
  mainGame: 'cs2',
  password: 'segredo1',
  confirmPassword: 'segredo1',
});

const register = (payload: object) => api.as().post('/api/accounts/register', payload);
const login = (email: string, password: string) => api.as().post('/api/accounts/login', { email, password });
const me = (cookie?: string) => api.as(cookie).get('/api/accounts/me');

describe('register', () => {
  it('rejects a confirmation that differs, with the spec message, and creates nothing', async () => {
    const response = await register({ ...validRegistration('diff@teste.com'), confirmPassword: 'outra123' });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).fields?.confirmPassword).toBe('Erro: As senhas não coincidem');
    expect(await t.db.select().from(users).where(eq(users.email, 'diff@teste.com'))).toHaveLength(0);
  });

  it('rejects a password under 6 characters', async () => {
    const response = await register({
      ...validRegistration('curta@teste.com'),
      password: '12345',
      confirmPassword: '12345',
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toBe('A senha deve ter pelo menos 6 caracteres');
  });

  it('requires every field but the main game, and a real e-mail', async () => {
    const response = await register({
      email: 'não-é-email',
      nickname: ' ',
      mainGame: '',
      password: '',
      confirmPassword: '',
    });
    expect(response.statusCode).toBe(400);
    const { fields } = errorOf(response);
    expect(fields).toMatchObject({
      email: accountMessages.invalidEmail,
      nickname: accountMessages.required,
      password: accountMessages.required,
    });
    expect(fields).not.toHaveProperty('mainGame');
  });

  it('creates the account unconfirmed, with its profile, and mails a confirmation link', async () => {
    const response = await register(validRegistration('Novo@Teste.com', 'NovoJogador'));
    expect(response.statusCode).toBe(201);
    const [user] = await t.db.select().from(users).where(eq(users.email, 'novo@teste.com'));
    expect(user).toMatchObject({ emailVerified: false, mainGame: 'cs2' });
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.id, user!.id));
    expect(profile?.username).toBe('NovoJogador');
    const mail = readOutbox(t.config.dataDir).find((m) => m.to === 'novo@teste.com');
    expect(mail?.subject).toContain('Confirme seu email');
    expect(mail?.link).toMatch(/^http:\/\/localhost:3000\/api\/auth\/verify-email\?token=/);
  });

  it('creates the account without a main game', async () => {
    const response = await register({ ...validRegistration('semjogo@teste.com'), mainGame: '' });
    expect(response.statusCode).toBe(201);
    const [user] = await t.db.select().from(users).where(eq(users.email, 'semjogo@teste.com'));
    expect(user?.mainGame).toBeNull();
  });

  it('refuses a nickname already taken in any letter case, under the field, and creates nothing', async () => {
    const existing = await createUser(t.db, { nickname: `Ocupado${Date.now()}` });
    const taken = existing.nickname.toUpperCase();
    const response = await register(validRegistration('ocupado@teste.com', taken));
    expect(response.statusCode).toBe(409);
    expect(errorOf(response)).toMatchObject({
      message: settingsMessages.usernameTaken,
      fields: { nickname: settingsMessages.usernameTaken },
    });
    expect(await t.db.select().from(users).where(eq(users.email, 'ocupado@teste.com'))).toHaveLength(0);
    expect(readOutbox(t.config.dataDir).filter((m) => m.to === 'ocupado@teste.com')).toHaveLength(0);
    // A free name goes through.
    expect((await register(validRegistration('ocupado@teste.com', `${taken}2`))).statusCode).toBe(201);
  });

  it('tells that an e-mail is already registered', async () => {
    const existing = await createUser(t.db);
    const response = await register(validRegistration(existing.email.toUpperCase()));
    expect(response.statusCode).toBe(409);
    expect(errorOf(response)).toMatchObject({
      code: 'EMAIL_TAKEN',
      message: 'Este email já está cadastrado',
    });
  });
});

describe('e-mail confirmation and sign-in', () => {
  const email = 'confirma@teste.com';

  it('refuses to sign in an unconfirmed account with the confirmation message', async () => {
    await register(validRegistration(email, 'Confirmada'));
    const response = await login(email, 'segredo1');
    expect(response.statusCode).toBe(403);
    expect(errorOf(response).message).toBe(accountMessages.emailNotConfirmed);
    expect(response.cookies).toHaveLength(0);
  });

  it('mails a fresh link when an unconfirmed account signs in with the right password, not with a wrong one', async () => {
    const mailsTo = () => readOutbox(t.config.dataDir).filter((m) => m.to === email).length;
    const before = mailsTo();
    await login(email, 'errada123');
    expect(mailsTo()).toBe(before);
    await login(email, 'segredo1');
    expect(mailsTo()).toBe(before + 1);
  });

  it('confirms through the mailed link, which signs the user in and lands on the confirmation toast', async () => {
    const link = new URL(lastLinkTo(t.config.dataDir, email));
    const response = await api.as().get(link.pathname + link.search);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/home?confirmado=1');
    const session = await me(cookiesOf(response));
    expect(session.json().user).toMatchObject({ email, nickname: 'Confirmada', role: null });
    expect((await login(email, 'segredo1')).statusCode).toBe(200);
  });

  it('puts the sign-in through the confirmation link in the login history', async () => {
    const address = 'novo.historico@teste.com';
    expect((await register(validRegistration(address))).statusCode).toBe(201);
    const link = new URL(lastLinkTo(t.config.dataDir, address));
    const response = await api.as().get(link.pathname + link.search, {
      headers: { 'user-agent': FIREFOX_LINUX },
      remoteAddress: '10.60.0.7',
    });
    expect(response.statusCode).toBe(302);
    const cookie = cookiesOf(response);
    const history = await api.as(cookie).get('/api/accounts/me/login-history');
    expect(history.statusCode).toBe(200);
    expect(history.json().attempts).toMatchObject([{ success: true, ipAddress: '10.60.0.7' }]);
    expect(history.json().attempts[0].device).toMatch(/Firefox/);
    // A second click on the link (the e-mail is confirmed already) signs nobody in and records nothing.
    const again = await api.as().get(link.pathname + link.search, { remoteAddress: '10.60.0.8' });
    expect(again.cookies.filter((c) => c.name.includes('session_token') && c.value)).toHaveLength(0);
    const after = await api.as(cookie).get('/api/accounts/me/login-history');
    expect(after.json().attempts).toHaveLength(1);
  });

  it('rejects a tampered link and confirms nothing', async () => {
    await register(validRegistration('falso@teste.com'));
    const link = new URL(lastLinkTo(t.config.dataDir, 'falso@teste.com'));
    link.searchParams.set('token', `${link.searchParams.get('token')}x`);
    const response = await api.as().get(link.pathname + link.search);
    expect(response.headers.location).toMatch(/error=/i);
    expect(response.cookies.filter((c) => c.name.includes('session_token') && c.value)).toHaveLength(0);
    const [user] = await t.db.select().from(users).where(eq(users.email, 'falso@teste.com'));
    expect(user?.emailVerified).toBe(false);
  });

  it('says wrong credentials plainly, for a wrong password and for an unknown e-mail', async () => {
    const user = await createUser(t.db);
    for (const response of [
      await login(user.email, 'errada123'),
      await login('ninguem@teste.com', 'errada123'),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(errorOf(response).message).toBe('Email ou senha incorretos');
    }
  });

  it('keeps the session in an HttpOnly cookie and ends it on logout', async () => {
    const user = await createUser(t.db);
    const response = await login(user.email, user.password);
    const cookie = response.cookies.find((c) => c.name.endsWith('session_token'));
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const session = cookiesOf(response);
    expect((await me(session)).json().user.email).toBe(user.email);

    const logout = await api.as(session).post('/api/accounts/logout');
    expect(logout.statusCode).toBe(204);
    expect((await me(session)).json().user).toBeNull();
  });

  it('answers guests with no user', async () => {
    expect((await me()).json()).toEqual({ user: null });
  });

  it('marks staff in the session user', async () => {
    const staff = await createUser(t.db, { role: 'moderator' });
    expect((await me(await signIn(t.app, staff.email, staff.password))).json().user.role).toBe('moderator');
  });

  it('keeps sessions across a restart of the server', async () => {
    const user = await createUser(t.db);
    const session = await signIn(t.app, user.email, user.password);
    t.app = await t.restart();
    expect((await me(session)).json().user.email).toBe(user.email);
  });
});

describe('origin check', () => {
  it('refuses a state-changing call sent from a foreign site', async () => {
    const user = await createUser(t.db);
    // A raw request: the fixture always sends this site's origin.
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/login',
      headers: { origin: 'https://site-malicioso.example' },
      payload: { email: user.email, password: user.password },
    });
    expect(response.statusCode).toBe(403);
    expect(response.cookies).toHaveLength(0);
  });
});
