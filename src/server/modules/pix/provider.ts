/** What a PSP says of a charge: `paid` only when the money arrived (API Pix `CONCLUIDA` with its PIX). */
export type PixChargeStatus = 'paid' | 'pending' | 'other';

export interface PixChargeReading {
  status: PixChargeStatus;
  /** When paid, the sum received (what the payer's PIX carried); otherwise the amount asked. */
  amountCents: number;
  /** The SPI's id of the payment (32 characters); null until paid. */
  endToEndId: string | null;
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
}
