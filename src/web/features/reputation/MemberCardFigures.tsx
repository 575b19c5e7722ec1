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
        <progress
          className="mt-1.5 h-1.5 w-full overflow-hidden rounded-full [&::-webkit-progress-bar]:bg-surface-3 [&::-webkit-progress-value]:bg-accent"
          value={level.xpInLevel}
          max={level.xpForLevel}
          aria-label={`Progresso do nível ${level.level}`}
        />
        <p className="mt-1 text-[0.7rem] text-subtle">
          Faltam {formatCount(level.xpToNext)} XP para o nível {level.level + 1}
        </p>
      </div>
      {stats && (
        <dl className="grid grid-cols-2 gap-2">
          <div className="flex flex-col-reverse rounded-lg border border-line bg-surface-2 px-2.5 py-1.5">
            <dt className="text-[0.7rem] text-muted">Negociações</dt>
            <dd className="font-display text-sm font-bold text-fg">{formatCount(stats.completedTrades)}</dd>
          </div>
          <div className="flex flex-col-reverse rounded-lg border border-line bg-surface-2 px-2.5 py-1.5">
            <dt className="text-[0.7rem] text-muted">Avaliação</dt>
            <dd className="font-display text-sm font-bold text-fg">
              {stats.rating === null ? 'Nenhuma' : `★ ${formatRating(stats.rating)}`}
            </dd>
          </div>
        </dl>
      )}
    </div>
  );
}
