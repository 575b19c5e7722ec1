import { maskPixKey, type PixKeyType, pixKeyTypes } from '@shared/pix';

/** A key fixed on a payout ('type:key') split, or null when none is fixed (or it is not one we know). */
export function splitPayoutKey(stored: string | null): { type: PixKeyType; key: string } | null {
  const at = stored?.indexOf(':') ?? -1;
  const type = stored?.slice(0, at) as PixKeyType | undefined;
  if (!stored || at < 0 || !type || !pixKeyTypes.includes(type)) return null;
  return { type, key: stored.slice(at + 1) };
}

/** The key as the seller and notices show it: masked ('•••.•••.•••-••', 'j•••@gmail.com'). */
export function maskedPayoutKey(stored: string | null): string | null {
  const key = splitPayoutKey(stored);
  return key ? maskPixKey(key.type, key.key) : null;
}
