import { createHash, timingSafeEqual } from 'node:crypto';
import type { PixWebhookBody } from '@shared/pix-charge';
import type { PixProvider } from './provider';

/**
 * Called once per txid a notification names. It must look the txid up among our own charges first and read at
 * the PSP only a known charge still awaiting payment (`confirmFromProvider`): a notification's txids are chosen
 * by whoever sends it, and must cost no call to the PSP when they are not ours.
 */
export type OnChargePaid = (txid: string) => Promise<void>;

/** The distinct txids a notification names, in order; a PIX received without a txid names none. */
export function txidsOfWebhook(body: PixWebhookBody): string[] {
  return [...new Set(body.pix.flatMap((pix) => (pix.txid ? [pix.txid] : [])))];
}

/** What API Pix appends to the registered URL (`{webhookUrl}/pix`), literally: after `?hmac=<secret>`, in the value. */
const CALLBACK_SUFFIX = '/pix';

/**
 * Whether a notification carries the shared secret (`PIX_WEBHOOK_SECRET`; none only under the manual provider,
 * whose webhook does nothing). It travels in the query string, `?hmac=<secret>`, because a PSP lets one choose
 * only the URL it calls. API Pix calls the registered `…/webhook?hmac=<secret>` followed by `/pix`, so the value
 * arrives as `<secret>/pix`; `<secret>` alone (a PSP that does not append) is accepted too. Both are compared
 * every time, each in constant time over digests of equal length, so the answer's timing says nothing of the
 * secret. Beyond it, the PSP's mTLS is checked by the proxy in front of the app, and nothing in a notification
 * is trusted anyway.
 */
export function isWebhookAuthorized(secret: string | undefined, given: string | undefined): boolean {
  if (!secret) return true;
  if (given === undefined) return false;
  const digest = (text: string) => createHash('sha256').update(text).digest();
  const seen = digest(given);
  const asRegistered = timingSafeEqual(digest(secret), seen);
  const asCalledBack = timingSafeEqual(digest(`${secret}${CALLBACK_SUFFIX}`), seen);
  return asRegistered || asCalledBack;
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
