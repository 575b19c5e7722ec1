import {
  feeRateBpsFor,
  hasSeal,
  levelOf,
  levelStartXp,
  positivePercent,
  type ReputationFigures,
  sealsOf,
  xpOf,
} from '@shared/reputation';
import { describe, expect, it } from 'vitest';

/** A member who meets every rule of every seal by a wide margin; each test moves one figure to its boundary. */
const strong: ReputationFigures = {
  active: true,
  emailVerified: true,
  hasPhone: true,
  twoFactor: true,
  profileComplete: true,
  accountAgeDays: 1000,
  completedTrades: 500,
  completedSales: 300,
  sellerReviewCount: 200,
  sellerRating: 4.9,
  reviewCount: 250,
  rating: 4.9,
  reviewsWritten: 100,
};
const w = (changes: Partial<ReputationFigures>): ReputationFigures => ({ ...strong, ...changes });

describe('Bronze', () => {
  it('needs an active account, a confirmed e-mail, a complete profile and a first trade', () => {
    expect(hasSeal('bronze', w({ completedTrades: 1 }))).toBe(true);
    expect(hasSeal('bronze', w({ completedTrades: 0 }))).toBe(false);
    expect(hasSeal('bronze', w({ emailVerified: false }))).toBe(false);
    expect(hasSeal('bronze', w({ profileComplete: false }))).toBe(false);
    expect(hasSeal('bronze', w({ active: false }))).toBe(false);
  });
});

describe('Prata', () => {
  it('needs 25 trades, rating 4.0 and 90 days, each at its boundary', () => {
    expect(hasSeal('prata', w({ completedTrades: 25, rating: 4.0, accountAgeDays: 90 }))).toBe(true);
    expect(hasSeal('prata', w({ completedTrades: 24 }))).toBe(false);
    expect(hasSeal('prata', w({ rating: 3.99 }))).toBe(false);
    expect(hasSeal('prata', w({ accountAgeDays: 89 }))).toBe(false);
    expect(hasSeal('prata', w({ rating: null, reviewCount: 0 }))).toBe(false);
  });
});

describe('Ouro', () => {
  it('needs 100 trades, rating 4.7 and 365 days, each at its boundary', () => {
    expect(hasSeal('ouro', w({ completedTrades: 100, rating: 4.7, accountAgeDays: 365 }))).toBe(true);
    expect(hasSeal('ouro', w({ completedTrades: 99 }))).toBe(false);
    expect(hasSeal('ouro', w({ rating: 4.69 }))).toBe(false);
    expect(hasSeal('ouro', w({ accountAgeDays: 364 }))).toBe(false);
  });
});

describe('Autorizado', () => {
  it('needs 50 sales and a seller rating above 4.5 (4.5 itself is not enough)', () => {
    expect(hasSeal('autorizado', w({ completedSales: 50, sellerRating: 4.51 }))).toBe(true);
    expect(hasSeal('autorizado', w({ completedSales: 49 }))).toBe(false);
    expect(hasSeal('autorizado', w({ sellerRating: 4.5 }))).toBe(false);
    expect(hasSeal('autorizado', w({ sellerRating: null }))).toBe(false);
  });
});

describe('Verificado', () => {
  it('needs a confirmed e-mail, a phone and two-factor on', () => {
    expect(hasSeal('verificado', strong)).toBe(true);
    expect(hasSeal('verificado', w({ hasPhone: false }))).toBe(false);
    expect(hasSeal('verificado', w({ emailVerified: false }))).toBe(false);
    expect(hasSeal('verificado', w({ twoFactor: false }))).toBe(false);
    expect(sealsOf(w({ twoFactor: false }))).not.toContain('verificado');
  });
});

describe('sealsOf and the fee', () => {
  it('shows only the highest tier, and reduces the 5 % fee by 15 % (Prata) or 30 % (Ouro)', () => {
    expect(sealsOf(strong)).toEqual(['ouro', 'verificado', 'autorizado']);
    const prata = w({ completedTrades: 99 });
    expect(sealsOf(prata)[0]).toBe('prata');
    expect(sealsOf(w({ completedTrades: 1, rating: 3 }))[0]).toBe('bronze');
    expect(feeRateBpsFor(500, ['ouro'])).toBe(350);
    expect(feeRateBpsFor(500, ['prata', 'verificado'])).toBe(425);
    expect(feeRateBpsFor(500, ['bronze', 'autorizado'])).toBe(500);
    expect(feeRateBpsFor(500, [])).toBe(500);
  });
});

describe('levels', () => {
  it('starts level L at 100 × L × (L − 1) / 2 XP', () => {
    expect(levelOf(0)).toEqual({ level: 1, xp: 0, xpInLevel: 0, xpForLevel: 100, xpToNext: 100 });
    expect(levelOf(99).level).toBe(1);
    expect(levelOf(100).level).toBe(2);
    expect(levelOf(299).level).toBe(2);
    expect(levelOf(300)).toMatchObject({ level: 3, xpInLevel: 0, xpForLevel: 300, xpToNext: 300 });
    expect(levelOf(levelStartXp(15) - 1).level).toBe(14);
    expect(levelOf(levelStartXp(15)).level).toBe(15);
    expect(levelOf(-5).level).toBe(1);
  });

  it('earns XP from trades, stars received, reviews written and weeks of age (capped at 104)', () => {
    expect(xpOf({ completedTrades: 2, starsReceived: 9, reviewsWritten: 1, accountAgeDays: 13 })).toBe(
      100 + 18 + 5 + 1,
    );
    expect(xpOf({ completedTrades: 0, starsReceived: 0, reviewsWritten: 0, accountAgeDays: 3650 })).toBe(104);
  });
});

describe('the share of positive reviews', () => {
  it('is a rounded percentage, null without reviews', () => {
    expect(positivePercent(2, 3)).toBe(67);
    expect(positivePercent(0, 0)).toBeNull();
  });
});
