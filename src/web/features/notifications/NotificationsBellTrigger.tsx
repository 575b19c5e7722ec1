import { bellLabel } from '@shared/notification-messages';
import { buttonClasses } from '@web/components/ui/button';
import { cn } from '@web/lib/cn';
import { Bell } from 'lucide-react';
import type { ComponentProps } from 'react';

export interface NotificationsBellTriggerProps extends ComponentProps<'button'> {
  unread: number;
}

/** The bell: its name says how many are unread ('Notificações, 3 não lidas'); the badge shows it. */
export function NotificationsBellTrigger({ unread, className, ...props }: NotificationsBellTriggerProps) {
  return (
    <button
      type="button"
      aria-haspopup="menu"
      aria-label={bellLabel(unread)}
      className={cn(
        buttonClasses({ variant: 'ghost', size: 'icon' }),
        'relative rounded-full! data-[state=open]:bg-surface-3 data-[state=open]:text-fg',
        className,
      )}
      {...props}
    >
      <Bell aria-hidden className="size-5!" />
      {unread > 0 && (
        <span
          aria-hidden
          className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full border-2 border-bg bg-accent px-1 text-[0.65rem] leading-none font-bold text-accent-fg tabular-nums"
        >
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </button>
  );
}
