import type { FastifyBaseLogger } from 'fastify';
import type { PayoutConfig } from '../../config';
import { createEfiProvider } from './efi-provider';
import { manualPayoutProvider } from './manual';
import type { PayoutProvider } from './provider';

/**
 * The payout provider `PAYOUT_PROVIDER` names (decision 028). Each automatic one is a file of its own here that
 * answers the contract in provider.ts; this is the only place that chooses among them.
 */
export function createPayoutProvider(config: PayoutConfig, log: FastifyBaseLogger): PayoutProvider {
  switch (config.provider) {
    case 'manual':
      return manualPayoutProvider;
    case 'efi':
      // readEfiConfig made PAYOUT_PROVIDER=efi without its settings stop the start, naming them.
      if (!config.efi) throw new Error('payouts: PAYOUT_PROVIDER=efi sem as configurações EFI_*');
      // Its certificate is read now: an unreadable one stops the start, naming EFI_CERT_PATH.
      return createEfiProvider(config.efi, { log });
  }
}
