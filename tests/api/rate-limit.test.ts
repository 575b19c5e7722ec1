import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../factories/accounts';
import { errorOf } from '../helpers/http';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '3' });
});
afterAll(() => t.close());

const login = (email: string, password: string, ip: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/accounts/login',
    headers: { origin: TEST_ORIGIN },
    remoteAddress: ip,
    payload: { email, password },
  });

describe('sign-in and sign-up limits', () => {
  it('stops guessing one account even from many addresses, and lets others in', async () => {
    const victim = await createUser(t.db);
    for (let i = 0; i < 3; i++)
      expect((await login(victim.email, 'errada123', `10.0.0.${i}`)).statusCode).toBe(401);
    const blocked = await login(victim.email, victim.password, '10.0.0.9');
    expect(blocked.statusCode).toBe(429);
    expect(errorOf(blocked).message).toBe('Muitas tentativas. Aguarde alguns minutos e tente novamente.');
    const other = await createUser(t.db);
    expect((await login(other.email, other.password, '10.0.0.10')).statusCode).toBe(200);
  });

  it('stops one address trying many accounts (five times the per-account allowance)', async () => {
    for (let i = 0; i < 15; i++)
      expect((await login(`alvo${i}@teste.com`, 'errada123', '10.0.1.1')).statusCode).toBe(401);
    expect((await login('alvo9@teste.com', 'errada123', '10.0.1.1')).statusCode).toBe(429);
  });

  it('limits sign-ups per address', async () => {
    const signUp = (n: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/accounts/register',
        headers: { origin: TEST_ORIGIN },
        remoteAddress: '10.0.2.1',
        payload: {
          email: `novo${n}@teste.com`,
          nickname: `n${n}`,
          mainGame: 'outro',
          password: 'segredo1',
          confirmPassword: 'segredo1',
        },
      });
    for (let i = 0; i < 15; i++) expect((await signUp(i)).statusCode).toBe(201);
    expect((await signUp(15)).statusCode).toBe(429);
  });
});
