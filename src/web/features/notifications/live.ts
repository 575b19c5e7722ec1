import type { UnreadCount } from '@shared/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { onRealtime } from '@web/lib/realtime';
import { toast } from '@web/lib/toast';
import { useEffect } from 'react';
import { latestNotificationsQuery, notificationKeys } from './api';

/**
 * The bell, live: a new notification sets the badge to the count the server sent, refreshes the lists and shows
 * a toast with its title (read through the REST route, which the socket's ids only point to). After a reconnect
 * or a 'resync' everything is read again, since notifications are not replayed.
 */
export function useLiveNotifications() {
  const client = useQueryClient();
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
              if (created && !created.read) toast.info(created.title, { description: created.body });
            })
            .catch(() => {});
        } else if (signal.type === 'reconnected' || signal.type === 'resync') {
          void client.invalidateQueries({ queryKey: notificationKeys.all });
        }
      }),
    [client],
  );
}
