import { FEE_RATE_BPS, feeCents, formatFeeRate, sellerShareCents } from '@shared/fees';
import { formatPrice } from '@shared/money';
import { feeRateBpsFor } from '@shared/reputation';

/** 1 → '1 hora', 24 → '24 horas'. */
export function formatHours(hours: number): string {
  return hours === 1 ? '1 hora' : `${hours} horas`;
}

/** '5%', from the constant the ledger applies. */
export const feeRate = formatFeeRate(FEE_RATE_BPS);

/** The reduced rates of the Prata and Ouro seals ('4,25%', '3,5%'), from the rule the trades apply. */
export const sealFeeRates = {
  prata: formatFeeRate(feeRateBpsFor(FEE_RATE_BPS, ['prata'])),
  ouro: formatFeeRate(feeRateBpsFor(FEE_RATE_BPS, ['ouro'])),
} as const;

/** '4,25% para vendedores com o selo Prata e 3,5% com o selo Ouro': said wherever the fee is. */
export const sealFeeNote = `${sealFeeRates.prata} para vendedores com o selo Prata e ${sealFeeRates.ouro} com o selo Ouro`;

/** A worked example of the fee on a R$ 100,00 sale, computed by the same functions as the ledger. */
const exampleCents = 10_000;
export const feeExample = {
  price: formatPrice(exampleCents),
  fee: formatPrice(feeCents(exampleCents)),
  sellerShare: formatPrice(sellerShareCents(exampleCents)),
} as const;
