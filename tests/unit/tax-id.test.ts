import { isValidCnpj as utilsValidCnpj } from '@brazilian-utils/brazilian-utils/is-valid-cnpj';
import { isValidCpf as utilsValidCpf } from '@brazilian-utils/brazilian-utils/is-valid-cpf';
import { payoutIdentityInput } from '@shared/payout-identity';
import { payoutIdentityMessages as m } from '@shared/payout-identity-messages';
import {
  cnpjCheckDigits,
  cpfCheckDigits,
  formatTaxId,
  isValidCnpj,
  isValidCpf,
  maskTaxId,
  parseTaxId,
} from '@shared/tax-id';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

const digit = fc.constantFrom(...'0123456789');
const alnum = fc.constantFrom(...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ');
const cpfBase = fc.array(digit, { minLength: 9, maxLength: 9 }).map((a) => a.join(''));
const cnpjBase = fc.array(alnum, { minLength: 12, maxLength: 12 }).map((a) => a.join(''));

/** Another character of the same position's alphabet. */
const changed = (value: string, at: number, by: number, alphabet: string) => {
  const i = alphabet.indexOf(value[at] as string);
  const other = alphabet[(i + by) % alphabet.length] as string;
  return `${value.slice(0, at)}${other}${value.slice(at + 1)}`;
};
const DIGITS = '0123456789';

/**
 * The rule as published, with the weights written out (not computed as in src/shared/tax-id.ts): each character
 * its ASCII code minus 48, the sum's remainder by 11, 0 or 1 → 0, else 11 - r. Module 11's one blind spot: a
 * change that moves both remainders only between 0 and 1 leaves both check digits 0, so it goes unseen.
 */
const published = {
  cpf: [
    [10, 9, 8, 7, 6, 5, 4, 3, 2],
    [11, 10, 9, 8, 7, 6, 5, 4, 3, 2],
  ],
  cnpj: [
    [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2],
    [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2],
  ],
} as const;
const remainders = (kind: 'cpf' | 'cnpj', value: string) =>
  published[kind].map(
    (weights) => weights.reduce((sum, w, i) => sum + (value.charCodeAt(i) - 48) * w, 0) % 11,
  );
/** The change is in the body and each remainder stays in {0, 1} on both sides, with the same check digits. */
const unseen = (kind: 'cpf' | 'cnpj', before: string, after: string) => {
  const body = kind === 'cpf' ? 9 : 12;
  if (before.slice(body) !== after.slice(body)) return false;
  const [a, b] = [remainders(kind, before), remainders(kind, after)];
  return a.every((r, i) => r === b[i] || (r < 2 && (b[i] as number) < 2));
};
const ALNUM = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

describe('CPF', () => {
  it('reads a CPF with or without its mask, and refuses wrong check digits', () => {
    expect(parseTaxId('529.982.247-25')).toEqual({ kind: 'cpf', number: '52998224725' });
    expect(parseTaxId(' 52998224725 ')).toEqual({ kind: 'cpf', number: '52998224725' });
    expect(parseTaxId('529.982.247-26')).toBeNull();
    expect(parseTaxId('529.982.247-52')).toBeNull();
  });

  it('refuses a CPF of one repeated digit, though its check digits add up', () => {
    for (const d of DIGITS) {
      const cpf = d.repeat(11);
      expect(cpfCheckDigits(cpf.slice(0, 9))).toBe(cpf.slice(9));
      expect(isValidCpf(cpf)).toBe(false);
    }
  });

  it('refuses what is not a CPF or CNPJ: letters in 11 characters, other lengths, other characters', () => {
    for (const input of [
      '',
      '   ',
      '5299822472',
      '529982247255',
      '52998224A25',
      '529_982_247_25',
      '5299822472५',
    ])
      expect(parseTaxId(input)).toBeNull();
  });

  it("a computed check digit validates; a changed digit fails but for module 11's blind spot (property)", () => {
    fc.assert(
      fc.property(
        cpfBase,
        fc.integer({ min: 0, max: 10 }),
        fc.integer({ min: 1, max: 9 }),
        (base, at, by) => {
          const cpf = `${base}${cpfCheckDigits(base)}`;
          fc.pre(!/^(\d)\1{10}$/.test(cpf));
          expect(isValidCpf(cpf)).toBe(true);
          expect(utilsValidCpf(cpf)).toBe(true);
          const other = changed(cpf, at, by, DIGITS);
          expect(isValidCpf(other)).toBe(unseen('cpf', cpf, other));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('agrees with @brazilian-utils on any 11 digits (property)', () => {
    fc.assert(
      fc.property(
        fc.array(digit, { minLength: 11, maxLength: 11 }).map((a) => a.join('')),
        (cpf) => {
          expect(isValidCpf(cpf)).toBe(utilsValidCpf(cpf));
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('CNPJ, numeric and alphanumeric', () => {
  it("validates the Receita Federal's published alphanumeric example 12.ABC.345/01DE-35", () => {
    expect(parseTaxId('12.ABC.345/01DE-35')).toEqual({ kind: 'cnpj', number: '12ABC34501DE35' });
    expect(parseTaxId('12abc34501de35')).toEqual({ kind: 'cnpj', number: '12ABC34501DE35' });
    expect(cnpjCheckDigits('12ABC34501DE')).toBe('35');
    expect(parseTaxId('12.ABC.345/01DE-36')).toBeNull();
    expect(parseTaxId('12.ABC.345/01DF-35')).toBeNull();
  });

  it('keeps the check digits of every numeric CNPJ (a digit counts as itself)', () => {
    expect(parseTaxId('11.222.333/0001-81')).toEqual({ kind: 'cnpj', number: '11222333000181' });
    expect(cnpjCheckDigits('112223330001')).toBe('81');
    expect(parseTaxId('11.222.333/0001-82')).toBeNull();
    expect(isValidCnpj('00000000000000')).toBe(false);
  });

  it('refuses letters among the check digits and lower-case never reaches the check', () => {
    expect(isValidCnpj('12ABC34501DE3A')).toBe(false);
    expect(isValidCnpj('12abc34501de35')).toBe(false);
  });

  it('a computed check digit validates; a changed character fails but for the blind spot (property)', () => {
    fc.assert(
      fc.property(
        cnpjBase,
        fc.integer({ min: 0, max: 13 }),
        fc.integer({ min: 1, max: 35 }),
        (base, at, by) => {
          const cnpj = `${base}${cnpjCheckDigits(base)}`;
          fc.pre(!/^(\d)\1{13}$/.test(cnpj));
          expect(isValidCnpj(cnpj)).toBe(true);
          expect(utilsValidCnpj(cnpj, { version: 2 })).toBe(true);
          // The check digits stay digits; the body may take any of [0-9A-Z].
          const other = at >= 12 ? changed(cnpj, at, (by % 9) + 1, DIGITS) : changed(cnpj, at, by, ALNUM);
          // Fails, but for module 11's blind spot (letters 11 apart, A=17 and 6, vanish from both sums too).
          expect(isValidCnpj(other)).toBe(unseen('cnpj', cnpj, other));
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('agrees with @brazilian-utils (version 2) on any 14 characters (property)', () => {
    fc.assert(
      fc.property(
        cnpjBase,
        fc.array(digit, { minLength: 2, maxLength: 2 }).map((a) => a.join('')),
        (base, check) => {
          expect(isValidCnpj(`${base}${check}`)).toBe(utilsValidCnpj(`${base}${check}`, { version: 2 }));
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe('the blind spot is rare', () => {
  it('a changed check digit always fails; of all one-digit changes of a CPF body, few go unseen', () => {
    const cpf = '52998224725';
    let changes = 0;
    let missed = 0;
    for (let at = 0; at < 11; at++)
      for (let by = 1; by < 10; by++) {
        const other = changed(cpf, at, by, DIGITS);
        changes++;
        if (isValidCpf(other)) {
          missed++;
          expect(at).toBeLessThan(9);
        }
      }
    expect(missed / changes).toBeLessThan(0.05);
  });
});

describe('formatting and masking', () => {
  it('formats with the masks', () => {
    expect(formatTaxId('cpf', '52998224725')).toBe('529.982.247-25');
    expect(formatTaxId('cnpj', '12ABC34501DE35')).toBe('12.ABC.345/01DE-35');
  });

  it('masks for moderators: the middle only', () => {
    expect(maskTaxId('cpf', '12345678909')).toBe('***.456.789-**');
    expect(maskTaxId('cnpj', '12ABC34501DE35')).toBe('**.ABC.345/****-**');
  });
});

describe('the form (shared zod schema)', () => {
  const parse = (input: Record<string, unknown>) => payoutIdentityInput.safeParse(input);
  const messageOf = (input: Record<string, unknown>, field: string) => {
    const result = parse(input);
    return result.success ? null : result.error.issues.find((i) => i.path[0] === field)?.message;
  };

  it('normalises the name and the document', () => {
    const result = parse({ name: '  Ana   Souza ', document: '529.982.247-25', password: 'x' });
    expect(result.success && result.data).toEqual({
      name: 'Ana Souza',
      document: { kind: 'cpf', number: '52998224725' },
      password: 'x',
      code: undefined,
    });
  });

  it('says under the field what is wrong, in pt-BR', () => {
    expect(messageOf({ name: '', document: '52998224725' }, 'name')).toBe(m.nameRequired);
    expect(messageOf({ name: 'Ana', document: '52998224725' }, 'name')).toBe(m.nameShort);
    expect(messageOf({ name: 'Ana Souza', document: '' }, 'document')).toBe(m.documentRequired);
    expect(messageOf({ name: 'Ana Souza', document: '529.982.247-26' }, 'document')).toBe(m.documentInvalid);
    expect(messageOf({ name: 'Ana Souza', document: 'x'.repeat(100) }, 'document')).toBe(m.documentInvalid);
  });
});
