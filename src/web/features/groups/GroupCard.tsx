import type { Group } from '@shared/groups';
import { cn } from '@web/lib/cn';
import { ChevronRight, Gamepad2, UsersRound } from 'lucide-react';
import { GroupBadges } from './GroupBadges';
import { GroupImage } from './GroupImage';
import { membersLabel } from './labels';

export const groupImageSizes =
  '(min-width: 1280px) 300px, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 112px';

/**
 * A group in the grid. The title's button stretches over the whole card, so the card opens the detail
 * dialog while keeping a heading and a real button (a heading inside a button is not allowed).
 */
export function GroupCard({
  group,
  onOpen,
  priority,
}: {
  group: Group;
  onOpen: (group: Group) => void;
  priority?: boolean;
}) {
  return (
    <article
      className={cn(
        'group relative flex h-full overflow-hidden rounded-2xl border border-line bg-surface transition-[border-color,transform,box-shadow] duration-150',
        'hover:-translate-y-0.5 hover:border-accent/50 hover:shadow-[0_8px_30px_-12px_rgb(61_255_154/0.35)]',
        // A row on phones (the picture beside the text keeps the list short), a tile from 640px.
        'flex-row sm:flex-col',
        'has-[button:focus-visible]:outline-2 has-[button:focus-visible]:outline-offset-2 has-[button:focus-visible]:outline-accent',
      )}
    >
      <div className="relative w-28 shrink-0 sm:w-full">
        <GroupImage
          image={group.image}
          sizes={groupImageSizes}
          priority={priority}
          className="h-full min-h-36 sm:aspect-video sm:h-auto sm:min-h-0"
        />
        <GroupBadges group={group} className="absolute top-2 left-2 sm:top-2.5 sm:left-2.5" />
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1 p-3.5 sm:gap-1.5 sm:p-4">
        <p className="flex min-w-0 items-center gap-1.5 text-xs font-medium text-accent">
          <Gamepad2 aria-hidden className="size-3.5 shrink-0" />
          <span className="truncate">{group.gameCategory}</span>
        </p>
        <h3 className="line-clamp-2 leading-snug font-semibold text-fg">
          <button
            type="button"
            onClick={() => onOpen(group)}
            className="text-left after:absolute after:inset-0 after:content-[''] focus-visible:outline-none"
          >
            {group.title}
          </button>
        </h3>
        <p className="line-clamp-2 text-sm text-muted">{group.description}</p>
        <div className="mt-auto flex items-center justify-between gap-2 pt-2 text-xs sm:pt-3">
          <span className="flex items-center gap-1.5 text-subtle">
            <UsersRound aria-hidden className="size-3.5" />
            {membersLabel(group.memberCount)}
          </span>
          <span
            aria-hidden
            className="flex items-center gap-0.5 font-medium text-muted transition-colors group-hover:text-accent"
          >
            Ver detalhes
            <ChevronRight className="size-3.5" />
          </span>
        </div>
      </div>
    </article>
  );
}
