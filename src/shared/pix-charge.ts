import { z } from 'zod';
import { pixChargeMessages as m } from './pix-charge-messages';

/** What the buyer sees to pay a trade: the "copia e cola" text and the same text drawn as a QR code. */
export const pixCharge = z.object({
  txid: z.string(),
  amountCents: z.number().int().positive(),
  copiaECola: z.string(),
  /** An `<svg>` document (drawn on the server); shown as an image, never parsed by the browser. */
  qrSvg: z.string(),
});
export type PixCharge = z.infer<typeof pixCharge>;

/** Every txid of ours starts with it, so a PIX that is not a trade's is told apart at a glance. */
const TXID_PREFIX = 'MGTRADE';
/** A trade id has at most 16 digits (Number.MAX_SAFE_INTEGER); padded, both txids keep a fixed length. */
const COB_ID_DIGITS = 20;
const BR_CODE_ID_DIGITS = 16;

function paddedTradeId(tradeId: number, digits: number): string {
  if (!Number.isSafeInteger(tradeId) || tradeId <= 0) throw new RangeError(`invalid trade id: ${tradeId}`);
  return String(tradeId).padStart(digits, '0');
}

/**
 * The txid of a trade's API Pix charge (`PUT /cob/{txid}`, which requires `[a-zA-Z0-9]{26,35}`):
 * `MGTRADE` + the trade id padded to 20 digits, 27 characters. 42 → `MGTRADE00000000000000000042`.
 * The PSP keeps one charge per txid, so asking again for the same trade reaches the same charge.
 */
export function tradeTxid(tradeId: number): string {
  return TXID_PREFIX + paddedTradeId(tradeId, COB_ID_DIGITS);
}

/**
 * The txid written in a static BR Code (field 62-05, at most 25 characters, used by the `manual`
 * provider): `MGTRADE` + the trade id padded to 16 digits, 23 characters. 42 → `MGTRADE0000000000000042`.
 */
export function brCodeTxid(tradeId: number): string {
  return TXID_PREFIX + paddedTradeId(tradeId, BR_CODE_ID_DIGITS);
}

/** The trade a txid of either shape names, or null for a txid that is not one of ours. */
export function tradeIdFromTxid(txid: string): number | null {
  const match = /^MGTRADE(\d{16}|\d{20})$/.exec(txid);
  if (!match?.[1]) return null;
  const id = Number(match[1]);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** A txid as API Pix writes it (`[a-zA-Z0-9]{1,35}` in a received PIX, `{26,35}` in a charge). */
const txid = z.string({ error: m.invalidWebhook }).regex(/^[A-Za-z0-9]{1,35}$/, m.invalidWebhook);
/** Text fields of the notification are bounded: they are only logged, never trusted. */
const text = z.string({ error: m.invalidWebhook }).max(140, m.invalidWebhook);

/**
 * The body the PSP posts to our webhook (API Pix callback `{webhookUrl}/pix`). Only the txids are used:
 * the amount and the status are read back from the PSP (`GET /cob/{txid}`), never from this body.
 * A PIX received without a txid (paid to the key by hand) carries none and is skipped.
 */
export const pixWebhookBody = z.looseObject(
  {
    pix: z
      .array(
        z.looseObject(
          { endToEndId: text, txid: txid.optional(), valor: text.optional(), horario: text.optional() },
          { error: m.invalidWebhook },
        ),
        { error: m.invalidWebhook },
      )
      .min(1, m.invalidWebhook)
      .max(1000, m.invalidWebhook),
  },
  { error: m.invalidWebhook },
);
export type PixWebhookBody = z.infer<typeof pixWebhookBody>;
