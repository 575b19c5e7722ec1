import type { MemberFilter, MemberPage, MemberSearchPage } from '@shared/members';
import type { LiftSuspensionInput, SuspendInput } from '@shared/moderation';
import { useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { useListDecision, usePagedList } from '@web/lib/list-query';

/** Everything about members staff read: the search's pages and each member's page; a penalty reads them again. */
const membersKey = ['staff', 'members'] as const;

export const useMemberSearch = (query: { q?: string; filter?: MemberFilter; page: number }) =>
  usePagedList<MemberSearchPage>(membersKey, '/api/staff/members', { ...query });

export const useMemberPage = (userId: string) =>
  useQuery({
    queryKey: [...membersKey, 'page', userId],
    queryFn: ({ signal }) => api<MemberPage>(`/api/staff/members/${encodeURIComponent(userId)}`, { signal }),
  });

/** A warning or a suspension, from the member page (the reports queue's route, without a report). */
export const usePenalise = () =>
  useListDecision(membersKey, ({ userId, ...body }: SuspendInput & { userId: string }) =>
    api(`/api/staff/users/${encodeURIComponent(userId)}/suspend`, { method: 'POST', body }),
  );

export const useLiftSuspension = () =>
  useListDecision(membersKey, ({ suspensionId, ...body }: LiftSuspensionInput & { suspensionId: number }) =>
    api(`/api/staff/suspensions/${suspensionId}/lift`, { method: 'POST', body }),
  );
