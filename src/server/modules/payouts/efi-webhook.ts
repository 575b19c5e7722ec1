import type { EfiSendWebhookBody } from '@shared/payout-efi';
import { ID_ENVIO } from './efi-provider';
import type { PayoutProvider, PayoutReading } from './provider';

/**
 * Called once per idEnvio a notification names. It must look the id up among our own payouts first and read at Efí
 * only one still `sending` (`confirmSend`): a notification's ids are chosen by whoever sends it, and must cost no
 * call to the PSP when they are not ours.
 */
export type OnSendNotified = (idEnvio: string) => Promise<void>;

/** The distinct idEnvio a notification names that could be ours, in order. */
export function idsOfSendWebhook(body: EfiSendWebhookBody): string[] {
  const ids = body.pix.flatMap((item) => {
    const id = item.gnExtras?.idEnvio;
    return id && ID_ENVIO.test(id) ? [id] : [];
  });
  return [...new Set(ids)];
}

/**
 * The trust rule of the payouts' webhook (docs/decisions/028-payouts.md): a notification is only a wake-up. What is
 * booked is what Efí says when asked (`GET /v2/gn/pix/enviados/id-envio/{idEnvio}` over our mTLS, with our token),
 * never what was posted to us: a leaked secret or a replay can make us ask, never make us book. `processing` (or no
 * such send) books nothing; the sending job's read-back asks again later.
 */
export async function confirmSend(
  provider: PayoutProvider,
  idEnvio: string,
): Promise<Exclude<PayoutReading, { status: 'processing' }> | null> {
  const reading = await provider.read(idEnvio);
  if (!reading || reading.status === 'processing') return null;
  return reading;
}
