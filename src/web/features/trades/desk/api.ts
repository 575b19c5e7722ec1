import { tradeActionUrl } from '@shared/trade-action-map';
import type { PayoutsPage, ReconciliationResult, TradesDeskPage } from '@shared/trades-desk';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { exportHref, useListDecision, usePagedList } from '@web/lib/list-query';

const tradesDeskKey = ['staff', 'trades-desk'] as const;
const payoutsKey = ['staff', 'trades-desk', 'payouts'] as const;

interface DeskQuery {
  reason?: string;
  q?: string;
  page: number;
}
export const useTradesDesk = (query: DeskQuery) =>
  usePagedList<TradesDeskPage>(tradesDeskKey, '/api/staff/trades-desk', { ...query });
/** The CSV export of the desk as filtered now. */
export const deskExportHref = (query: DeskQuery) => exportHref('/api/staff/trades-desk', { ...query });
/** The trades module's own 'take' (assume the intermediation). */
export const useTakeTrade = () =>
  useListDecision(tradesDeskKey, (id: number) =>
    api(tradeActionUrl(id, 'take'), { method: 'POST', body: {} }),
  );
export const useReconcile = () =>
  useMutation({
    mutationFn: () => api<ReconciliationResult>('/api/staff/ledger/reconciliation', { method: 'POST' }),
  });

/** The payouts due, oldest first. */
/** The CSV export of the payouts as filtered now. */
export const payoutsExportHref = (q?: string) => exportHref('/api/staff/trades-desk/payouts', { q });
export const usePayouts = (page: number, q?: string) =>
  usePagedList<PayoutsPage>(payoutsKey, '/api/staff/trades-desk/payouts', { page, q });
/** After a payout paid from the desk (the room's own release): the desk and its lists read again. */
export function useDeskRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: tradesDeskKey });
}

/** The pause's answer: how many listings it paused. */
type PauseInstantResult = { paused: number };

/** Pauses every instant listing of a member (staff; audited); the desk reads again. */
export function usePauseInstant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, reason }: { userId: string; reason: string }) =>
      api<PauseInstantResult>(`/api/admin/members/${encodeURIComponent(userId)}/pause-instant`, {
        method: 'POST',
        body: { reason },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tradesDeskKey }),
  });
}

/** Lifts staff's pause of a member's instant listings (staff; audited); the desk reads again. */
export function useResumeInstant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) =>
      api<{ resumed: number }>(`/api/admin/members/${encodeURIComponent(userId)}/resume-instant`, {
        method: 'POST',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tradesDeskKey }),
  });
}

export type { InstantFraudSignal } from '@shared/listing-codes';
