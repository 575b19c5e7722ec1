/**
 * Seals, levels and the rating sort (part 2 §9, issue 12; docs/decisions/016-reputation.md). Pure: the server
 * computes a member's figures from real trades and reviews, and both sides judge them with these rules.
 */

export const DAY_MS = 24 * 60 * 60 * 1000;

/** What the rules read about one member, all counted by the server (modules/reviews/stats.ts). */
export interface ReputationFigures {
  /** The account may sign in: no suspension (beyond a warning) in force. */
  active: boolean;
  emailVerified: boolean;
  /** A phone number is on the profile (no SMS confirmation exists yet). */
  hasPhone: boolean;
  /** Two-factor verification (authenticator app) is on. */
  twoFactor: boolean;
  /** Full name and phone filled in on '/meus-dados'. */
  profileComplete: boolean;
  /** Whole days since the account was created. */
  accountAgeDays: number;
  /** Completed trades as buyer or seller. */
  completedTrades: number;
  /** Completed trades as seller. */
  completedSales: number;
  /** Published reviews received as seller (what buyers said) and their average; null without any. */
  sellerReviewCount: number;
  sellerRating: number | null;
  /** Published reviews received in either role, and their average; null without any. */
  reviewCount: number;
  rating: number | null;
  /** Reviews the member wrote. */
  reviewsWritten: number;
}

export const sealTypes = ['verificado', 'autorizado', 'nivel', 'bronze', 'prata', 'ouro'] as const;
export type SealType = (typeof sealTypes)[number];
/** The seals a member earns (nivel is a number, not an earned seal). */
export type EarnedSeal = Exclude<SealType, 'nivel'>;
export const isSealType = (value: string): value is SealType =>
  (sealTypes as readonly string[]).includes(value);

export interface Requirement {
  label: string;
  met: boolean;
  /** How far along, e.g. '12 de 25'; absent for yes/no requirements. */
  progress?: { current: number; target: number };
}

const count = (label: string, current: number, target: number): Requirement => ({
  label,
  met: current >= target,
  progress: { current: Math.min(current, target), target },
});
const check = (label: string, met: boolean): Requirement => ({ label, met });
const atLeast = (rating: number | null, min: number) => rating !== null && rating >= min;

/** Part 2 §9 with numbers. Every requirement must be met for the seal. */
export const PRATA = { trades: 25, rating: 4.0, days: 90 } as const;
export const OURO = { trades: 100, rating: 4.7, days: 365 } as const;
export const AUTORIZADO = { sales: 50, ratingAbove: 4.5 } as const;

export function bronzeRequirements(f: ReputationFigures): Requirement[] {
  return [
    check('Conta ativa', f.active),
    check('E-mail confirmado', f.emailVerified),
    check('Perfil completo (nome completo e telefone)', f.profileComplete),
    count('Primeira negociação concluída', f.completedTrades, 1),
  ];
}

export function prataRequirements(f: ReputationFigures): Requirement[] {
  return [
    count(`${PRATA.trades} negociações concluídas`, f.completedTrades, PRATA.trades),
    check('Avaliação média 4,0 ou mais', atLeast(f.rating, PRATA.rating)),
    count(`${PRATA.days} dias (3 meses) de conta`, f.accountAgeDays, PRATA.days),
  ];
}

export function ouroRequirements(f: ReputationFigures): Requirement[] {
  return [
    count(`${OURO.trades} negociações concluídas`, f.completedTrades, OURO.trades),
    check('Avaliação média 4,7 ou mais', atLeast(f.rating, OURO.rating)),
    count(`${OURO.days} dias (1 ano) de conta`, f.accountAgeDays, OURO.days),
  ];
}

export function autorizadoRequirements(f: ReputationFigures): Requirement[] {
  return [
    count(`${AUTORIZADO.sales} vendas concluídas`, f.completedSales, AUTORIZADO.sales),
    check(
      'Avaliação média como vendedor acima de 4,5',
      f.sellerRating !== null && f.sellerRating > AUTORIZADO.ratingAbove,
    ),
  ];
}

