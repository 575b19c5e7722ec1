import type { ReportDecisionInput, StaffReportPage, SuspendInput } from '@shared/moderation';
import type {
  FeedbackResponseInput,
  PartnershipDecisionInput,
  StaffFeedbackPage,
  StaffPartnershipPage,
  StaffTicketPage,
  TicketResolveInput,
} from '@shared/staff-queues';
import type { PayoutsPage, ReconciliationResult, TradesDeskPage } from '@shared/trades-desk';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';

export interface QueueQuery {
  status?: string;
  page: number;
}

const search = ({ status, page }: QueueQuery) => {
  const params = new URLSearchParams();
  if (status) params.set('status', status);
  if (page > 1) params.set('page', String(page));
  const text = params.toString();
  return text ? `?${text}` : '';
};

export const queueKeys = {
  tickets: ['staff', 'tickets'] as const,
  feedback: ['staff', 'feedback'] as const,
  partnerships: ['staff', 'partnerships'] as const,
};

function useQueue<T>(key: readonly string[], path: string, query: QueueQuery) {
  return useQuery({
    queryKey: [...key, query],
    queryFn: ({ signal }) => api<T>(`${path}${search(query)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** A staff decision: on success the queue it came from is read again. */
function useDecision<V>(key: readonly string[], send: (vars: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

export const useStaffTickets = (query: QueueQuery) =>
  useQueue<StaffTicketPage>(queueKeys.tickets, '/api/staff/tickets', query);
export const useMarkTicketInProgress = () =>
  useDecision(queueKeys.tickets, (id: number) =>
    api(`/api/staff/tickets/${id}/in-progress`, { method: 'POST' }),
  );
export const useResolveTicket = () =>
  useDecision(queueKeys.tickets, ({ id, ...body }: TicketResolveInput & { id: number }) =>
    api(`/api/staff/tickets/${id}/resolve`, { method: 'POST', body }),
  );

export const useStaffFeedback = (query: QueueQuery) =>
  useQueue<StaffFeedbackPage>(queueKeys.feedback, '/api/staff/feedback', query);
export const useRespondFeedback = () =>
  useDecision(queueKeys.feedback, ({ id, ...body }: FeedbackResponseInput & { id: number }) =>
    api(`/api/staff/feedback/${id}/respond`, { method: 'POST', body }),
  );
export const useResolveFeedback = () =>
  useDecision(queueKeys.feedback, (id: number) =>
    api(`/api/staff/feedback/${id}/resolve`, { method: 'POST' }),
  );

export const useStaffPartnerships = (query: QueueQuery) =>
  useQueue<StaffPartnershipPage>(queueKeys.partnerships, '/api/staff/partnerships', query);
export const useDecidePartnership = () =>
  useDecision(queueKeys.partnerships, ({ id, ...body }: PartnershipDecisionInput & { id: number }) =>
    api(`/api/staff/partnerships/${id}/decision`, { method: 'POST', body }),
  );

// ── Reports (moderators and admins) ──

export const reportQueueKey = ['staff', 'reports'] as const;

export function useStaffReports(query: QueueQuery & { targetType?: string }) {
  const params = new URLSearchParams();
  if (query.status) params.set('status', query.status);
  if (query.targetType) params.set('targetType', query.targetType);
  if (query.page > 1) params.set('page', String(query.page));
  const text = params.toString();
  return useQuery({
    queryKey: [...reportQueueKey, query],
    queryFn: ({ signal }) => api<StaffReportPage>(`/api/staff/reports${text ? `?${text}` : ''}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
export const useDecideReport = () =>
  useDecision(reportQueueKey, ({ id, ...body }: ReportDecisionInput & { id: number }) =>
    api(`/api/staff/reports/${id}/decision`, { method: 'POST', body }),
  );
export const useSuspendUser = () =>
  useDecision(reportQueueKey, ({ userId, ...body }: SuspendInput & { userId: string }) =>
    api(`/api/staff/users/${encodeURIComponent(userId)}/suspend`, { method: 'POST', body }),
  );
/** Removes the reported listing or post through their own routes (staff may; both audit it). */
export const useRemoveReportTarget = () =>
  useDecision(reportQueueKey, ({ type, id }: { type: 'listing' | 'post'; id: string }) =>
    api(type === 'listing' ? `/api/listings/${id}` : `/api/community/posts/${id}`, { method: 'DELETE' }),
  );

// ── Trades desk ──

export const tradesDeskKey = ['staff', 'trades-desk'] as const;

export function useTradesDesk(query: { reason?: string; page: number }) {
  const params = new URLSearchParams();
  if (query.reason) params.set('reason', query.reason);
  if (query.page > 1) params.set('page', String(query.page));
  const text = params.toString();
  return useQuery({
    queryKey: [...tradesDeskKey, query],
    queryFn: ({ signal }) =>
      api<TradesDeskPage>(`/api/staff/trades-desk${text ? `?${text}` : ''}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
/** The trades module's own 'take' (assume the intermediation). */
export const useTakeTrade = () =>
  useDecision(tradesDeskKey, (id: number) => api(`/api/trades/${id}/take`, { method: 'POST', body: {} }));
export const useReconcile = () =>
  useMutation({
    mutationFn: () => api<ReconciliationResult>('/api/staff/ledger/reconciliation', { method: 'POST' }),
  });

// ── Repasses (payouts due) ──

export const payoutsKey = ['staff', 'trades-desk', 'payouts'] as const;

export const usePayouts = (page: number) =>
  useQuery({
    queryKey: [...payoutsKey, page],
    queryFn: ({ signal }) =>
      api<PayoutsPage>(`/api/staff/trades-desk/payouts${page > 1 ? `?page=${page}` : ''}`, { signal }),
    placeholderData: keepPreviousData,
  });
/** The trades module's own 'release' (admins): the payout paid, with the transfer's E2E id. */
export const useReleasePayout = () =>
  useDecision(tradesDeskKey, ({ id, endToEndId }: { id: number; endToEndId: string }) =>
    api(`/api/trades/${id}/release`, { method: 'POST', body: { endToEndId } }),
  );
