import { relativeTime } from '@shared/relative-time';
import type { SellerStats } from '@shared/reviews';
import { cn } from '@web/lib/cn';
import { formatRating } from './SealBadges';

/** '15 min', '2 h', '3 dias': a median answer time for people. */
export function formatResponseTime(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `${hours} h`;
  return `${Math.round(hours / 24)} dias`;
}

/** '1 avaliação', '12 avaliações'. */
export const reviewCountLabel = (count: number) => `${count} ${count === 1 ? 'avaliação' : 'avaliações'}`;

/**
 * The seller's real figures as a small grid: rating, sales, % positive, response time, last seen. A figure
 * without data is left out; with no review at all the rating says 'Novo vendedor'. `withoutRating`: the rating is
 * said elsewhere (the listing's seller card names it as the seller's, apart from the listing's own reviews).
 */
export function SellerFigures({
  stats,
  withoutRating = false,
  className,
}: {
  stats: SellerStats;
  withoutRating?: boolean;
  className?: string;
}) {
  const rating =
    stats.rating === null
      ? { label: 'Avaliação', value: 'Novo vendedor' }
      : { label: reviewCountLabel(stats.reviewCount), value: `★ ${formatRating(stats.rating)}` };
  const figures: { label: string; value: string }[] = [
    ...(withoutRating ? [] : [rating]),
    {
      label: stats.completedSales === 1 ? 'venda concluída' : 'vendas concluídas',
      value: String(stats.completedSales),
    },
    ...(stats.positivePercent === null ? [] : [{ label: 'positivas', value: `${stats.positivePercent}%` }]),
    ...(stats.responseMinutes === null
      ? []
      : [{ label: 'tempo de resposta', value: formatResponseTime(stats.responseMinutes) }]),
    ...(stats.lastSeenAt === null
      ? []
      : [{ label: 'visto por último', value: relativeTime(stats.lastSeenAt) }]),
  ];
  return (
    <dl className={cn('grid grid-cols-2 gap-2', className)}>
      {figures.map((f) => (
        <div
          key={f.label}
          className="flex flex-col-reverse rounded-xl border border-line bg-surface-2 px-3 py-2"
        >
          <dt className="text-xs text-muted">{f.label}</dt>
          <dd className="font-display text-base font-bold text-fg">{f.value}</dd>
        </div>
      ))}
    </dl>
  );
}
