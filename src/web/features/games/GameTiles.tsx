import { busiestGames, listingCountLabel } from '@shared/game-tiles';
import { paths } from '@shared/paths';
import { Skeleton } from '@web/components/ui/skeleton';
import { Link } from 'react-router';
import { useGames } from './api';
import { gameIcon } from './icons';

/**
 * The games with the most active listings as tiles (icon, name, the real count from `/api/games`, the figures the
 * sidebar and category pages use), each going to its category page. A swipeable row on a phone, a grid from 640px;
 * a long name takes two lines rather than being cut.
 */
export function GameTiles({ labelledBy }: { labelledBy: string }) {
  const games = useGames();
  if (games.isError) return null;
  const tiles = games.data ? busiestGames(games.data) : [];
  return (
    <ul
      aria-labelledby={labelledBy}
      aria-busy={games.isPending}
      className="-mx-4 flex snap-x scroll-px-4 gap-2.5 overflow-x-auto px-4 pb-1 [scrollbar-width:none] sm:mx-0 sm:grid sm:grid-cols-4 sm:overflow-visible sm:px-0 sm:pb-0 lg:grid-cols-6"
    >
      {games.isPending
        ? Array.from({ length: 6 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
            <li key={i} className="w-44 shrink-0 sm:w-auto">
              <Skeleton className="h-14 rounded-xl sm:h-16" />
            </li>
          ))
        : tiles.map(({ game, index }) => {
            const Icon = gameIcon(index);
            return (
              <li key={game.id} className="w-44 shrink-0 snap-start sm:w-auto">
                <Link
                  to={paths.category(game.slug)}
                  className="group flex h-full min-h-14 items-center gap-2.5 rounded-xl border border-line bg-surface px-3 py-1.5 transition-colors sm:min-h-16 hover:border-accent/50 hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
                >
                  <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-accent-soft text-accent">
                    <Icon aria-hidden className="size-[1.1rem]" />
                  </span>
                  {/* The whole name, on two lines when it needs them ('Counter-Strike 2' in a six-column row). */}
                  <span className="flex min-w-0 flex-col">
                    <span className="text-sm leading-tight font-semibold break-words text-fg">
                      {game.name}
                    </span>
                    <span className="truncate text-xs text-muted">
                      {listingCountLabel(game.activeListings)}
                    </span>
                  </span>
                </Link>
              </li>
            );
          })}
    </ul>
  );
}
