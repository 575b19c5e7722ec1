import type { PayoutProvider } from './provider';

/**
 * The `manual` provider (the default): nothing is sent by the app. Due payouts wait on 'Repasses', where an
 * admin pays each from the bank to the key shown and types the transfer's E2E id (the trade's `release`).
 */
export const manualPayoutProvider: PayoutProvider = {
  kind: 'manual',
  automatic: false,
  send() {
    throw new Error('payouts: the manual provider sends nothing (staff pay on Repasses)');
  },
  read: async () => null,
  listSent: async () => [],
};
