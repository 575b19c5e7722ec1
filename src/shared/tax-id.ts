/**
 * CPF and CNPJ, the documents a payout identity is recorded with (issue 36): read as typed (with or without the
 * mask), stored normalised (CPF: 11 digits; CNPJ: 14 characters, upper case), checked by their check digits,
 * formatted with their masks and masked for moderators.
 *
 * The CNPJ may be alphanumeric (the Receita Federal's format in force from July 2026, IN RFB 2.229/2024 and its
 * Nota Técnica COCAD/SUARA/RFB 49/2024): 12 characters of [0-9A-Z] (root and branch) and 2 numeric check digits.
 * The check digits are still module 11 with the numeric CNPJ's weights; each character counts as its ASCII code
 * minus 48, so a digit keeps its value (every numeric CNPJ keeps its check digits) and A is 17, B 18… Z 42.
 */

export type TaxIdKind = 'cpf' | 'cnpj';
export const taxIdKinds = ['cpf', 'cnpj'] as const satisfies readonly TaxIdKind[];

export const taxIdKindLabels: Record<TaxIdKind, string> = { cpf: 'CPF', cnpj: 'CNPJ' };

/** Longer than any masked CPF or CNPJ with spaces: refused before any parsing. */
export const MAX_TAX_ID_INPUT = 40;

/** The character's value in the check-digit sum: its ASCII code minus 48 ('0' → 0, 'A' → 17). */
const weightValue = (char: string) => char.charCodeAt(0) - 48;

/** Module 11 over the weighted sum: a remainder of 0 or 1 gives 0, any other r gives 11 - r. */
function mod11(chars: string, weights: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < chars.length; i++) sum += weightValue(chars[i] as string) * (weights[i] as number);
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

const cpfWeights = (length: number) => Array.from({ length }, (_, i) => length + 1 - i);
/** 5,4,3,2,9,8,7,6,5,4,3,2 for the first digit; 6,5,4,3,2,9,…,2 for the second (over 13 characters). */
const cnpjWeights = (length: number) => Array.from({ length }, (_, i) => ((length - 1 - i) % 8) + 2);

/** The two check digits of a CPF's first 9 digits. */
export function cpfCheckDigits(base: string): string {
  const first = mod11(base, cpfWeights(9));
  const second = mod11(`${base}${first}`, cpfWeights(10));
  return `${first}${second}`;
}

/** The two check digits of a CNPJ's first 12 characters (digits or upper-case letters). */
export function cnpjCheckDigits(base: string): string {
  const first = mod11(base, cnpjWeights(12));
  const second = mod11(`${base}${first}`, cnpjWeights(13));
  return `${first}${second}`;
}

/** A normalised CPF (11 digits) whose check digits are right; all the same digit (111.111.111-11) is refused. */
export function isValidCpf(cpf: string): boolean {
  if (!/^\d{11}$/.test(cpf) || /^(\d)\1{10}$/.test(cpf)) return false;
  return cpfCheckDigits(cpf.slice(0, 9)) === cpf.slice(9);
}

/**
 * A normalised CNPJ (12 of [0-9A-Z] + 2 digits) whose check digits are right; all zeros and any numeric CNPJ of
 * one repeated digit are refused, as every validator does (they pass module 11 but were never issued).
 */
export function isValidCnpj(cnpj: string): boolean {
  if (!/^[0-9A-Z]{12}\d{2}$/.test(cnpj) || /^(\d)\1{13}$/.test(cnpj)) return false;
  return cnpjCheckDigits(cnpj.slice(0, 12)) === cnpj.slice(12);
}

/**
 * The document as stored, or null when it is not a valid CPF or CNPJ. The kind follows from the length once the
 * mask is gone: 11 characters are a CPF, 14 a CNPJ (letters only in a CNPJ, upper-cased). Only the masks'
 * characters (`.`, `-`, `/`, spaces) are dropped: anything else makes it invalid, never silently removed.
 */
export function parseTaxId(input: string): { kind: TaxIdKind; number: string } | null {
  const value = input.trim();
  if (!value || value.length > MAX_TAX_ID_INPUT || !/^[\dA-Za-z./\-\s]+$/.test(value)) return null;
  const number = value.replace(/[./\-\s]/g, '').toUpperCase();
  if (number.length === 11) return isValidCpf(number) ? { kind: 'cpf', number } : null;
  if (number.length === 14) return isValidCnpj(number) ? { kind: 'cnpj', number } : null;
  return null;
}

/** A stored document with its mask: 123.456.789-09, 12.ABC.345/01DE-35. */
export function formatTaxId(kind: TaxIdKind, number: string): string {
  if (kind === 'cpf') return number.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');
  return number.replace(/^(\w{2})(\w{3})(\w{3})(\w{4})(\d{2})$/, '$1.$2.$3/$4-$5');
}

/**
 * A document as moderators, the owner's screens and e-mails show it: the middle only, enough to tell two
 * documents apart on the desk, not enough to use one (the LGPD's usual masking): ***.456.789-**, **.ABC.345/****-**.
 * Admins, who pay payouts, see it whole.
 */
export function maskTaxId(kind: TaxIdKind, number: string): string {
  if (kind === 'cpf') return `***.${number.slice(3, 6)}.${number.slice(6, 9)}-**`;
  return `**.${number.slice(2, 5)}.${number.slice(5, 8)}/****-**`;
}
