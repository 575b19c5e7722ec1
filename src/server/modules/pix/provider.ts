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
 * A refund (API Pix `devolucao`) as the PSP has it when read back: `done` once the money went back
 * (`DEVOLVIDO`), `processing` while the SPI settles it (`EM_PROCESSAMENTO`), `refused` when it was not made
 * (`NAO_REALIZADO`: no money moved, and that id is spent).
 */
export interface PixRefundStatus {
  /** The SPI's id of the return (API Pix `rtrId`, 32 characters, starting with `D`). */
  returnId: string;
  status: 'done' | 'processing' | 'refused';
  amountCents: number;
}
/** What `refund` answers: a refusal is never a reading (it throws). */
type PixRefundReading = PixRefundStatus & { status: 'done' | 'processing' };

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
  /**
   * Reads a refund made with `refund` again (`GET /pix/{e2eid}/devolucao/{id}`): null when the PSP has none
   * under that id (the PUT never reached it). Throws like `refund` when the answer does not match what was asked.
   * Null for the manual provider.
   */
  readRefund(input: {
    paymentEndToEndId: string;
    refundId: string;
    amountCents: number;
  }): Promise<PixRefundStatus | null>;
}

/** Every refund id of ours starts with it. */
const REFUND_ID_PREFIX = 'MGREFUND';
/** A trade id has at most 16 digits (Number.MAX_SAFE_INTEGER); padded, every refund id has the same length. */
const REFUND_ID_DIGITS = 20;

/**
 * The id of a trade's refund (`PUT /pix/{e2eid}/devolucao/{id}`, which requires `[a-zA-Z0-9]{1,35}`):
 * `MGREFUND` + the trade id padded to 20 digits, 28 characters. 42 → `MGREFUND00000000000000000042`.
 * The same for every try of one attempt, so a retry after a timeout reaches the refund already made; after the
 * PSP refused one (`NAO_REALIZADO`, the id spent) the next attempt adds `R` and its number: `…0042R1`.
 */
export function refundIdFor(tradeId: number, attempt = 0): string {
  if (!Number.isSafeInteger(tradeId) || tradeId <= 0) throw new RangeError(`invalid trade id: ${tradeId}`);
  if (!Number.isSafeInteger(attempt) || attempt < 0 || attempt > 999_999) {
    throw new RangeError(`invalid refund attempt: ${attempt}`);
  }
  const id = REFUND_ID_PREFIX + String(tradeId).padStart(REFUND_ID_DIGITS, '0');
  return attempt === 0 ? id : `${id}R${attempt}`;
}
