import { createHash, timingSafeEqual } from 'node:crypto';
import type { PixWebhookBody } from '@shared/pix-charge';
import type { PixProvider } from './provider';

/** Called once per txid a notification names; it reads the charge back itself (`confirmFromProvider`). */
export type OnChargePaid = (txid: string) => Promise<void>;

/** The distinct txids a notification names, in order; a PIX received without a txid names none. */
export function txidsOfWebhook(body: PixWebhookBody): string[] {
  return [...new Set(body.pix.flatMap((pix) => (pix.txid ? [pix.txid] : [])))];
}

/**
 * Whether a notification carries the shared secret, when one is configured (`PIX_WEBHOOK_SECRET`). It
 * travels in the query string, `?hmac=<secret>`, because that is all a PSP lets one put in the URL it
 * calls; register the webhook as `https://<host>/api/pix/webhook?hmac=<secret>`. Beyond it, the PSP's
 * mTLS is checked by the proxy in front of the app, and nothing in a notification is trusted anyway.
 */
export function isWebhookAuthorized(secret: string | undefined, given: string | undefined): boolean {
  if (!secret) return true;
  if (!given) return false;
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(secret), digest(given));
}

/**
 * The payment of a charge, as the PSP tells it when asked: `{ endToEndId }` only when the charge is paid
 * and what arrived is exactly the amount expected; null otherwise (pending, removed, unknown, a different
 * amount, or the manual provider, where the intermediary confirms). This is the only confirmation a
 * trade may act on: a webhook's body proves nothing.
 */
export async function confirmFromProvider(
  provider: PixProvider,
  txid: string,
  expected: { amountCents: number },
): Promise<{ endToEndId: string } | null> {
  const reading = await provider.readCharge(txid);
  if (reading?.status !== 'paid' || !reading.endToEndId) return null;
  if (reading.amountCents !== expected.amountCents) return null;
  return { endToEndId: reading.endToEndId };
}
