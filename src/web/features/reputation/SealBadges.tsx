import { paths } from '@shared/paths';
import { type EarnedSeal, sealLabels } from '@shared/reputation';
import type { SellerBadge } from '@shared/reviews';
import { cn } from '@web/lib/cn';
import { type Award, BadgeCheck, Medal, ShieldCheck, Star } from 'lucide-react';
import { Link } from 'react-router';
import { useSellerPage } from './api';

export const sealIcon: Record<EarnedSeal, { Icon: typeof Award; tone: string }> = {
  bronze: { Icon: Medal, tone: 'text-[#d08a4c]' },
  prata: { Icon: Medal, tone: 'text-[#c9d2de]' },
  ouro: { Icon: Medal, tone: 'text-[#ffcc4d]' },
  verificado: { Icon: BadgeCheck, tone: 'text-[#5cc8ff]' },
  autorizado: { Icon: ShieldCheck, tone: 'text-accent' },
};

const pill =
  'inline-flex items-center gap-1 rounded-full border border-line bg-surface-3 px-2 py-px text-[0.7rem] font-semibold text-fg';

/** One seal as a small pill; a link to its page ('/selos/{tipo}') unless it sits inside another link (cards). */
export function SealPill({ seal, linked = false }: { seal: EarnedSeal; linked?: boolean }) {
  const { Icon, tone } = sealIcon[seal];
  const content = (
    <>
      <Icon aria-hidden className={cn('size-3.5', tone)} />
      {sealLabels[seal]}
    </>
  );
  return linked ? (
    <Link
      to={paths.seal(seal)}
      className={cn(
        pill,
        'min-h-6 hover:border-line-strong focus-visible:outline-2 focus-visible:outline-accent',
      )}
    >
      {content}
    </Link>
  ) : (
    <span className={pill}>{content}</span>
  );
}

/** The seals and level beside a seller's name. */
export function SealBadges({
  badge,
  linked = false,
  className,
}: {
  badge: Pick<SellerBadge, 'seals'> & { level?: number | null };
  linked?: boolean;
  className?: string;
}) {
  return (
    <span className={cn('inline-flex flex-wrap items-center gap-1', className)}>
      {badge.seals.map((seal) => (
        <SealPill key={seal} seal={seal} linked={linked} />
      ))}
      {badge.level == null ? null : linked ? (
        <Link to={paths.seal('nivel')} className={cn(pill, 'min-h-6 hover:border-line-strong')}>
          Nível {badge.level}
        </Link>
      ) : (
        <span className={pill}>Nível {badge.level}</span>
      )}
    </span>
  );
}

const decimal = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
export const formatRating = (rating: number) => decimal.format(rating);

/** '★ 4,8 (127)' from real reviews, or 'Novo vendedor' when there are none: never an invented figure. */
export function RatingLine({
  rating,
  reviewCount,
  className,
}: {
  rating: number | null;
  reviewCount: number;
  className?: string;
}) {
  if (rating === null || reviewCount === 0) {
    return <span className={cn('text-xs text-muted', className)}>Novo vendedor</span>;
  }
  return (
    <span className={cn('inline-flex items-center gap-1 text-xs text-muted', className)}>
      <Star aria-hidden className="size-3.5 fill-warning text-warning" />
      <span className="sr-only">Avaliação</span>
      <span className="font-semibold text-fg">{formatRating(rating)}</span>
      <span className="sr-only">de 5,</span>({reviewCount} {reviewCount === 1 ? 'avaliação' : 'avaliações'})
    </span>
  );
}

/** Five stars, filled up to `rating`, read as 'Nota N de 5'. */
export function Stars({ rating, className }: { rating: number; className?: string }) {
  return (
    <span role="img" aria-label={`Nota ${rating} de 5`} className={cn('inline-flex gap-0.5', className)}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          aria-hidden
          className={cn('size-4', n <= rating ? 'fill-warning text-warning' : 'text-line-strong')}
        />
      ))}
    </span>
  );
}

/** A member's seals and level read from their public page, for places that know only the name (forum author). */
export function UserSeals({ username, className }: { username: string; className?: string }) {
  const page = useSellerPage(username);
  if (!page.data) return null;
  return (
    <SealBadges
      badge={{ seals: page.data.seals, level: page.data.level?.level }}
      linked
      className={className}
    />
  );
}
