import type { PixCharge } from '@shared/pix-charge';
import type { FastifyBaseLogger } from 'fastify';
import type { PixConfig } from '../../config';
import { createApiPixProvider } from './api-pix-provider';
import { drawQrSvg } from './br-code';
import { createManualPixProvider } from './manual-provider';
import type { PixProvider } from './provider';

export type { PixProvider } from './provider';
export { refundIdFor } from './provider';
export { pixRoutes } from './routes';
export { confirmFromProvider, type OnChargePaid } from './webhook';

/** The provider `PIX_PROVIDER` names: `manual` (static BR Code, staff confirm) or `api-pix` (a PSP). */
export function createPixProvider(config: PixConfig, log?: FastifyBaseLogger): PixProvider {
  if (config.provider === 'manual') return createManualPixProvider(config);
  return createApiPixProvider(
    { ...config.api, key: config.key, expirationSeconds: config.expirationSeconds },
    { log },
  );
}

/** Creates (or re-reads) a trade's charge and draws its QR code: what `GET` of a trade shows the buyer. */
export async function createPixCharge(
  provider: PixProvider,
  input: { tradeId: number; amountCents: number; description: string },
): Promise<PixCharge> {
  const { txid, copiaECola } = await provider.createCharge(input);
  return drawPixCharge({ txid, amountCents: input.amountCents, copiaECola });
}

/** A stored charge (txid, amount, copia e cola) as the buyer sees it, QR code drawn again. */
async function drawPixCharge(charge: Omit<PixCharge, 'qrSvg'>): Promise<PixCharge> {
  return { ...charge, qrSvg: await drawQrSvg(charge.copiaECola) };
}
