import type {
  FeedbackResponseInput,
  PartnershipDecisionInput,
  StaffFeedbackPage,
  StaffPartnershipPage,
  StaffTicketPage,
  TicketResolveInput,
} from '@shared/support-queues';
import { api } from '@web/lib/api';
import { exportHref, useListDecision, usePagedList } from '@web/lib/list-query';

/** The staff's queues of what members and visitors send: tickets, feedback, partnership requests. */
const supportQueueKeys = {
  tickets: ['staff', 'tickets'] as const,
  feedback: ['staff', 'feedback'] as const,
  partnerships: ['staff', 'partnerships'] as const,
};

interface QueueQuery {
  status?: string;
  q?: string;
  page: number;
}

/** The CSV export of each queue as filtered now. */
export const queueExportHref = {
  tickets: (query: QueueQuery) => exportHref('/api/staff/tickets', { ...query }),
  feedback: (query: QueueQuery) => exportHref('/api/staff/feedback', { ...query }),
  partnerships: (query: QueueQuery) => exportHref('/api/staff/partnerships', { ...query }),
};

export const useStaffTickets = (query: QueueQuery) =>
  usePagedList<StaffTicketPage>(supportQueueKeys.tickets, '/api/staff/tickets', { ...query });
export const useMarkTicketInProgress = () =>
  useListDecision(supportQueueKeys.tickets, (id: number) =>
    api(`/api/staff/tickets/${id}/in-progress`, { method: 'POST' }),
  );
export const useResolveTicket = () =>
  useListDecision(supportQueueKeys.tickets, ({ id, ...body }: TicketResolveInput & { id: number }) =>
    api(`/api/staff/tickets/${id}/resolve`, { method: 'POST', body }),
  );

export const useStaffFeedback = (query: QueueQuery) =>
  usePagedList<StaffFeedbackPage>(supportQueueKeys.feedback, '/api/staff/feedback', { ...query });
export const useRespondFeedback = () =>
  useListDecision(supportQueueKeys.feedback, ({ id, ...body }: FeedbackResponseInput & { id: number }) =>
    api(`/api/staff/feedback/${id}/respond`, { method: 'POST', body }),
  );
export const useResolveFeedback = () =>
  useListDecision(supportQueueKeys.feedback, (id: number) =>
    api(`/api/staff/feedback/${id}/resolve`, { method: 'POST' }),
  );

export const useStaffPartnerships = (query: QueueQuery) =>
  usePagedList<StaffPartnershipPage>(supportQueueKeys.partnerships, '/api/staff/partnerships', { ...query });
export const useDecidePartnership = () =>
  useListDecision(
    supportQueueKeys.partnerships,
    ({ id, ...body }: PartnershipDecisionInput & { id: number }) =>
      api(`/api/staff/partnerships/${id}/decision`, { method: 'POST', body }),
  );
