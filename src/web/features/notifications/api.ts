import { BELL_NOTIFICATIONS, NOTIFICATIONS_PAGE_SIZE } from '@shared/notification-constants';
import type { NotificationPage, UnreadCount } from '@shared/notifications';
import {
  type InfiniteData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { useRealtimeLive } from '@web/lib/realtime';

export const notificationKeys = {
  all: ['notifications'] as const,
  unread: ['notifications', 'unread'] as const,
  latest: ['notifications', 'latest'] as const,
  pages: ['notifications', 'pages'] as const,
};

/** The socket pushes the count (`useLiveNotifications`); only while it is down is it asked again, this slowly. */
export const UNREAD_SAFETY_POLL_MS = 60_000;

/**
 * The badge's count, for a signed-in member: pushed live, read again when the user comes back to the tab, polled if
 * the socket is down.
 */
export function useUnreadCount() {
  const live = useRealtimeLive();
  return useQuery({
    queryKey: notificationKeys.unread,
    queryFn: ({ signal }) => api<UnreadCount>('/api/notifications/unread-count', { signal }),
    refetchInterval: live ? false : UNREAD_SAFETY_POLL_MS,
    refetchIntervalInBackground: false,
    select: (data) => data.unread,
  });
}

/** Every list answer carries the unread count: the badge follows it. */
function keepBadge(client: QueryClient, page: NotificationPage) {
  client.setQueryData<UnreadCount>(notificationKeys.unread, { unread: page.unread });
  return page;
}

/** The latest few, as the bell lists them (and the live toast looks a new one up in). */
export const latestNotificationsQuery = (client: QueryClient) => ({
  queryKey: notificationKeys.latest,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api<NotificationPage>(`/api/notifications?limit=${BELL_NOTIFICATIONS}`, { signal }).then((page) =>
      keepBadge(client, page),
    ),
  staleTime: 0,
});

/** The latest few, for the bell; fetched each time it opens. */
export function useLatestNotifications(enabled: boolean) {
  const client = useQueryClient();
  return useQuery({ ...latestNotificationsQuery(client), enabled });
}

/** '/notificacoes': newest first, each 'Carregar mais' appends the next page. */
export function useNotificationPages() {
  const client = useQueryClient();
  return useInfiniteQuery({
    queryKey: notificationKeys.pages,
    initialPageParam: null as number | null,
    queryFn: ({ pageParam, signal }) =>
      api<NotificationPage>(
        `/api/notifications?limit=${NOTIFICATIONS_PAGE_SIZE}${pageParam ? `&before=${pageParam}` : ''}`,
        { signal },
      ).then((page) => keepBadge(client, page)),
    getNextPageParam: (last) => last.nextBefore ?? undefined,
  });
}

/** Marks the cached notifications that `isRead` picks as read, in the bell and on the page. */
function markCached(client: QueryClient, isRead: (id: number) => boolean) {
  const markPage = (page: NotificationPage): NotificationPage => ({
    ...page,
    items: page.items.map((n) => (n.read || !isRead(n.id) ? n : { ...n, read: true })),
  });
  client.setQueryData<NotificationPage>(notificationKeys.latest, (page) => page && markPage(page));
  client.setQueryData<InfiniteData<NotificationPage>>(
    notificationKeys.pages,
    (data) => data && { ...data, pages: data.pages.map(markPage) },
  );
}

/** Marks one as read (on the way to its link); the badge takes the server's new count. */
export function useMarkNotificationRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<UnreadCount>(`/api/notifications/${id}/read`, { method: 'POST' }),
    onMutate: (id) => markCached(client, (other) => other === id),
    onSuccess: (count) => client.setQueryData(notificationKeys.unread, count),
    onError: () => client.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

export function useMarkAllNotificationsRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<UnreadCount>('/api/notifications/read-all', { method: 'POST' }),
    onSuccess: (count) => {
      markCached(client, () => true);
      client.setQueryData(notificationKeys.unread, count);
    },
    onError: () => client.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
