import {
  BELL_NOTIFICATIONS,
  NOTIFICATIONS_PAGE_SIZE,
  type NotificationPage,
  type UnreadCount,
} from '@shared/notifications';
import {
  type InfiniteData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '@web/lib/api';

export const notificationKeys = {
  all: ['notifications'] as const,
  unread: ['notifications', 'unread'] as const,
  latest: ['notifications', 'latest'] as const,
  pages: ['notifications', 'pages'] as const,
};

/** How often the badge asks for the unread count while the tab is visible (the live room will push instead). */
export const UNREAD_POLL_MS = 20_000;

/** The badge's count: polled while the tab is visible, and again when the user comes back to it. */
export function useUnreadCount(signedIn: boolean) {
  return useQuery({
    queryKey: notificationKeys.unread,
    queryFn: ({ signal }) => api<UnreadCount>('/api/notifications/unread-count', { signal }),
    enabled: signedIn,
    refetchInterval: UNREAD_POLL_MS,
    refetchIntervalInBackground: false,
    select: (data) => data.unread,
  });
}

/** Every list answer carries the unread count: the badge follows it. */
function keepBadge(client: QueryClient, page: NotificationPage) {
  client.setQueryData<UnreadCount>(notificationKeys.unread, { unread: page.unread });
  return page;
}

/** The latest few, for the bell; fetched each time it opens. */
export function useLatestNotifications(enabled: boolean) {
  const client = useQueryClient();
  return useQuery({
    queryKey: notificationKeys.latest,
    queryFn: ({ signal }) =>
      api<NotificationPage>(`/api/notifications?limit=${BELL_NOTIFICATIONS}`, { signal }).then((page) =>
        keepBadge(client, page),
      ),
    enabled,
    staleTime: 0,
  });
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
