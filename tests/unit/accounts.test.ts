import { defaultNickname, loginInput, passwordChecklist, registerInput } from '@shared/accounts';
import { describe, expect, it } from 'vitest';

const valid = {
  email: 'jogador@teste.com',
  nickname: 'Jogador',
  mainGame: 'cs2',
  password: 'abc123',
  confirmPassword: 'abc123',
};
const messagesOf = (result: ReturnType<typeof registerInput.safeParse>) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('register rules (part 1 §5)', () => {
  it('accepts a complete form and trims the e-mail and nickname', () => {
    const result = registerInput.parse({ ...valid, email: '  jogador@teste.com ', nickname: ' Jogador ' });
    expect(result).toMatchObject({ email: 'jogador@teste.com', nickname: 'Jogador' });
  });

  it('leaves the main game optional: blank or missing means none', () => {
    expect(registerInput.parse({ ...valid, mainGame: '' }).mainGame).toBeUndefined();
    const { mainGame: _, ...withoutGame } = valid;
    expect(registerInput.parse(withoutGame).mainGame).toBeUndefined();
    expect(registerInput.parse(valid).mainGame).toBe('cs2');
  });

  it('wants the confirmation equal to the password', () => {
    expect(messagesOf(registerInput.safeParse({ ...valid, confirmPassword: 'abc124' }))).toEqual({
      confirmPassword: 'Erro: As senhas não coincidem',
    });
  });

  it('wants at least 6 characters but does not enforce the checklist', () => {
    expect(
      messagesOf(registerInput.safeParse({ ...valid, password: 'abc12', confirmPassword: 'abc12' })).password,
    ).toBe('A senha deve ter pelo menos 6 caracteres');
    expect(registerInput.safeParse({ ...valid, password: 'aaaaaa', confirmPassword: 'aaaaaa' }).success).toBe(
      true,
    );
  });

  it('requires e-mail and password to sign in', () => {
    expect(loginInput.safeParse({ email: '', password: '' }).success).toBe(false);
  });
});

describe('password checklist', () => {
  it('marks each kind of character present', () => {
    expect(passwordChecklist('Ab1!').every((c) => c.met)).toBe(true);
    expect(passwordChecklist('abc').map((c) => c.met)).toEqual([false, true, false, false]);
  });
});

describe('default nickname', () => {
  it('is the e-mail part before @', () => {
    expect(defaultNickname('maria.souza@gmail.com')).toBe('maria.souza');
  });
});
