import { notificationMessages as m } from '@shared/notification-messages';
import type { Notification } from '@shared/notifications';
import { relativeTime } from '@shared/relative-time';
import { cn } from '@web/lib/cn';
import { formatFullDateTime } from '@web/lib/format';

/**
 * What one notification says, in the bell and on '/notificacoes'. An unread one has a dot and a bold title
 * (and 'Não lida' for screen readers), so the difference never rests on colour alone.
 */
export function NotificationContent({ notification: n }: { notification: Notification }) {
  return (
    <>
      <span
        aria-hidden
        className={cn(
          'mt-1.5 size-2.5 shrink-0 rounded-full',
          n.read ? 'border border-line-strong' : 'bg-accent shadow-[0_0_8px_var(--color-accent)]',
        )}
      />
      <span className="flex min-w-0 flex-1 flex-col gap-0.5">
        <span className={cn('text-sm', n.read ? 'font-normal text-muted' : 'font-semibold text-fg')}>
          {!n.read && <span className="sr-only">{m.unreadLabel}: </span>}
          {n.title}
        </span>
        <span className="line-clamp-2 text-xs break-words text-muted">{n.body}</span>
        <time
          dateTime={n.createdAt}
          title={formatFullDateTime(n.createdAt) || undefined}
          className="text-xs text-subtle"
        >
          {relativeTime(n.createdAt)}
        </time>
      </span>
    </>
  );
}
