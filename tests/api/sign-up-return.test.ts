import { accountMessages } from '@shared/account-messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles, rateLimits, users } from '../../src/server/db/schema';
import { apiOf } from '../helpers/api';
import { errorOf } from '../helpers/http';
import { lastLinkTo, readOutbox } from '../helpers/outbox';
import { createTestApp, type TestApp } from '../helpers/test-app';

// Issue 34: the buyer's place kept through sign-up, confirmation and Discord; what the sign-up form says, enforced.
let t: TestApp;
const api = apiOf(() => t);
let discordApp: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // Discord configured (nothing is reached: the start only builds the provider's address).
  discordApp = await createTestApp({
    DISCORD_CLIENT_ID: 'client-id',
    DISCORD_CLIENT_SECRET: 'client-secret',
    DISCORD_AUTHORIZATION_URL: 'http://127.0.0.1:9/authorize',
    DISCORD_TOKEN_URL: 'http://127.0.0.1:9/token',
    DISCORD_USERINFO_URL: 'http://127.0.0.1:9/userinfo',
  });
});
afterAll(async () => {
  await t.close();
  await discordApp.close();
});

let address = 0;
const nextAddress = () => `10.34.0.${++address}`;
let serial = 0;
const registration = (overrides: Record<string, unknown> = {}) => {
  serial += 1;
  return {
    email: `retorno${serial}@teste.com`,
    nickname: `Retorno${serial}`,
    password: 'segredo1',
    confirmPassword: 'segredo1',
    ...overrides,
  };
};
const register = (payload: object) =>
  api.as().post('/api/accounts/register', payload, { remoteAddress: nextAddress() });
const resend = (payload: object, remoteAddress = nextAddress()) =>
  api.as().post('/api/accounts/confirmation/resend', payload, { remoteAddress });
const accountsWith = (email: string) => t.db.select().from(users).where(eq(users.email, email));
const mailsTo = (email: string) => readOutbox(t.config.dataDir).filter((m) => m.to === email);

describe('the return path', () => {
  it.each([
    'https://evil.example/listing/1',
    '//evil.example/listing/1',
    '/\\evil.example',
    'javascript:alert(1)',
    'listing/1',
    '/listing/1\n',
  ])('refuses %j at sign-up, and creates no account', async (returnTo) => {
    const body = registration({ returnTo });
    const response = await register(body);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).fields?.returnTo).toBe(accountMessages.returnPathInvalid);
    expect(await accountsWith(body.email)).toHaveLength(0);
  });

  it('travels with the sign-up: the confirmation link signs in and lands back on the listing, action and all', async () => {
    const body = registration({ returnTo: '/listing/7?acao=comprar' });
    expect((await register(body)).statusCode).toBe(201);
    const link = new URL(lastLinkTo(t.config.dataDir, body.email));
    const response = await api.as().get(link.pathname + link.search);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/listing/7?acao=comprar&confirmado=1');
    expect(response.cookies.some((c) => c.name.includes('session_token'))).toBe(true);
  });

  it('without one, the confirmation lands on /home', async () => {
    const body = registration();
    await register(body);
    const link = new URL(lastLinkTo(t.config.dataDir, body.email));
    const response = await api.as().get(link.pathname + link.search);
    expect(response.headers.location).toBe('/home?confirmado=1');
  });

  it('refuses a Discord callback to another site, and starts one back to a page of this site', async () => {
    const start = (callbackURL: string) =>
      apiOf(() => discordApp)
        .as()
        .post(
          '/api/auth/sign-in/social',
          { provider: 'discord', callbackURL, errorCallbackURL: '/login?erro=discord' },
          { remoteAddress: nextAddress() },
        );
    for (const foreign of ['//evil.example/home', 'https://evil.example/home', '/\\evil.example']) {
      const refused = await start(foreign);
      expect(refused.statusCode).toBe(400);
      expect(errorOf(refused).message).toBe(accountMessages.returnPathInvalid);
    }
    const started = await start('/listing/7?acao=favoritar&anuncio=7');
    expect(started.statusCode).toBe(200);
    expect(started.json().url).toMatch(/^http:\/\/127\.0\.0\.1:9\/authorize\?/);
  });
});

