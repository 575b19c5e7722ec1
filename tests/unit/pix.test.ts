import { addPixKeyInput, formatPixKey, normalizePixKey } from '@shared/pix';
import { pixMessages as m } from '@shared/pix-messages';
import { describe, expect, it } from 'vitest';

describe('normalizePixKey', () => {
  it('keeps a valid CPF as its 11 digits, with or without mask', () => {
    expect(normalizePixKey('cpf', '529.982.247-25')).toBe('52998224725');
    expect(normalizePixKey('cpf', ' 52998224725 ')).toBe('52998224725');
  });

  it('refuses a CPF with a wrong check digit, a repeated one or letters', () => {
    expect(normalizePixKey('cpf', '529.982.247-24')).toBeNull();
    expect(normalizePixKey('cpf', '111.111.111-11')).toBeNull();
    expect(normalizePixKey('cpf', '5299822472a')).toBeNull();
    expect(normalizePixKey('cpf', '')).toBeNull();
  });

  it('accepts a numeric CNPJ and the alphanumeric one in force since July 2026, upper-case without mask', () => {
    expect(normalizePixKey('cnpj', '11.222.333/0001-81')).toBe('11222333000181');
    expect(normalizePixKey('cnpj', '12ABC34501DE35')).toBe('12ABC34501DE35');
    expect(normalizePixKey('cnpj', '12.abc.345/01de-35')).toBe('12ABC34501DE35');
  });

  it('refuses a CNPJ with a wrong check digit, numeric or alphanumeric', () => {
    expect(normalizePixKey('cnpj', '11222333000182')).toBeNull();
    expect(normalizePixKey('cnpj', '12ABC34501DE36')).toBeNull();
    expect(normalizePixKey('cnpj', '00000000000000')).toBeNull();
  });

  it('stores a mobile phone as +55 DDD number, typed with or without +55', () => {
    expect(normalizePixKey('phone', '(11) 98765-4321')).toBe('+5511987654321');
    expect(normalizePixKey('phone', '11987654321')).toBe('+5511987654321');
    expect(normalizePixKey('phone', '+55 11 98765-4321')).toBe('+5511987654321');
  });

  it('refuses a landline, a short number, an unknown DDD and text', () => {
    expect(normalizePixKey('phone', '(11) 3456-7890')).toBeNull();
    expect(normalizePixKey('phone', '98765-4321')).toBeNull();
    expect(normalizePixKey('phone', '(00) 98765-4321')).toBeNull();
    expect(normalizePixKey('phone', 'meu celular')).toBeNull();
  });

  it('reads an 11-digit number as the type the user chose', () => {
    expect(normalizePixKey('cpf', '52998224725')).toBe('52998224725');
    expect(normalizePixKey('phone', '52998224725')).toBeNull(); // DDD 52 does not exist
  });

  it('lower-cases an e-mail and refuses one without a domain', () => {
    expect(normalizePixKey('email', ' Fulano@Exemplo.COM.br ')).toBe('fulano@exemplo.com.br');
    expect(normalizePixKey('email', 'fulano@')).toBeNull();
    expect(normalizePixKey('email', 'fulano.exemplo.com')).toBeNull();
  });

  it('lower-cases a random key (UUID) and refuses anything else', () => {
    expect(normalizePixKey('random', '123E4567-E12B-12D1-A456-426655440000')).toBe(
      '123e4567-e12b-12d1-a456-426655440000',
    );
    expect(normalizePixKey('random', '123e4567e12b12d1a456426655440000')).toBeNull();
    expect(normalizePixKey('random', '52998224725')).toBeNull();
  });
});

describe('addPixKeyInput', () => {
  it('gives the normalised key, or the spec message on the key field', () => {
    expect(addPixKeyInput.parse({ type: 'email', key: 'A@B.com.br' })).toEqual({
      type: 'email',
      key: 'a@b.com.br',
    });
    const result = addPixKeyInput.safeParse({ type: 'cpf', key: '   ' });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: ['key'], message: m.invalidKey })]);
  });
});

describe('formatPixKey', () => {
  it('shows the usual masks', () => {
    expect(formatPixKey('cpf', '52998224725')).toBe('529.982.247-25');
    expect(formatPixKey('cnpj', '12ABC34501DE35')).toBe('12.ABC.345/01DE-35');
    expect(formatPixKey('phone', '+5511987654321')).toBe('+55 (11) 98765-4321');
  });
});
