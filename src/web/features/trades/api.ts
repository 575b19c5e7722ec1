import type { Created } from '@shared/api';
import { tradeActionUrl } from '@shared/trade-action-map';
import { isTradeOpen, type TradeAction } from '@shared/trade-process';
import type { TradeView, tradeList } from '@shared/trades';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '@web/lib/api';
import { useRealtimeLive } from '@web/lib/realtime';
import { uploadForm } from '@web/lib/upload';
import type { z } from 'zod';
import { tradeKeys } from './keys';
import { ownStep } from './own-steps';

type TradeList = z.infer<typeof tradeList>;
export type TradeScope = 'mine' | 'desk';

export { tradeKeys };

/**
 * The room is refreshed by the live socket (`useLiveTrades`); only while the socket is down does an open trade ask
 * again, this slowly (paused while the tab is hidden), as a safety net until it reconnects and replays.
 */
export const ROOM_SAFETY_REFRESH_MS = 30_000;

/** 'mine': the user's open and finished trades; 'desk': staff only, every trade waiting on staff. */
export function useTradeList(scope: TradeScope, enabled = true) {
  return useQuery({
    queryKey: tradeKeys.list(scope),
    queryFn: ({ signal }) => api<TradeList>(`/api/trades?scope=${scope}`, { signal }),
    enabled,
  });
}

export const tradeQuery = (id: number | null) =>
  queryOptions({
    queryKey: tradeKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api<TradeView>(`/api/trades/${id}`, { signal }),
    enabled: id !== null,
    // A 404 stays a 404 (a non-party must not tell it from a missing trade): no retries on client errors.
    retry: (count, error) => !(isApiError(error) && error.isClientError) && count < 2,
  });

/** One trade as its viewer sees it: live through the socket, polled slowly while the socket is down. */
export function useTrade(id: number | null) {
  const live = useRealtimeLive();
  return useQuery({
    ...tradeQuery(id),
    refetchInterval: live
      ? false
      : (query) => (query.state.data && isTradeOpen(query.state.data.state) ? ROOM_SAFETY_REFRESH_MS : false),
    refetchIntervalInBackground: false,
  });
}

/** Opens a protected trade on a listing (or answers the buyer's trade already open on it). */
export function useStartTrade() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (listingId: number) => api<Created>('/api/trades', { method: 'POST', body: { listingId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tradeKeys.all }),
  });
}

/** The room's actions whose route answers the room (all but revealing the credentials). */
export type TradeStepAction = Exclude<TradeAction, 'reveal_credentials'>;

/** JSON, or a multipart form when the step carries photos (delivery proof, dispute evidence). */
export type TradeStepBody = Record<string, unknown> | FormData;

/**
 * Takes one action of the room, on the route the shared map gives it. The answer replaces the cached trade, and
 * the live event the step causes is not read again (own-steps.ts); a 409 (the trade moved on meanwhile) and a
 * 404 refresh it, so the room shows where it now stands.
 */
export function useTradeAction(tradeId: number, action: TradeStepAction) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: TradeStepBody | undefined) => {
      const url = tradeActionUrl(tradeId, action);
      const answered = ownStep(queryClient, tradeId);
      try {
        const view =
          body instanceof FormData
            ? await uploadForm<TradeView>(url, { method: 'POST', body })
            : await api<TradeView>(url, { method: 'POST', body: body ?? {} });
        queryClient.setQueryData(tradeKeys.detail(tradeId), view);
        answered(view);
        return view;
      } catch (error) {
        answered(null);
        throw error;
      }
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: tradeKeys.lists }),
    onError: (error) => {
      if (isApiError(error) && (error.status === 409 || error.status === 404))
        void queryClient.invalidateQueries({ queryKey: tradeKeys.detail(tradeId) });
    },
  });
}

/** The delivered account data, decrypted for the buyer (and staff in a dispute); each reading is audited. */
export function useRevealCredentials(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api<{ credentials: string }>(tradeActionUrl(id, 'reveal_credentials'), { method: 'POST', body: {} }),
    // The reading is recorded in the history.
    onSettled: () => queryClient.invalidateQueries({ queryKey: tradeKeys.detail(id) }),
  });
}
