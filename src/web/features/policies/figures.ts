import { FEE_RATE_BPS, feeCents, formatFeeRate, sellerShareCents } from '@shared/fees';
import { formatPrice } from '@shared/money';

/** 1 → '1 hora', 24 → '24 horas'. */
export function formatHours(hours: number): string {
  return hours === 1 ? '1 hora' : `${hours} horas`;
}

/** '5%', from the constant the ledger applies. */
export const feeRate = formatFeeRate(FEE_RATE_BPS);

/** A worked example of the fee on a R$ 100,00 sale, computed by the same functions as the ledger. */
const exampleCents = 10_000;
export const feeExample = {
  price: formatPrice(exampleCents),
  fee: formatPrice(feeCents(exampleCents)),
  sellerShare: formatPrice(sellerShareCents(exampleCents)),
} as const;
