import type { MyPayouts, PayoutDesk, PayoutView } from '@shared/payouts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '@web/lib/api';

/** The seller's payout queries (the room's, /pagamentos'): read again when a payout notice arrives. */
export const payoutsKey = ['payouts'] as const;
const payoutKeys = {
  trade: (tradeId: number, version: string) => ['payouts', 'trade', tradeId, version] as const,
  mine: ['payouts', 'mine'] as const,
  desk: ['staff', 'payouts'] as const,
};

/**
 * The trade's payout for its seller (null while there is none: not due yet, or paid before payouts existed).
 * `version` is the trade's last change as the room holds it: a step heard on the live socket (the payout paid
 * by hand, by the PSP) reads the payout again, the one shown until then staying on screen.
 */
export const useTradePayout = (tradeId: number, enabled: boolean, version: string) =>
  useQuery<PayoutView | null>({
    queryKey: payoutKeys.trade(tradeId, version),
    enabled,
    // Another trade's payout is never shown in the meantime.
    placeholderData: (previous, query) => (query?.queryKey[2] === tradeId ? previous : undefined),
    queryFn: async ({ signal }) => {
      try {
        return await api<PayoutView>(`/api/trades/${tradeId}/payout`, { signal });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });

export const useMyPayouts = () =>
  useQuery({
    queryKey: payoutKeys.mine,
    queryFn: ({ signal }) => api<MyPayouts>('/api/payouts/mine', { signal }),
  });

/**
 * 'Repasses' automatic payouts (admins). Read again every few seconds while on screen: the sender moves payouts
 * without anyone at the desk acting, and a refused one must show up for the admin watching it.
 */
export const payoutDeskKey = payoutKeys.desk;
const DESK_REFRESH_MS = 10_000;
export const usePayoutDesk = (enabled: boolean) =>
  useQuery({
    queryKey: payoutKeys.desk,
    enabled,
    refetchInterval: DESK_REFRESH_MS,
    queryFn: ({ signal }) => api<PayoutDesk>('/api/staff/payouts', { signal }),
  });

function useDeskStep<I>(call: (input: I) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['staff'] }),
  });
}

export const usePausePayouts = () =>
  useDeskStep((reason: string) => api('/api/staff/payouts/pause', { method: 'POST', body: { reason } }));
export const useResumePayouts = () => useDeskStep(() => api('/api/staff/payouts/resume', { method: 'POST' }));
export const useReleaseHold = () =>
  useDeskStep((input: { tradeId: number; reason: string }) =>
    api(`/api/staff/payouts/${input.tradeId}/hold-release`, {
      method: 'POST',
      body: { reason: input.reason },
    }),
  );
export const useTakeByHand = () =>
  useDeskStep((tradeId: number) => api(`/api/staff/payouts/${tradeId}/by-hand`, { method: 'POST' }));