describe('the confirmation mail', () => {
  it('is the branded mail with its button, and says the link lasts 24 hours (as it does)', async () => {
    const body = registration();
    await register(body);
    const [mail] = mailsTo(body.email);
    expect(mail?.html).toContain('background:#1fe383');
    expect(mail?.html).toContain('>Confirmar email</a>');
    expect(mail?.text).toContain('O link vale por 24 horas');
  });
});

describe('resending the confirmation', () => {
  it('mails a fresh link once a minute per address, with a pt-BR wait naming the seconds', async () => {
    const body = registration({ returnTo: '/listing/9?acao=ofertar' });
    await register(body);
    expect(mailsTo(body.email)).toHaveLength(1);

    const first = await resend({ email: body.email.toUpperCase(), returnTo: '/listing/9?acao=ofertar' });
    expect(first.statusCode).toBe(202);
    expect(first.json().message).toBe(accountMessages.confirmationResent);
    expect(mailsTo(body.email)).toHaveLength(2);
    expect(new URL(lastLinkTo(t.config.dataDir, body.email)).searchParams.get('callbackURL')).toBe(
      '/listing/9?acao=ofertar&confirmado=1',
    );

    // Again at once, even from another address: refused, nothing mailed.
    const again = await resend({ email: body.email });
    expect(again.statusCode).toBe(429);
    expect(errorOf(again).message).toMatch(
      /^Você acabou de pedir um email\. Tente de novo em \d+ segundos?\.$/,
    );
    expect(mailsTo(body.email)).toHaveLength(2);

    // A minute later (the window moved back), it goes again.
    await t.db
      .update(rateLimits)
      .set({ windowStart: new Date(Date.now() - 61_000) })
      .where(eq(rateLimits.key, `confirmation-resend:${body.email}`));
    expect((await resend({ email: body.email })).statusCode).toBe(202);
    expect(mailsTo(body.email)).toHaveLength(3);
  });

  it('answers an unknown address the same, and mails nothing', async () => {
    const response = await resend({ email: 'ninguem-34@teste.com' });
    expect(response.statusCode).toBe(202);
    expect(response.json().message).toBe(accountMessages.confirmationResent);
    expect(mailsTo('ninguem-34@teste.com')).toHaveLength(0);
  });

  it('refuses a return path to another site', async () => {
    const response = await resend({ email: 'alguem@teste.com', returnTo: '//evil.example' });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).fields?.returnTo).toBe(accountMessages.returnPathInvalid);
  });
});

describe('what the sign-up form shows is what the server enforces', () => {
  it('refuses a password under 6 characters or over 128, under the field, and creates nothing', async () => {
    for (const [password, message] of [
      ['12345', accountMessages.passwordTooShort],
      ['a'.repeat(129), 'A senha deve ter no máximo 128 caracteres'],
    ] as const) {
      const body = registration({ password, confirmPassword: password });
      const response = await register(body);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).fields?.password).toBe(message);
      expect(await accountsWith(body.email)).toHaveLength(0);
    }
    const longest = 'a'.repeat(128);
    expect((await register(registration({ password: longest, confirmPassword: longest }))).statusCode).toBe(
      201,
    );
  });

  it('refuses a nickname with spaces (it is the profile address), and takes it joined', async () => {
    const spaced = registration({ nickname: 'Pedro Gamer 34' });
    const response = await register(spaced);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).fields?.nickname).toBe(accountMessages.nicknameSpaces);
    expect(await accountsWith(spaced.email)).toHaveLength(0);

    const joined = registration({ nickname: 'Pedro_Gamer34' });
    expect((await register(joined)).statusCode).toBe(201);
    const [account] = await accountsWith(joined.email);
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.id, account!.id));
    expect(profile?.username).toBe('Pedro_Gamer34');
  });
});
