import { confirmFromProvider, type PixProvider } from '../pix';
import { drawQrSvg } from '../pix/br-code';
import type { TradePix } from './service';

/** The trades' view of a PIX provider: charges, read-back confirmation, refunds and the QR drawing. */
export function tradePixOf(provider: PixProvider): TradePix {
  return {
    automatic: provider.kind === 'api-pix',
    createCharge: (input) => provider.createCharge(input),
    confirmedPayment: (txid, amountCents) => confirmFromProvider(provider, txid, { amountCents }),
    refund: (input) => provider.refund(input),
    readRefund: (input) => provider.readRefund(input),
    drawQr: drawQrSvg,
  };
}
