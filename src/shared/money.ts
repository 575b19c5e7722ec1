const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/** 1999 → 'R$ 19,99' (part 1 §9: cents in storage, pt-BR currency at the edge). */
export function formatPrice(cents: number): string {
  return brl.format(cents / 100);
}

/**
 * The highest price a listing may ask, and the highest a search filter accepts: R$ 1.000.000,00. Ten
 * thousand times a typical rare skin, and far below the int4 column's R$ 21.474.836,47.
 */
export const MAX_PRICE_CENTS = 100_000_000;

/**
 * Reads a price typed in reais as cents: an optional 'R$' and spaces around digits, the comma is the
 * decimal point, and a dot followed by exactly three digits is a thousands separator ('1.500' = 1500,
 * '1.500,90'). Anything else ('-5', '1e308', '12abc') is not a price: returns NaN, never a guess. Nor is a
 * fraction of a cent ('10,999'): rounding it would charge an amount the member did not type.
 */
export function parsePriceCents(text: string): number {
  let s = text.replace(/^\s*R\$/i, '').replace(/\s/g, '');
  if (!/^[\d.,]+$/.test(s)) return Number.NaN;
  if (s.includes(',')) s = s.replace(/\./g, '').replace(',', '.');
  else if (/^\d{1,3}(\.\d{3})+$/.test(s)) s = s.replace(/\./g, '');
  if (!/^\d*(\.\d{0,2})?$/.test(s) || !/\d/.test(s)) return Number.NaN;
  return Math.round(Number(s) * 100);
}
