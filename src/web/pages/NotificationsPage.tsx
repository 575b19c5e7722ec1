import { notificationMessages as m } from '@shared/notification-messages';
import { safeAppPath } from '@shared/notifications';
import { Button } from '@web/components/ui/button';
import { LoadError } from '@web/components/ui/load-error';
import { Skeleton } from '@web/components/ui/skeleton';
import { useSignedIn } from '@web/features/accounts/useSignedIn';
import {
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  useNotificationPages,
} from '@web/features/notifications/api';
import { NotificationContent } from '@web/features/notifications/NotificationContent';
import { isApiError } from '@web/lib/api';
import { cn } from '@web/lib/cn';
import { toast } from '@web/lib/toast';
import { accountPageClass } from '@web/shell/account-page';
import { PageFallback } from '@web/shell/PageFallback';
import { BellOff, CheckCheck } from 'lucide-react';
import { Link } from 'react-router';

const guestNotice = { title: 'Acesso negado', description: m.loginRequired };

/** '/notificacoes': all of the user's notifications, newest first, 'Carregar mais' at a time. */
export default function NotificationsPage() {
  const me = useSignedIn(guestNotice);
  if (!me.data) return <PageFallback />;
  return <NotificationsList />;
}

function NotificationsList() {
  const pages = useNotificationPages();
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const items = pages.data?.pages.flatMap((page) => page.items) ?? [];
  const unread = pages.data?.pages[0]?.unread ?? 0;
  const anyUnread = unread > 0 || items.some((n) => !n.read);

  return (
    <div className={cn(accountPageClass, 'gap-6')}>
      <title>Notificações | Mercado Gamer</title>
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="text-xs font-semibold uppercase tracking-widest text-accent">Minha conta</p>
          <h1 className="mt-1 font-display text-2xl font-bold tracking-wide text-fg sm:text-3xl">
            {m.title}
          </h1>
        </div>
        <Button
          variant="secondary"
          size="sm"
          disabled={!anyUnread}
          busy={markAll.isPending}
          onClick={() => markAll.mutate(undefined, { onError: (error) => toast.error(error.message) })}
        >
          {!markAll.isPending && <CheckCheck aria-hidden />}
          {m.markAllRead}
        </Button>
      </header>

      {pages.isPending ? (
        <div className="flex flex-col gap-3" aria-hidden>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-20 rounded-xl" />
          ))}
        </div>
      ) : pages.isError && items.length === 0 ? (
        <LoadError
          title={m.loadFailed}
          message={isApiError(pages.error) ? pages.error.message : 'Tente novamente.'}
          onRetry={() => pages.refetch()}
          retrying={pages.isFetching}
        />
      ) : items.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-2xl border border-dashed border-line px-6 py-12 text-center">
          <BellOff aria-hidden className="size-8 text-subtle" />
          <p className="font-medium text-fg">{m.empty}</p>
          <p className="max-w-sm text-sm text-muted">{m.emptyHint}</p>
        </div>
      ) : (
        <>
          <ul aria-label={m.title} className="flex flex-col gap-2">
            {items.map((n) => (
              <li key={n.id}>
                <Link
                  to={safeAppPath(n.link)}
                  onClick={() => {
                    if (!n.read) markRead.mutate(n.id);
                  }}
                  className={cn(
                    'flex items-start gap-3 rounded-xl border p-4 transition-colors hover:border-line-strong hover:bg-surface-3',
                    n.read ? 'border-line bg-surface' : 'border-accent/40 bg-surface-2',
                  )}
                >
                  <NotificationContent notification={n} />
                </Link>
              </li>
            ))}
          </ul>
          {pages.hasNextPage && (
            <Button
              variant="secondary"
              className="self-center"
              busy={pages.isFetchingNextPage}
              onClick={() => pages.fetchNextPage()}
            >
              {m.loadMore}
            </Button>
          )}
        </>
      )}
    </div>
  );
}
