export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

const URL_PATTERN = /\b(?:https?:\/\/|www\.)[^\s<>"']+/gi;
/** Punctuation that ends a sentence rather than the address ('veja https://x.com.'). */
const TRAILING = /[.,;:!?)\]}]+$/;

/**
 * Splits plain text into text and web links, so a page can render links as anchors and everything
 * else as text. Only http(s) addresses become links: no `javascript:` or other scheme can.
 */
export function linkify(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const raw = match[0].replace(TRAILING, '');
    const start = match.index;
    if (start > last) parts.push({ kind: 'text', text: text.slice(last, start) });
    const href = raw.toLowerCase().startsWith('www.') ? `https://${raw}` : raw;
    parts.push({ kind: 'link', text: raw, href });
    last = start + raw.length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}
