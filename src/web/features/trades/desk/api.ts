import type { PayoutsPage, ReconciliationResult, TradesDeskPage } from '@shared/trades-desk';
import { useMutation } from '@tanstack/react-query';
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
  useListDecision(tradesDeskKey, (id: number) => api(`/api/trades/${id}/take`, { method: 'POST', body: {} }));
export const useReconcile = () =>
  useMutation({
    mutationFn: () => api<ReconciliationResult>('/api/staff/ledger/reconciliation', { method: 'POST' }),
  });

/** The payouts due, oldest first. */
/** The CSV export of the payouts as filtered now. */
export const payoutsExportHref = (q?: string) => exportHref('/api/staff/trades-desk/payouts', { q });
export const usePayouts = (page: number, q?: string) =>
  usePagedList<PayoutsPage>(payoutsKey, '/api/staff/trades-desk/payouts', { page, q });
/** The trades module's own 'release' (admins): the payout paid, with the transfer's E2E id. */
export const useReleasePayout = () =>
  useListDecision(tradesDeskKey, ({ id, endToEndId }: { id: number; endToEndId: string }) =>
    api(`/api/trades/${id}/release`, { method: 'POST', body: { endToEndId } }),
  );
