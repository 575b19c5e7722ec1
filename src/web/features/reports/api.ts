import type { Created } from '@shared/api';
import type { MemberReports, ReportInput } from '@shared/reports';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';

export const reportKeys = { mine: ['reports', 'mine'] as const };

/**
 * What a member reports from a page: a forum post, a listing (by id), a user (the listing's seller), or a comment
 * on a listing or on a post.
 */
export type ReportTarget =
  | { type: 'post'; id: number }
  | { type: 'listing'; id: number }
  | { type: 'user'; id: string }
  | { type: 'listing_comment'; id: number }
  | { type: 'post_comment'; id: number };

const pathOf = (target: ReportTarget) => {
  switch (target.type) {
    case 'post':
      return `/api/community/posts/${target.id}/reports`;
    case 'listing':
      return `/api/reports/listings/${target.id}`;
    case 'listing_comment':
      return `/api/reports/listing-comments/${target.id}`;
    case 'post_comment':
      return `/api/reports/post-comments/${target.id}`;
    default:
      return `/api/reports/users/${encodeURIComponent(target.id)}`;
  }
};

export function useSendReport(target: ReportTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReportInput) => api<Created>(pathOf(target), { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportKeys.mine }),
  });
}

/** The member's reports with the staff replies and the counts per status (/historico-denuncias). */
export function useMyReports(enabled: boolean) {
  return useQuery({
    queryKey: reportKeys.mine,
    queryFn: ({ signal }) => api<MemberReports>('/api/reports/mine', { signal }),
    enabled,
  });
}
