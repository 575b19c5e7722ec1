import { getPixKeyInfo } from '@brazilian-utils/brazilian-utils/get-pix-key-info';
import { isValidCnpj } from '@brazilian-utils/brazilian-utils/is-valid-cnpj';
import { isValidCpf } from '@brazilian-utils/brazilian-utils/is-valid-cpf';
import { isValidPhone } from '@brazilian-utils/brazilian-utils/is-valid-phone';
import { parsePhone } from '@brazilian-utils/brazilian-utils/parse-phone';
import { z } from 'zod';
import { id } from './api';
import { pixMessages as m } from './pix-messages';

/** A user may keep this many PIX keys (said on the payments page). */
export const MAX_PIX_KEYS = 5;
/** Longer than any key of any type (an e-mail key is at most 77 characters): refused before any parsing. */
export const MAX_PIX_KEY_INPUT = 120;

/** The spec's five types (part 2 §7); the database enum and the form read this list. */
export const pixKeyTypes = ['cpf', 'cnpj', 'email', 'phone', 'random'] as const;
export type PixKeyType = (typeof pixKeyTypes)[number];

export const pixKeyTypeLabels: Record<PixKeyType, string> = {
  cpf: 'CPF',
  cnpj: 'CNPJ',
  email: 'Email',
  phone: 'Telefone',
  random: 'Aleatória',
};

/**
 * The stored form of a key, or null when it is not a valid key of that type:
 * - CPF: the 11 digits, check digits verified;
 * - CNPJ: the 14 characters without mask, upper-case, check digits verified, numeric or alphanumeric
 *   (the Receita Federal's format in force since July 2026, `version: 2`);
 * - e-mail: trimmed, lower-case, at most 77 characters (the DICT's rule);
 * - phone: a Brazilian mobile number as `+55` + DDD + number, typed with or without `+55` and mask;
 * - random: the DICT's random key (EVP), a UUID in lower case.
 * The type is the user's choice, so an 11-digit number is a CPF or a phone according to it, never a guess.
 */
export function normalizePixKey(type: PixKeyType, input: string): string | null {
  const value = input.trim();
  if (!value || value.length > MAX_PIX_KEY_INPUT) return null;
  switch (type) {
    case 'cpf':
      return /^[\d.\-\s]+$/.test(value) && isValidCpf(value) ? value.replace(/\D/g, '') : null;
    case 'cnpj':
      return /^[\dA-Za-z./\-\s]+$/.test(value) && isValidCnpj(value, { version: 2 })
        ? value.replace(/[^\dA-Za-z]/g, '').toUpperCase()
        : null;
    case 'phone': {
      if (!/^[\d+()\-.\s]+$/.test(value) || !isValidPhone(value, { accept: ['mobile'] })) return null;
      const national = parsePhone(value);
      return national.length === 11 ? `+55${national}` : null;
    }
    case 'email': {
      const info = getPixKeyInfo(value);
      return info?.type === 'email' ? info.value : null;
    }
    case 'random': {
      const info = getPixKeyInfo(value);
      return info?.type === 'evp' ? info.value : null;
    }
  }
}

/** How a stored key is shown: CPF and CNPJ with their masks, a phone as +55 (11) 98765-4321. */
export function formatPixKey(type: PixKeyType, key: string): string {
  if (type === 'cpf' && key.length === 11)
    return key.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');
  if (type === 'cnpj' && key.length === 14)
    return key.replace(/^(\w{2})(\w{3})(\w{3})(\w{4})(\w{2})$/, '$1.$2.$3/$4-$5');
  if (type === 'phone' && key.length === 14)
    return key.replace(/^\+55(\d{2})(\d{5})(\d{4})$/, '+55 ($1) $2-$3');
  return key;
}

export const pixKeyType = z.enum(pixKeyTypes, { error: m.invalidType });

/**
 * How a change of the default key (where payouts go) is confirmed: the account's password, or the authenticator
 * app's code when two-factor is on. Checked on the server, which says which one it expects (`confirmWith`).
 */
export const pixKeyConfirmation = z.object({
  password: z.string().max(256, m.passwordWrong).optional(),
  code: z.string().max(32, m.codeWrong).optional(),
});
export type PixKeyConfirmation = z.infer<typeof pixKeyConfirmation>;

/** What the member is asked for: the password, the app's code, or nothing can confirm (a Discord-only account). */
export const pixKeyConfirmWith = z.enum(['password', 'code', 'none']);
export type PixKeyConfirmWith = z.infer<typeof pixKeyConfirmWith>;

/**
 * The add form and `POST /api/pix-keys`: the key comes out normalised, or the spec's message on `key`. The
 * confirmation is needed only when the key becomes the default (the member's first key).
 */
export const addPixKeyInput = z
  .object({
    type: pixKeyType,
    key: z.string({ error: m.invalidKey }).max(MAX_PIX_KEY_INPUT, m.invalidKey),
    ...pixKeyConfirmation.shape,
  })
  .transform((input, ctx) => {
    const key = normalizePixKey(input.type, input.key);
    if (key === null) {
      ctx.addIssue({ code: 'custom', path: ['key'], message: m.invalidKey });
      return z.NEVER;
    }
    return { type: input.type, key, password: input.password, code: input.code };
  });
export type AddPixKeyInput = z.input<typeof addPixKeyInput>;

export const pixKey = z.object({
  id: z.number().int(),
  type: pixKeyType,
  key: z.string(),
  isDefault: z.boolean(),
  /** When the key last became the default (null for a key that never was). */
  defaultSince: z.string().nullable(),
  createdAt: z.string(),
});
export type PixKey = z.infer<typeof pixKey>;

export const pixKeyList = z.object({
  keys: z.array(pixKey),
  max: z.number().int(),
  confirmWith: pixKeyConfirmWith,
});
export type PixKeyList = z.infer<typeof pixKeyList>;

export const pixKeyParams = z.object({ id });

/**
 * A PIX key as members see it, never whole: a CPF shows none of its digits (it identifies a person), a CNPJ only
 * its first two, an e-mail its first letter and domain, a phone and a random key their last four characters.
 * Admins who pay a payout see the key in full (the trades room and 'Repasses').
 */
export function maskPixKey(type: PixKeyType, key: string): string {
  switch (type) {
    case 'cpf':
      return '•••.•••.•••-••';
    case 'cnpj':
      return `${key.slice(0, 2)}.•••.•••/••••-••`;
    case 'email': {
      const at = key.indexOf('@');
      return at > 0 ? `${key[0]}•••${key.slice(at)}` : '•••';
    }
    case 'phone':
      return `+55 •• •••••-${key.slice(-4)}`;
    default:
      return `${key.slice(0, 4)}•••${key.slice(-4)}`;
  }
}

const brasiliaTime = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** A moment as '25/11/2026 14:30', Brasília time (the payments page and the default-key e-mail). */
export function formatPixKeyTime(at: Date | string): string {
  const parts = Object.fromEntries(brasiliaTime.formatToParts(new Date(at)).map((p) => [p.type, p.value]));
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}`;
}
