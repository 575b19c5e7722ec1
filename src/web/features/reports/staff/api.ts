import type { ReportDecisionInput, StaffReportPage, SuspendInput } from '@shared/moderation';
import { api } from '@web/lib/api';
import { exportHref, useListDecision, usePagedList } from '@web/lib/list-query';

const reportQueueKey = ['staff', 'reports'] as const;

interface ReportsQuery {
  status?: string;
  targetType?: string;
  q?: string;
  page: number;
}
export const useStaffReports = (query: ReportsQuery) =>
  usePagedList<StaffReportPage>(reportQueueKey, '/api/staff/reports', { ...query });
/** The CSV export of the reports as filtered now. */
export const reportsExportHref = (query: ReportsQuery) => exportHref('/api/staff/reports', { ...query });
export const useDecideReport = () =>
  useListDecision(reportQueueKey, ({ id, ...body }: ReportDecisionInput & { id: number }) =>
    api(`/api/staff/reports/${id}/decision`, { method: 'POST', body }),
  );
export const useSuspendUser = () =>
  useListDecision(reportQueueKey, ({ userId, ...body }: SuspendInput & { userId: string }) =>
    api(`/api/staff/users/${encodeURIComponent(userId)}/suspend`, { method: 'POST', body }),
  );
/** Removes the reported listing or post through their own routes (staff may; both audit it). */
export const useRemoveReportTarget = () =>
  useListDecision(reportQueueKey, ({ type, id }: { type: 'listing' | 'post'; id: string }) =>
    api(type === 'listing' ? `/api/listings/${id}` : `/api/community/posts/${id}`, { method: 'DELETE' }),
  );
