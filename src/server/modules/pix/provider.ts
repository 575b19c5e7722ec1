/** What a PSP says of a charge: `paid` only when the money arrived (API Pix `CONCLUIDA` with its PIX). */
type PixChargeStatus = 'paid' | 'pending' | 'other';

export interface PixChargeReading {
  status: PixChargeStatus;
  /** When paid, the sum received (what the payer's PIX carried); otherwise the amount asked. */
  amountCents: number;
  /** The SPI's id of the payment (32 characters); null until paid. */
  endToEndId: string | null;
}

/**
 * A refund (API Pix `devolucao`) as the PSP confirmed it on reading it back: `done` once the money went
 * back (`DEVOLVIDO`), `processing` while the SPI settles it (`EM_PROCESSAMENTO`). A refund the PSP did not
 * make (`NAO_REALIZADO`) is never a reading: `refund` throws.
 */
interface PixRefundReading {
  /** The SPI's id of the return (API Pix `rtrId`, 32 characters, starting with `D`). */
  returnId: string;
  status: 'done' | 'processing';
  amountCents: number;
}

/** Where the PIX of a protected trade is charged: a static BR Code (`manual`) or a PSP's API Pix. */
export interface PixProvider {
  kind: 'manual' | 'api-pix';
  /** Creates (or re-reads, idempotently) the charge of one trade; returns what the buyer sees. */
  createCharge(input: {
    tradeId: number;
    amountCents: number;
    description: string;
  }): Promise<{ txid: string; copiaECola: string }>;
  /** Reads the charge back from the PSP; null for the manual provider (the intermediary confirms). */
  readCharge(txid: string): Promise<PixChargeReading | null>;
  /**
   * Sends `amountCents` of the PIX `paymentEndToEndId` back to its payer under `refundId`
   * (`refundIdFor(tradeId)`), then reads it back. The PSP keeps one refund per id, so calling again with the
   * same id reaches the same refund and never pays twice. Null for the manual provider (staff refund by
   * hand). Throws an AppError when the PSP refuses (`CONFLICT`), fails or answers something that does not
   * match what was asked (`PIX_UNAVAILABLE`); then nothing may be recorded.
   */
  refund(input: {
    paymentEndToEndId: string;
    refundId: string;
    amountCents: number;
  }): Promise<PixRefundReading | null>;
}

/** Every refund id of ours starts with it. */
const REFUND_ID_PREFIX = 'MGREFUND';
/** A trade id has at most 16 digits (Number.MAX_SAFE_INTEGER); padded, every refund id has the same length. */
const REFUND_ID_DIGITS = 20;

/**
 * The id of a trade's refund (`PUT /pix/{e2eid}/devolucao/{id}`, which requires `[a-zA-Z0-9]{1,35}`):
 * `MGREFUND` + the trade id padded to 20 digits, 28 characters. 42 → `MGREFUND00000000000000000042`.
 * The same for every attempt, so a retry after a timeout reaches the refund already made.
 */
export function refundIdFor(tradeId: number): string {
  if (!Number.isSafeInteger(tradeId) || tradeId <= 0) throw new RangeError(`invalid trade id: ${tradeId}`);
  return REFUND_ID_PREFIX + String(tradeId).padStart(REFUND_ID_DIGITS, '0');
}
