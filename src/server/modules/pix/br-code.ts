import { generatePixPayload } from '@brazilian-utils/brazilian-utils/generate-pix-payload';
import { MAX_PRICE_CENTS } from '@shared/money';
import { pixChargeMessages as m } from '@shared/pix-charge-messages';
import { AppError } from '../../errors';

export interface BrCodeInput {
  /** The receiver's PIX key (the platform's). */
  key: string;
  /** At most 25 characters; folded to ASCII. */
  merchantName: string;
  /** At most 15 characters; folded to ASCII. */
  merchantCity: string;
  amountCents: number;
  /** Field 62-05: `[A-Za-z0-9]{1,25}` (see `brCodeTxid`). */
  txid: string;
  /** Shown to the payer by some banks; folded to ASCII and cut to what the template holds. */
  description?: string;
}

/** Whether an amount can be charged: whole cents, above zero, within what a listing may ask. */
export function isChargeableAmount(amountCents: number): boolean {
  return Number.isSafeInteger(amountCents) && amountCents > 0 && amountCents <= MAX_PRICE_CENTS;
}

/**
 * The "copia e cola" of a static BR Code for a fixed amount (Manual do BR Code): the key in 26-01,
 * the amount in 54 (`12.34`), the txid in 62-05 and the CRC-16/CCITT-FALSE in 63. Static means the
 * payer's bank does not tie the payment to a charge at a PSP: whoever receives it must confirm it.
 */
export function buildStaticBrCode(input: BrCodeInput): string {
  if (!isChargeableAmount(input.amountCents)) throw new AppError('VALIDATION', m.invalidAmount);
  const payload = generatePixPayload({
    key: input.key,
    merchantName: input.merchantName,
    merchantCity: input.merchantCity,
    amount: input.amountCents / 100,
    txid: input.txid,
    description: input.description,
  });
  // The key, name and city were checked when the configuration was read, and the amount above: a null
  // here is a txid of the wrong shape, a programming error.
  if (payload === null) throw new Error(`BR Code refused (txid ${input.txid})`);
  return payload;
}

/** The QR code of a "copia e cola" as an SVG document (a few KB), drawn on the server. */
export async function drawQrSvg(copiaECola: string): Promise<string> {
  // Loaded at the first charge, not at start-up.
  const { default: QRCode } = await import('qrcode');
  return QRCode.toString(copiaECola, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}
