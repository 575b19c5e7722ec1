import { brCodeTxid } from '@shared/pix-charge';
import { buildStaticBrCode } from './br-code';
import type { PixProvider } from './provider';

export interface ManualPixConfig {
  key: string;
  merchantName: string;
  merchantCity: string;
}

/**
 * A static BR Code to the platform's key, for the trade's amount, with `brCodeTxid(tradeId)` in 62-05.
 * No PSP is asked anything, so nothing confirms the payment but the intermediary (staff) looking at the
 * account: `readCharge` answers null. Likewise no PSP sends a refund: staff return the money by hand and
 * record it, so `refund` answers null.
 */
export function createManualPixProvider(config: ManualPixConfig): PixProvider {
  return {
    kind: 'manual',
    async createCharge({ tradeId, amountCents, description }) {
      const txid = brCodeTxid(tradeId);
      const copiaECola = buildStaticBrCode({ ...config, amountCents, txid, description });
      return { txid, copiaECola };
    },
    async readCharge() {
      return null;
    },
    async refund() {
      return null;
    },
    async readRefund() {
      return null;
    },
  };
}
