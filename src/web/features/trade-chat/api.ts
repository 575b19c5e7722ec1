import type { ChatPage } from '@shared/trade-chat';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { useRealtimeLive } from '@web/lib/realtime';
import { uploadForm } from '@web/lib/upload';

/** Under 'trades', so a 'resync' of the trades refreshes the chat too. */
export const chatKeys = {
  chat: (tradeId: number) => ['trades', 'chat', tradeId] as const,
};

type Cursor = NonNullable<ChatPage['older']> | null;

const pageUrl = (tradeId: number, cursor: Cursor) => {
  const params = new URLSearchParams();
  if (cursor?.beforeMessage) params.set('beforeMessage', String(cursor.beforeMessage));
  if (cursor?.beforeEvent) params.set('beforeEvent', String(cursor.beforeEvent));
  const query = params.toString();
  return `/api/trades/${tradeId}/chat${query ? `?${query}` : ''}`;
};

/** While the socket is down, an open chat asks again this often (the socket makes it live otherwise). */
const CHAT_SAFETY_REFRESH_MS = 30_000;

/**
 * The chat's timeline: the first page is the newest window, each next page an older one. Live through the socket
 * (`useLiveChat`); polled slowly only while the socket is down.
 */
export function useTradeChat(tradeId: number) {
  const live = useRealtimeLive();
  return useInfiniteQuery({
    queryKey: chatKeys.chat(tradeId),
    queryFn: ({ pageParam, signal }) => api<ChatPage>(pageUrl(tradeId, pageParam), { signal }),
    initialPageParam: null as Cursor,
    getNextPageParam: (last) => last.older ?? undefined,
    refetchInterval: live ? false : CHAT_SAFETY_REFRESH_MS,
    refetchIntervalInBackground: false,
  });
}

/** Sends a message: JSON for text, a multipart form when it carries an image. */
export function useSendChatMessage(tradeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, image }: { body: string; image: File | null }) => {
      const url = `/api/trades/${tradeId}/chat`;
      if (!image) return api<{ id: number; warned: boolean }>(url, { method: 'POST', body: { body } });
      const form = new FormData();
      form.set('body', body);
      form.set('photos', image);
      return uploadForm<{ id: number; warned: boolean }>(url, { method: 'POST', body: form });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: chatKeys.chat(tradeId) }),
  });
}

/** Moves the viewer's read mark to `lastReadId`. */
export function useMarkChatRead(tradeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (lastReadId: number) =>
      api<{ lastReadId: number }>(`/api/trades/${tradeId}/chat/read`, {
        method: 'PUT',
        body: { lastReadId },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatKeys.chat(tradeId) }),
  });
}
