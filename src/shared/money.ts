const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/** 1999 → 'R$ 19,99' (part 1 §9: cents in storage, pt-BR currency at the edge). */
export function formatPrice(cents: number): string {
  return brl.format(cents / 100);
}

/**
 * Reads a price typed in reais as cents: other characters are dropped, the comma is the decimal point,
 * and a dot followed by exactly three digits is a thousands separator ('1.500' = 1500, '1.500,90').
 * Returns NaN when nothing numeric is left.
 */
export function parsePriceCents(text: string): number {
  let s = text.replace(/[^\d.,]/g, '');
  if (s.includes(',')) s = s.replace(/\./g, '').replace(',', '.');
  else if (/^\d{1,3}(\.\d{3})+$/.test(s)) s = s.replace(/\./g, '');
  if (!/^\d*\.?\d*$/.test(s) || !/\d/.test(s)) return Number.NaN;
  return Math.round(Number(s) * 100);
}
