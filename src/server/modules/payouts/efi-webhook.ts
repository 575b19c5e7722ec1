import type { EfiSendWebhookBody } from '@shared/payout-efi';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { payouts } from '../../db/schema';
import { ID_ENVIO } from './efi-provider';
import type { PayoutProvider, PayoutReading } from './provider';
import { type PayoutRecorded, recordPayoutResult } from './record';

/**
 * Called once per idEnvio a notification names (not awaited by the route: Efí gets its 200 at once). It looks the id
 * up among our own payouts first and reads at Efí only one still `sending` under it: a notification's ids are
 * chosen by whoever sends it, and must cost no call to the PSP when they are not ours.
 */
export type OnSendNotified = (idEnvio: string) => Promise<PayoutRecorded | null>;

/** The distinct idEnvio a notification names that could be ours, in order. */
export function idsOfSendWebhook(body: EfiSendWebhookBody): string[] {
  const ids = body.pix.flatMap((item) => {
    const id = item.gnExtras?.idEnvio;
    return id && ID_ENVIO.test(id) ? [id] : [];
  });
  return [...new Set(ids)];
}

/**
 * The trust rule of the payouts' webhook (docs/decisions/033-payouts-psp.md): a notification is only a wake-up. What is
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

/**
 * The webhook's callback: our payout `sending` under this id, read back, booked once through `recordPayoutResult`
 * (which is itself guarded by the payout being `sending` under this very id, so a duplicate, a replay or a race
 * with the sender job's read-back books nothing more). Null: not ours, or nothing to book yet.
 */
export function onSendNotifiedFor(db: Db, provider: PayoutProvider, now?: () => Date): OnSendNotified {
  return async (idEnvio) => {
    const [ours] = await db
      .select({ id: payouts.id })
      .from(payouts)
      .where(and(eq(payouts.pspId, idEnvio), eq(payouts.state, 'sending')));
    if (!ours) return null;
    const reading = await confirmSend(provider, idEnvio);
    if (!reading) return null;
    return recordPayoutResult(db, idEnvio, reading, now);
  };
}