/** Verificado: confirmed e-mail, a phone on the profile and two-factor verification on. */
export function verificadoRequirements(f: ReputationFigures): Requirement[] {
  return [
    check('E-mail confirmado', f.emailVerified),
    check('Telefone cadastrado', f.hasPhone),
    check('Verificação em duas etapas ativa', f.twoFactor),
  ];
}

export const requirementsOf: Record<EarnedSeal, (f: ReputationFigures) => Requirement[]> = {
  bronze: bronzeRequirements,
  prata: prataRequirements,
  ouro: ouroRequirements,
  autorizado: autorizadoRequirements,
  verificado: verificadoRequirements,
};

const allMet = (requirements: Requirement[]) => requirements.every((r) => r.met);
export const hasSeal = (seal: EarnedSeal, f: ReputationFigures) => allMet(requirementsOf[seal](f));

/** The seals held, in the order badges show them (the highest tier only: Ouro hides Prata and Bronze). */
export function sealsOf(f: ReputationFigures): EarnedSeal[] {
  const tier = (['ouro', 'prata', 'bronze'] as const).find((s) => hasSeal(s, f));
  return [...(tier ? [tier] : []), ...(['verificado', 'autorizado'] as const).filter((s) => hasSeal(s, f))];
}

/** The platform fee (part 2 §9: 5 %) less the tier's reduction: Prata −15 % → 4,25 %, Ouro −30 % → 3,5 %. */
export const FEE_REDUCTION_PERCENT = { ouro: 30, prata: 15 } as const;
export function feeRateBpsFor(baseBps: number, seals: readonly EarnedSeal[]): number {
  const reduction = seals.includes('ouro')
    ? FEE_REDUCTION_PERCENT.ouro
    : seals.includes('prata')
      ? FEE_REDUCTION_PERCENT.prata
      : 0;
  return (baseBps * (100 - reduction)) / 100;
}

/**
 * XP from real activity: 50 per completed trade (either side), 2 × the stars of each published review received
 * (2 to 10), 5 per review written, and 1 per full week of account age up to 104 (two years).
 */
export const XP = { trade: 50, perStar: 2, reviewWritten: 5, perWeek: 1, maxWeeks: 104 } as const;
export function xpOf(
  f: Pick<ReputationFigures, 'completedTrades' | 'reviewsWritten' | 'accountAgeDays'> & {
    starsReceived: number;
  },
): number {
  return (
    f.completedTrades * XP.trade +
    f.starsReceived * XP.perStar +
    f.reviewsWritten * XP.reviewWritten +
    Math.min(Math.floor(f.accountAgeDays / 7), XP.maxWeeks) * XP.perWeek
  );
}

/** Level L starts at 100 × L × (L − 1) / 2 XP: 1 at 0, 2 at 100, 3 at 300, 4 at 600… (level L → L+1 takes 100 × L). */
export const levelStartXp = (level: number) => (100 * level * (level - 1)) / 2;

export interface Level {
  level: number;
  xp: number;
  /** XP earned inside this level, and what the level takes in all (the bar: 'xpInLevel de xpForLevel'). */
  xpInLevel: number;
  xpForLevel: number;
  xpToNext: number;
}

export function levelOf(xp: number): Level {
  const safe = Math.max(0, Math.floor(xp));
  let level = Math.floor((1 + Math.sqrt(1 + (8 * safe) / 100)) / 2);
  // Guard the float: the level is the largest L with levelStartXp(L) ≤ xp.
  while (levelStartXp(level + 1) <= safe) level += 1;
  while (level > 1 && levelStartXp(level) > safe) level -= 1;
  const start = levelStartXp(level);
  const next = levelStartXp(level + 1);
  return { level, xp: safe, xpInLevel: safe - start, xpForLevel: next - start, xpToNext: next - safe };
}

/** Share of reviews with 4 or 5 stars, 0 to 100, rounded; null without reviews. */
export function positivePercent(positive: number, n: number): number | null {
  return n > 0 ? Math.round((positive / n) * 100) : null;
}

export const sealLabels: Record<SealType, string> = {
  verificado: 'Verificado',
  autorizado: 'Autorizado',
  nivel: 'Nível',
  bronze: 'Bronze',
  prata: 'Prata',
  ouro: 'Ouro',
};
