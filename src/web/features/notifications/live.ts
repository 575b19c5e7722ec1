import type { NotificationKind, UnreadCount } from '@shared/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { showBrowserAlert } from '@web/lib/browser-alerts';
import { onRealtime } from '@web/lib/realtime';
import { toast } from '@web/lib/toast';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { payoutsKey } from '../payouts/api';
import { userSettingsQuery } from '../settings/api';
import { latestNotificationsQuery, notificationKeys } from './api';

const payoutNoticeKinds = new Set<NotificationKind>(['payout_sent', 'payout_failed']);

/**
 * The bell, live: a new notification sets the badge to the count the server sent, refreshes the lists and shows
 * a toast with its title (read through the REST route, which the socket's ids only point to), and the browser's
 * own alert when the tab is in the background and the member turned 'Notificações push' on. After a reconnect
 * or a 'resync' everything is read again, since notifications are not replayed.
 */
export function useLiveNotifications() {
  const client = useQueryClient();
  const navigate = useNavigate();
  useEffect(
    () =>
      onRealtime((signal) => {
        if (signal.type === 'notification') {
          client.setQueryData<UnreadCount>(notificationKeys.unread, { unread: signal.unread });
          void client.invalidateQueries({ queryKey: notificationKeys.pages });
          void client
            .fetchQuery(latestNotificationsQuery(client))
            .then((page) => {
              const created = page.items.find((item) => item.id === signal.id);
              // A payout sent or refused changes no trade step, so the room and /pagamentos hear of it here.
              if (created && payoutNoticeKinds.has(created.kind))
                void client.invalidateQueries({ queryKey: payoutsKey });
              if (!created || created.read) return;
              toast.info(created.title, { description: created.body });
              return client.fetchQuery({ ...userSettingsQuery, staleTime: 60_000 }).then((settings) => {
                if (settings.notifications.push) showBrowserAlert(created, navigate);
              });
            })
            .catch(() => {});
        } else if (signal.type === 'reconnected' || signal.type === 'resync') {
          void client.invalidateQueries({ queryKey: notificationKeys.all });
        }
      }),
    [client, navigate],
  );
}
