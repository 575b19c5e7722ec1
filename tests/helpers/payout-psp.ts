import { expect } from 'vitest';
import {
  type PayoutOrder,
  type PayoutProvider,
  type PayoutReading,
  PayoutUnavailable,
} from '../../src/server/modules/payouts/provider';
import { nextEndToEndId } from './e2e-id';

/** How the in-test PSP answers one send. */
export type PspMode =
  | 'paid'
  | 'processing'
  | 'refused'
  /** Nothing reaches the PSP: 5xx, network. */
  | 'unavailable'
  /** The PSP accepts and pays, but the answer is lost (a timeout, a process killed before booking). */
  | 'accepted-then-lost';

/**
 * An in-test payout provider that answers the contract (modules/payouts/provider.ts) in memory: one send per id
 * (a second send of an id returns the first's reading, as Efí's `PUT /v3/gn/pix/{idEnvio}` does), every call
 * counted per id, the mode of each send chosen by the test.
 */
export function inTestPsp() {
  const sends = new Map<string, number>();
  const made = new Map<string, { order: PayoutOrder; reading: PayoutReading }>();
  let modeOf: (order: PayoutOrder) => PspMode = () => 'paid';
  const readingFor = (order: PayoutOrder, mode: PspMode): PayoutReading =>
    mode === 'refused'
      ? { status: 'refused', reason: 'A chave PIX informada não pertence ao CPF do favorecido.' }
      : mode === 'processing'
        ? { status: 'processing' }
        : {
            status: 'paid',
            endToEndId: nextEndToEndId(),
            paidAt: new Date(),
            amountCents: order.amountCents,
          };

  const provider: PayoutProvider = {
    kind: 'efi',
    automatic: true,
    async send(order) {
      expect(order.id).toMatch(/^[a-zA-Z0-9]{1,35}$/);
      expect(order.amountCents).toBeGreaterThan(0);
      expect(order.holder.document.number).toMatch(/^\d{11}$|^[0-9A-Z]{14}$/);
      sends.set(order.id, (sends.get(order.id) ?? 0) + 1);
      const before = made.get(order.id);
      if (before) return before.reading;
      const mode = modeOf(order);
      if (mode === 'unavailable') throw new PayoutUnavailable('PSP indisponível (503)');
      const reading = readingFor(order, mode);
      made.set(order.id, { order, reading });
      if (mode === 'accepted-then-lost') throw new PayoutUnavailable('tempo esgotado após o aceite');
      return reading;
    },
    async read(id) {
      return made.get(id)?.reading ?? null;
    },
    async listSent() {
      return [...made.values()].map(({ order, reading }) => ({
        id: order.id,
        amountCents: order.amountCents,
        key: order.key.value,
        endToEndId: reading.status === 'paid' ? reading.endToEndId : null,
        status: reading.status,
      }));
    },
  };
  return {
    provider,
    sends,
    made,
    /** Sets how the next sends are answered. */
    answer(mode: PspMode | ((order: PayoutOrder) => PspMode)) {
      modeOf = typeof mode === 'function' ? mode : () => mode;
    },
    /** The PSP's answer changes (a send `processing` becomes paid, as its webhook would say). */
    settle(id: string, reading: PayoutReading) {
      const before = made.get(id);
      if (before) made.set(id, { ...before, reading });
    },
    /** The money paid under each trade: the sum of every paid send's amount (a double payment shows here). */
    paidSends: () => [...made.values()].filter((m) => m.reading.status === 'paid'),
  };
}

/** Every seller has a CPF on file (the payout-identity module's part; tests of the sender give theirs). */
export const testIdentityOf = async () => ({
  name: 'Vendedora de Teste',
  document: { kind: 'cpf' as const, number: '52998224725' },
});
