import { buyerPaysLine, FEE_RATE_BPS, feeCents, sellerReceivesLine, sellerShareCents } from '@shared/fees';
import { MAX_PRICE_CENTS } from '@shared/money';
import { isLowOffer, LOW_OFFER_RATIO } from '@shared/offer-constants';
import { describe, expect, it } from 'vitest';

describe('feeCents (5 %, half a cent rounds up)', () => {
  it('is 5 %', () => {
    expect(FEE_RATE_BPS).toBe(500);
    expect(feeCents(10_000)).toBe(500);
  });

  it.each([
    [0, 0],
    [1, 0], // 0.05
    [9, 0], // 0.45
    [10, 1], // 0.5: half rounds up
    [19, 1], // 0.95
    [20, 1], // exact
    [21, 1], // 1.05
    [29, 1], // 1.45
    [30, 2], // 1.5: half rounds up
    [1999, 100], // 99.95
    [MAX_PRICE_CENTS, 5_000_000],
    [MAX_PRICE_CENTS - 1, 5_000_000], // 4_999_999.95
  ])('fee of %i cents is %i', (amount, fee) => {
    expect(feeCents(amount)).toBe(fee);
  });

  it('fee + seller share = price, for every price up to R$ 100,00 and around the maximum', () => {
    for (let amount = 0; amount <= 10_000; amount++) {
      expect(feeCents(amount) + sellerShareCents(amount)).toBe(amount);
      expect(Math.abs(feeCents(amount) - amount * 0.05)).toBeLessThanOrEqual(0.5);
    }
    for (let amount = MAX_PRICE_CENTS - 100; amount <= MAX_PRICE_CENTS; amount++) {
      expect(feeCents(amount) + sellerShareCents(amount)).toBe(amount);
    }
  });

  it('refuses what is not a whole number of cents', () => {
    expect(() => feeCents(1.5)).toThrow(RangeError);
    expect(() => feeCents(-1)).toThrow(RangeError);
    expect(() => feeCents(Number.NaN)).toThrow(RangeError);
  });
});

describe('the money lines (issue 34)', () => {
  // Intl puts a no-break space after 'R$'.
  const plain = (text: string) => text.replace(/\u00a0/g, ' ');

  it('tells the buyer the price is all they pay', () => {
    expect(plain(buyerPaysLine(34_990))).toBe('Você paga R$ 349,90 por PIX — sem taxa para o comprador');
  });

  it('tells the seller the share and the fee at their rate, summing to the amount', () => {
    expect(plain(sellerReceivesLine(34_990))).toBe('Você recebe R$ 332,40 (taxa de R$ 17,50)');
    // Prata: 4,25 %.
    expect(plain(sellerReceivesLine(10_000, 425))).toBe('Você recebe R$ 95,75 (taxa de R$ 4,25)');
  });
});

describe('isLowOffer', () => {
  it('is an offer under half the price, the half itself not', () => {
    expect(LOW_OFFER_RATIO).toBe(0.5);
    expect(isLowOffer(17_494, 34_990)).toBe(true);
    expect(isLowOffer(17_495, 34_990)).toBe(false);
    expect(isLowOffer(17_496, 34_990)).toBe(false);
  });
});
