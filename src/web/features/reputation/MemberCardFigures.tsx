import { Skeleton } from '@web/components/ui/skeleton';
import { formatCount } from '@web/lib/format';
import { useSellerPage } from './api';
import { formatRating } from './SealBadges';

/**
 * The user menu's card (part 1's user card): level, XP bar, negotiations and rating, from `/api/users/{name}` —
 * the same figures `/u/{name}` shows (its level box and 'Números do vendedor').
 */
export function MemberCardFigures({ username }: { username: string }) {
  const page = useSellerPage(username);
  if (page.isPending) return <Skeleton className="h-[5.5rem] rounded-lg" />;
  if (page.isError || !page.data.level) return null;
  const { level, stats } = page.data;
  return (
    <div className="flex flex-col gap-2.5">
      <div>
        <div className="flex items-baseline justify-between gap-2 text-xs">
          <p className="font-semibold text-fg">Nível {level.level}</p>
          <p className="text-muted">
            {formatCount(level.xpInLevel)} / {formatCount(level.xpForLevel)} XP
          </p>
        </div>
        {/* Inside a menu only its items may have roles (no progressbar): the bar is drawn, its figures are the text above. */}
        <div aria-hidden className="mt-1.5 h-1.5 overflow-hidden rounded-full bg-surface-3">
          <div
            className="h-full rounded-full bg-accent"
            style={{ width: `${Math.min(100, (100 * level.xpInLevel) / Math.max(1, level.xpForLevel))}%` }}
          />
        </div>
        <p className="mt-1 text-[0.7rem] text-subtle">
          Faltam {formatCount(level.xpToNext)} XP para o nível {level.level + 1}
        </p>
      </div>
      {stats && (
        <div className="grid grid-cols-2 gap-2">
          <Figure label="Negociações" value={formatCount(stats.completedTrades)} />
          <Figure
            label="Avaliação"
            value={stats.rating === null ? 'Nenhuma' : `★ ${formatRating(stats.rating)}`}
          />
        </div>
      )}
    </div>
  );
}

/** A figure as plain text, value then label (a menu admits no list or definition roles). */
function Figure({ label, value }: { label: string; value: string }) {
  return (
    <p className="flex flex-col rounded-lg border border-line bg-surface-2 px-2.5 py-1.5">
      <span className="font-display text-sm font-bold text-fg">{value}</span>
      <span className="text-[0.7rem] text-muted">{label}</span>
    </p>
  );
}
