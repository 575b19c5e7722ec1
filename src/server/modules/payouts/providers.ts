import type { FastifyBaseLogger } from 'fastify';
import type { PayoutConfig } from '../../config';
import { manualPayoutProvider } from './manual';
import type { PayoutProvider } from './provider';

/**
 * The payout provider `PAYOUT_PROVIDER` names (decision 028). Each automatic one is a file of its own here that
 * answers the contract in provider.ts; this is the only place that chooses among them.
 */
export function createPayoutProvider(config: PayoutConfig, _log: FastifyBaseLogger): PayoutProvider {
  switch (config.provider) {
    case 'manual':
      return manualPayoutProvider;
    case 'efi':
      // The payout-efi branch returns its provider here: createEfiPayoutProvider(config.efi, log).
      throw new Error('payouts: PAYOUT_PROVIDER=efi is not available in this build');
  }
}
