import { confirmFromProvider, type PixProvider, refundIdFor } from '../pix';
import { drawQrSvg } from '../pix/br-code';
import type { TradePix } from './service';

/** The trades' view of a PIX provider: charges, read-back confirmation, refunds and the QR drawing. */
export function tradePixOf(provider: PixProvider): TradePix {
  return {
    automatic: provider.kind === 'api-pix',
    createCharge: (input) => provider.createCharge(input),
    confirmedPayment: (txid, amountCents) => confirmFromProvider(provider, txid, { amountCents }),
    refund: async ({ tradeId, paymentEndToEndId, amountCents }) => {
      const reading = await provider.refund({
        paymentEndToEndId,
        refundId: refundIdFor(tradeId),
        amountCents,
      });
      return reading && { returnId: reading.returnId };
    },
    drawQr: drawQrSvg,
  };
}
