import { formatPrice } from './money';

/**
 * The platform's fee on a protected trade (part 2 §9): 5 % of the price, taken from what the seller
 * receives; the buyer pays the listed price and nothing more. In basis points so the rule stays integer.
 */
export const FEE_RATE_BPS = 500;

/**
 * A trade's own rate is fixed when it opens (`trades.fee_rate_bps`): 500, or less for a seller with the Prata
 * (425) or Ouro (350) seal (src/shared/reputation.ts, `feeRateBpsFor`).
 *
 * The fee in cents on a trade of `amountCents`, rounded half up to the cent: 5 % of 10 cents is 0.5 → 1,
 * of 9 cents 0.45 → 0, of 30 cents 1.5 → 2. Integer arithmetic only (amount × 500 is exact below 1.8 × 10^13 cents,
 * far above MAX_PRICE_CENTS), so no float ever decides a cent.
 */
export function feeCents(amountCents: number, rateBps: number = FEE_RATE_BPS): number {
  if (!Number.isSafeInteger(amountCents) || amountCents < 0) {
    throw new RangeError(`feeCents: not a whole, non-negative number of cents: ${amountCents}`);
  }
  if (!Number.isSafeInteger(rateBps) || rateBps < 0 || rateBps > 10_000) {
    throw new RangeError(`feeCents: not a rate in basis points: ${rateBps}`);
  }
  return Math.floor((amountCents * rateBps + 5_000) / 10_000);
}

/** What the seller receives: the rest, so that fee + seller's share = price exactly, to the cent. */
export function sellerShareCents(amountCents: number, rateBps: number = FEE_RATE_BPS): number {
  return amountCents - feeCents(amountCents, rateBps);
}

const percent = new Intl.NumberFormat('pt-BR', { style: 'percent', maximumFractionDigits: 2 });

/** 500 → '5%': the fee as pages show it, from the constant. */
export function formatFeeRate(rateBps: number = FEE_RATE_BPS): string {
  return percent.format(rateBps / 10_000);
}

/** What the buyer reads beside a price (listing page, buy dialog): the buyer pays the price, nothing more. */
export function buyerPaysLine(priceCents: number): string {
  return `Você paga ${formatPrice(priceCents)} por PIX — sem taxa para o comprador`;
}

/** What the seller reads beside an amount (publish form, value step), at their own rate: share and fee. */
export function sellerReceivesLine(amountCents: number, rateBps: number = FEE_RATE_BPS): string {
  return `Você recebe ${formatPrice(sellerShareCents(amountCents, rateBps))} (taxa de ${formatPrice(feeCents(amountCents, rateBps))})`;
}
