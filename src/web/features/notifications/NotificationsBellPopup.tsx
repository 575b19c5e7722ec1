import { notificationMessages as m } from '@shared/notification-messages';
import { safeAppPath } from '@shared/notifications';
import { paths } from '@shared/paths';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@web/components/ui/dropdown-menu';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/lib/toast';
import { BellOff, CheckCheck } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useLatestNotifications, useMarkAllNotificationsRead, useMarkNotificationRead } from './api';
import { NotificationContent } from './NotificationContent';
import { NotificationsBellTrigger } from './NotificationsBellTrigger';

/**
 * The bell's menu: the latest notifications (each a link that marks it read), 'Marcar todas como lidas',
 * the empty state and 'Ver todas'. Radix gives arrow keys, Escape, and focus back on the bell when it closes.
 */
export default function NotificationsBellPopup({ unread }: { unread: number }) {
  const [open, setOpen] = useState(true);
  const latest = useLatestNotifications(open);
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const items = latest.data?.items ?? [];

  return (
    <DropdownMenu open={open} onOpenChange={setOpen} modal={false}>
      <DropdownMenuTrigger asChild>
        <NotificationsBellTrigger unread={unread} />
      </DropdownMenuTrigger>
      <DropdownMenuContent className="w-96 p-0!" collisionPadding={8}>
        <div className="flex items-center justify-between gap-2 border-b border-line p-1.5">
          <DropdownMenuLabel>{m.title}</DropdownMenuLabel>
          <DropdownMenuItem
            disabled={unread === 0 || markAll.isPending}
            className="px-2! py-1.5! text-xs! font-medium"
            onSelect={(event) => {
              event.preventDefault(); // stays open: the user sees them turn read
              markAll.mutate(undefined, { onError: (error) => toast.error(error.message) });
            }}
          >
            <CheckCheck aria-hidden />
            {m.markAllRead}
          </DropdownMenuItem>
        </div>
        <div className="max-h-[min(28rem,65dvh)] overflow-y-auto p-1.5">
          {latest.isPending ? (
            <div className="flex flex-col gap-2 p-1.5" aria-hidden>
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} className="h-14 rounded-lg" />
              ))}
            </div>
          ) : latest.isError ? (
            <p role="alert" className="px-3 py-6 text-center text-sm text-muted">
              {m.loadFailed}
            </p>
          ) : items.length === 0 ? (
            <div className="flex flex-col items-center gap-2 px-4 py-8 text-center">
              <BellOff aria-hidden className="size-7 text-subtle" />
              <p className="text-sm font-medium text-fg">{m.empty}</p>
              <p className="max-w-64 text-xs text-muted">{m.emptyHint}</p>
            </div>
          ) : (
            <DropdownMenuGroup>
              {items.map((n) => (
                <DropdownMenuItem
                  key={n.id}
                  asChild
                  className="items-start! gap-3! py-2.5!"
                  onSelect={() => {
                    if (!n.read) markRead.mutate(n.id);
                  }}
                >
                  <Link to={safeAppPath(n.link)}>
                    <NotificationContent notification={n} />
                  </Link>
                </DropdownMenuItem>
              ))}
            </DropdownMenuGroup>
          )}
        </div>
        <DropdownMenuSeparator className="mx-0! my-0!" />
        <div className="p-1.5">
          <DropdownMenuItem asChild className="justify-center font-medium">
            <Link to={paths.notifications}>{m.seeAll}</Link>
          </DropdownMenuItem>
        </div>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
