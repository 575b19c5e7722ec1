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
 * The version of the folding below, written in front of every stored key (`profiles.name_skeletons`). Bump it when
 * the folding changes: at start, `backfillNameSkeletons` recomputes every profile whose keys lack it, so an older
 * name is compared by the same rules as a new one. 2: combining marks folded (issue 33).
 */
export const NAME_KEYS_PREFIX = '2:';

/**
 * A name's comparison keys, without the version: spaces, punctuation and combining marks removed, so a dot under
 * a letter ('Anạ') or an accent ('Joao' for 'João') does not tell two names apart. Two keys because a capital 'I'
 * looks like a lower-case 'l' ('lsabela' passes for 'Isabela') while it is the same letter as 'i' to the
 * case-blind comparison ('ISABELA' is 'isabela'): one key lower-cases before the skeleton, the other after it.
 */
function foldedKeys(name: string): string[] {
  const text = normalizeName(name);
  const caseless = skeleton(skeleton(text.toLowerCase()).toLowerCase());
  const cased = skeleton(skeleton(text).toLowerCase());
  return [...new Set([caseless, cased].map((key) => key.replace(SEPARATORS, '').replace(MARKS, '')))].filter(
    Boolean,
  );
}

/** The keys two names are compared by, as stored: they look alike when any key is shared. */
export function nameSkeletons(name: string): string[] {
  return foldedKeys(name).map((key) => NAME_KEYS_PREFIX + key);
}

/**
 * Words that read as the platform's own staff. Refused anywhere in a name (its keys contain one): a scam opener
 * needs only 'Suporte' or 'Admin' in front of anything. 'Mediador' and 'Mediação' cover 'Intermediador' and
 * 'Intermediação'.
 */
const RESERVED_ANYWHERE = [
  'Mercado Gamer',
  'Suporte',
  'Admin',
  'Moderador',
  'Moderação',
  'Mediador',
  'Mediação',
  'Intermediário',
  'Staff',
  'Atendimento',
  'Financeiro',
  'Ouvidoria',
  'Segurança',
] as const;

/** Words refused only as the whole name: alone they read as staff, inside a gamer's name they are ordinary. */
const RESERVED_WHOLE = ['Equipe', 'Oficial', 'Equipe Oficial', 'Usuário removido', 'MG'] as const;

/**
 * Words that read as a team of the platform with its initials: 'Equipe MG', 'MG Oficial'. 'MG' after a name of
 * one's own ('Zeca MG') stays: it is also Minas Gerais.
 */
const TEAM_WORDS = [
  'Equipe',
  'Time',
  'Team',
  'Oficial',
  'Central',
  'Ajuda',
  'Contato',
  'Pagamentos',
] as const;

/**
 * Digits and signs typed for letters ('M3rcado', 'Sup0rte', '$uporte', '@dmin'); '1' and '!' read as 'i' or 'l',
 * so a name has two such readings. Used for the staff words only: between members '1' and 'l' already tie by
 * their skeleton, and 'Time4' is not 'Timea'.
 */
const LEET: Record<string, string> = {
  '0': 'o',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '6': 'g',
  '7': 't',
  '8': 'b',
  '9': 'g',
  '@': 'a',
  $: 's',
  '€': 'e',
  '|': 'l',
};
const LEET_CHARACTER = /[03456789@$€1!|]/u;
const leetReadings = (text: string) =>
  ['i', 'l'].map((one) => text.replace(new RegExp(LEET_CHARACTER.source, 'gu'), (c) => LEET[c] ?? one));

/** A name's reserved-word keys: its keys as typed and as leetspeak read in lower case. */
function reservedKeys(name: string): string[] {
  const text = normalizeName(name);
  if (!LEET_CHARACTER.test(text)) return foldedKeys(text);
  return [...new Set([text, ...leetReadings(text.toLowerCase())].flatMap(foldedKeys))];
}

/** Each phrase as typed in lower case, upper case and title case, so 'ADMlN' is caught as well as 'Admln'. */
function phraseKeys(phrases: readonly string[]): string[] {
  const forms = phrases.flatMap((phrase) => [
    phrase.toLowerCase(),
    phrase.toUpperCase(),
    phrase.toLowerCase().replace(/(^|\s)\p{L}/gu, (initial) => initial.toUpperCase()),
  ]);
  return [...new Set(forms.flatMap(foldedKeys))];
}

const anywhere = phraseKeys(RESERVED_ANYWHERE);
const whole = new Set(
  phraseKeys([...RESERVED_WHOLE, ...TEAM_WORDS.flatMap((word) => [`${word} MG`, `MG ${word}`])]),
);

/** Whether a name reads as the staff's (see the lists above and the README's 'Names' section). */
export function isReservedName(name: string): boolean {
  return reservedKeys(name).some((key) => whole.has(key) || anywhere.some((phrase) => key.includes(phrase)));
}
