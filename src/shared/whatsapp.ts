/**
 * Part 1 §5: digits only, with Brazil's 55 in front unless it is already there. A number of at most 11
 * digits (DDD + number) always gets it, so DDD 55 (Rio Grande do Sul) is not mistaken for the country code.
 */
export function normalizeWhatsapp(text: string): string {
  const digits = text.replace(/\D/g, '');
  return digits.length > 11 && digits.startsWith('55') ? digits : `55${digits}`;
}

/** A Brazilian mobile or landline with area code: 55 + 2-digit DDD + 8 or 9 digits. */
export function isValidWhatsapp(text: string): boolean {
  return /^55\d{10,11}$/.test(normalizeWhatsapp(text));
}

export function whatsappLink(text: string): string {
  return `https://wa.me/${normalizeWhatsapp(text)}`;
}
