import type { PixKeyType } from '@shared/pix';

/**
 * Where a due payout is sent (issue 36): `manual` (staff pay from the bank on 'Repasses' and type the E2E id) or a
 * PSP's send API (`efi`: `PUT /v3/gn/pix/{idEnvio}`). Asaas (`/v3/transfers`, `externalReference`) and Stark Bank
 * (`externalId`) fit the same shape: one send per id of ours, a reading by that id, a listing for the day.
 */

/** One send, as the PSP receives it. */
export interface PayoutOrder {
  /** Our id of this send, derived from the trade (`[a-zA-Z0-9]{1,35}`): the PSP keeps one send per id. */
  id: string;
  tradeId: number;
  amountCents: number;
  /** The key fixed on the trade when its payout became due, never the seller's current one. */
  key: { type: PixKeyType; value: string };
  /** The seller's payout identity: the PSP refuses a key that does not belong to this document. */
  holder: { name: string; document: { kind: 'cpf' | 'cnpj'; number: string } };
}

/** What the PSP says of one send. `refused`: no money moved and that id is spent (Efí `NAO_REALIZADO`). */
export type PayoutReading =
  | { status: 'processing' }
  | { status: 'paid'; endToEndId: string; paidAt: Date; amountCents: number }
  | { status: 'refused'; reason: string };

/** One send in the PSP's listing of a day, for the reconciliation. */
export interface PayoutSent {
  id: string;
  amountCents: number;
  key: string;
  endToEndId: string | null;
  status: PayoutReading['status'];
}

export interface PayoutProvider {
  kind: 'manual' | 'efi';
  /** False for `manual`: due payouts wait on the 'Repasses' desk for a person. */
  automatic: boolean;
  /** Idempotent per `order.id`. Throws `PayoutUnavailable` when the outcome is unknown (5xx, timeout, network). */
  send(order: PayoutOrder): Promise<PayoutReading>;
  /** Reads one send back by our id; null when the PSP has none under it (the send never reached it). */
  read(id: string): Promise<PayoutReading | null>;
  /** The sends the PSP made in [from, to), for the daily reconciliation. */
  listSent(range: { from: Date; to: Date }): Promise<PayoutSent[]>;
}

/** The PSP could not be asked or did not answer: the send may or may not have been made; read it back later. */
export class PayoutUnavailable extends Error {
  override name = 'PayoutUnavailable';
}
