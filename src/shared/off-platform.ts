/**
 * Finds ways to take a trade off the platform in a chat message: Brazilian phone numbers in their common written
 * forms, e-mail addresses, and links (WhatsApp, Telegram and Discord invites among them) to anywhere but the site
 * itself. Pure and dependency-free: the server runs it on every chat message; a hit adds a warning line, never a
 * block (docs/decisions/013-trade-chat.md).
 *
 * Deliberately not flagged: prices ("R$ 1.500,00", "15000,00"), dates ("12/05/2025", "12.05.2025"), years
 * ("2024-2025"), CPF-shaped numbers and codes glued to letters ("MG-12345678"), and an 8-digit landline written
 * without its area code ("3456-7890": too close to codes and quantities).
 */

export type OffPlatformKind = 'phone' | 'email' | 'link';

export interface OffPlatformHit {
  kind: OffPlatformKind;
  /** The text that matched, as written. */
  text: string;
}

/**
 * Optional +55, optional area code (with or without parentheses and a trunk 0), an optional separate leading 9,
 * then 4 + 4 digits; the match is checked by its digits afterwards. Never starts or ends inside a word, a number,
 * a price or a date.
 */
const PHONE =
  /(?<![\w@.,/+-])(?:\+\s?55[\s.-]?|55[\s.-])?(?:\(\s?0?[1-9]{2}\s?\)|0?[1-9]{2})?[\s.-]?(?:9[\s.-]?)?\d{4}[\s.-]?\d{4}(?![\w,/]|[.-]\d)/g;

const EMAIL = /[\w.%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}/gi;
/** "fulano arroba gmail ponto com", "fulano (at) gmail.com". */
const SPELLED_EMAIL =
  /\b[\w.]+\s*(?:\(at\)|\[at\]|\barroba\b)\s*[a-z0-9-]+\s*(?:\.|\bponto\b)\s*[a-z]{2,}\b/gi;

const EXPLICIT_LINK = /\b(?:https?:\/\/|www\.)[^\s<>"']+/gi;
/** A bare domain on a common top-level domain ("wa.me/55…", "discord.gg/abc", "loja.com.br"). */
const BARE_DOMAIN =
  /(?<![\w@.-])(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+(?:com|net|org|gg|me|io|br|ly|app|link|xyz|info|co|tv|site|store|shop|online|vip)(?:\.br)?(?![\w-])(?:\/[^\s<>"']*)?/gi;

const digitsOf = (text: string) => text.replace(/\D/g, '');

/** True when the digits are a Brazilian phone: DDD + 9 + 8 digits, DDD + landline, or a 9-digit mobile. */
function isPhone(match: string): boolean {
  let digits = digitsOf(match);
  const hasCountry = /^\+?\s?55/.test(match.trim()) && digits.length >= 12;
  if (hasCountry) digits = digits.slice(2);
  if ((digits.length === 11 || digits.length === 12) && digits.startsWith('0')) digits = digits.slice(1);
  const validDdd = (ddd: string) => /^[1-9]{2}$/.test(ddd);
  if (digits.length === 11) return validDdd(digits.slice(0, 2)) && digits[2] === '9';
  if (digits.length === 10) return validDdd(digits.slice(0, 2)) && /[2-5]/.test(digits[2] ?? '');
  // Without an area code only a mobile written with a separator ("98765-4321", "9 8765 4321").
  if (digits.length === 9) return !hasCountry && digits.startsWith('9') && /[\s.-]/.test(match.trim());
  return false;
}

/** The host of a link, lower-case, without scheme, "www.", port or path. */
function hostOf(link: string): string {
  return link
    .toLowerCase()
    .replace(/^[a-z]+:\/\//, '')
    .replace(/^www\./, '')
    .split(/[/?#:]/)[0]
    ?.replace(/\.+$/, '') as string;
}

/** A link is the site's own when its host is one of `siteHosts` or under one of them. */
function isOwn(link: string, siteHosts: readonly string[]): boolean {
  const host = hostOf(link);
  return siteHosts.some((own) => {
    const bare = own
      .toLowerCase()
      .replace(/^www\./, '')
      .replace(/:\d+$/, '');
    return host === bare || host.endsWith(`.${bare}`);
  });
}

/** Trailing punctuation of a sentence is not part of a link ("veja loja.com."). */
const trimLink = (link: string) => link.replace(/[.,;:!?)\]]+$/, '');

/**
 * Every off-platform contact in `text`, in the order found (phones, then e-mails, then links). `siteHosts`: the
 * site's own hosts (from PUBLIC_URL), whose links are fine.
 */
export function findOffPlatformContacts(text: string, siteHosts: readonly string[] = []): OffPlatformHit[] {
  const hits: OffPlatformHit[] = [];
  for (const match of text.matchAll(PHONE)) {
    if (isPhone(match[0])) hits.push({ kind: 'phone', text: match[0].trim() });
  }
  // E-mails first, then blanked, so their domain is not counted again as a link.
  let rest = text;
  for (const pattern of [EMAIL, SPELLED_EMAIL]) {
    for (const match of rest.matchAll(pattern)) hits.push({ kind: 'email', text: match[0] });
    rest = rest.replace(pattern, (found) => ' '.repeat(found.length));
  }
  for (const pattern of [EXPLICIT_LINK, BARE_DOMAIN]) {
    for (const match of rest.matchAll(pattern)) {
      const link = trimLink(match[0]);
      if (!isOwn(link, siteHosts)) hits.push({ kind: 'link', text: link });
    }
    rest = rest.replace(pattern, (found) => ' '.repeat(found.length));
  }
  return hits;
}

/** True when `text` carries any off-platform contact. */
export const hasOffPlatformContact = (text: string, siteHosts: readonly string[] = []) =>
  findOffPlatformContacts(text, siteHosts).length > 0;
