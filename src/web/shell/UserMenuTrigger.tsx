import type { Me } from '@shared/accounts';
import { UserAvatar } from '@web/components/ui/avatar';
import { cn } from '@web/lib/cn';
import { ChevronDown } from 'lucide-react';
import type { ComponentProps } from 'react';

export interface UserMenuProps {
  user: Me;
  /** Only the avatar (the mobile top bar); the nickname is then there for screen readers only. */
  compact?: boolean;
}

export interface UserMenuTriggerProps extends UserMenuProps, ComponentProps<'button'> {}

/** The button that opens the user menu: avatar and nickname. Its accessible name is the nickname. */
export function UserMenuTrigger({ user, compact = false, className, ...props }: UserMenuTriggerProps) {
  return (
    <button
      type="button"
      aria-haspopup="menu"
      className={cn(
        'group flex items-center gap-2.5 rounded-full transition-colors hover:bg-surface-3 data-[state=open]:bg-surface-3',
        compact ? 'p-1' : 'py-1 pr-3 pl-1',
        className,
      )}
      {...props}
    >
      <UserAvatar name={user.nickname} src={user.avatarUrl} size={compact ? 'sm' : 'md'} />
      {compact && <span className="sr-only">{user.nickname}</span>}
      {!compact && (
        <>
          <span className="max-w-36 truncate text-sm font-medium text-fg">{user.nickname}</span>
          <ChevronDown
            aria-hidden
            className="size-4 text-muted transition-transform duration-150 group-data-[state=open]:rotate-180"
          />
        </>
      )}
    </button>
  );
}
