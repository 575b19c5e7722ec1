import type { Group } from '@shared/groups';
import { cn } from '@web/lib/cn';
import { BadgeCheck, Crown } from 'lucide-react';

const badge =
  'inline-flex items-center gap-1 rounded-md border px-1.5 py-0.5 text-[0.7rem] font-semibold leading-none';

/** 'Oficial' and 'VIP', the badges a group may carry. */
export function GroupBadges({
  group,
  className,
}: {
  group: Pick<Group, 'isOfficial' | 'isVip'>;
  className?: string;
}) {
  if (!group.isOfficial && !group.isVip) return null;
  return (
    <span className={cn('flex flex-wrap gap-1.5', className)}>
      {group.isOfficial && (
        <span className={cn(badge, 'border-accent/40 bg-bg/80 text-accent backdrop-blur-sm')}>
          <BadgeCheck aria-hidden className="size-3.5" />
          Oficial
        </span>
      )}
      {group.isVip && (
        <span className={cn(badge, 'border-warning/40 bg-bg/80 text-warning backdrop-blur-sm')}>
          <Crown aria-hidden className="size-3.5" />
          VIP
        </span>
      )}
    </span>
  );
}
