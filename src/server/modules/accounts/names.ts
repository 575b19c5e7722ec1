import { normalizeName } from '@shared/accounts';
import unhomoglyph from 'unhomoglyph';

/**
 * Names that could pass for someone else. A name is first normalised and stripped of hidden characters
 * (`normalizeName`, `hasHiddenCharacter` in src/shared/accounts.ts); here it is compared by its UTS #39 confusable
 * skeleton, with the mapping of Unicode's confusables.txt as the `unhomoglyph` package ships it, never by a table of
 * our own.
 */

/** UTS #39 skeleton: NFD, each character replaced by its confusables.txt prototype, NFD again. */
export function skeleton(text: string): string {
  return unhomoglyph(text.normalize('NFD')).normalize('NFD');
}

/** Spaces and punctuation: 'Equipe Mercado Gamer', 'Equipe.Mercado_Gamer' and 'EquipeMercadoGamer' read alike. */
const SEPARATORS = /[\p{P}\p{Z}]/gu;
const MARKS = /\p{M}/gu;

/**
 * The keys two names are compared by: they look alike when any key is shared. Two keys because a capital 'I'
 * looks like a lower-case 'l' ('lsabela' passes for 'Isabela') while it is the same letter as 'i' to the
 * case-blind comparison ('ISABELA' is 'isabela'): one key lower-cases before the skeleton, the other after it.
 */
export function nameSkeletons(name: string): string[] {
  const text = normalizeName(name);
  const caseless = skeleton(skeleton(text.toLowerCase()).toLowerCase());
  const cased = skeleton(skeleton(text).toLowerCase());
  return [...new Set([caseless, cased].map((key) => key.replace(SEPARATORS, '')))].filter(Boolean);
}

/**
 * Words that read as the platform's own staff. Refused anywhere in a name (its keys, spaces and punctuation and
 * accents removed, contain one): a scam opener needs only 'Suporte' or 'Admin' in front of anything.
 */
const RESERVED_ANYWHERE = [
  'Mercado Gamer',
  'Suporte',
  'Admin',
  'Moderador',
  'Moderação',
  'Intermediador',
  'Intermediação',
  'Staff',
] as const;

/** Words refused only as the whole name: alone they read as staff, inside a gamer's name they are ordinary. */
const RESERVED_WHOLE = ['Equipe', 'Oficial', 'Equipe Oficial', 'Usuário removido'] as const;

/** A name's reserved-word keys: its skeleton keys without accents (a missing cedilla still reads 'Moderação'). */
const reservedKeys = (name: string) =>
  nameSkeletons(name).map((key) => key.normalize('NFD').replace(MARKS, ''));

/** Each phrase as typed in lower case, upper case and title case, so 'ADMlN' is caught as well as 'Admln'. */
function phraseKeys(phrases: readonly string[]): string[] {
  const forms = phrases.flatMap((phrase) => [
    phrase.toLowerCase(),
    phrase.toUpperCase(),
    phrase.toLowerCase().replace(/(^|\s)\p{L}/gu, (initial) => initial.toUpperCase()),
  ]);
  return [...new Set(forms.flatMap(reservedKeys))];
}

const anywhere = phraseKeys(RESERVED_ANYWHERE);
const whole = new Set(phraseKeys(RESERVED_WHOLE));

/** Whether a name reads as the staff's (see the lists above and the README's 'Names' section). */
export function isReservedName(name: string): boolean {
  return reservedKeys(name).some((key) => whole.has(key) || anywhere.some((phrase) => key.includes(phrase)));
}
