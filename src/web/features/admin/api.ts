import type { StaffRole } from '@shared/accounts';
import type { AddStaffInput, StaffCandidate, StaffCandidates, StaffList } from '@shared/admin';
import type { ActiveSession } from '@shared/settings';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';

export const adminKeys = {
  all: ['admin'] as const,
  staff: ['admin', 'staff'] as const,
  candidates: (q: string) => ['admin', 'staff', 'candidates', q] as const,
  session: ['admin', 'session'] as const,
};

export function useStaff() {
  return useQuery({
    queryKey: adminKeys.staff,
    queryFn: ({ signal }) => api<StaffList>('/api/admin/staff', { signal }).then((b) => b.staff),
  });
}

export function useStaffCandidates(q: string, enabled: boolean) {
  return useQuery<StaffCandidate[]>({
    queryKey: adminKeys.candidates(q),
    queryFn: ({ signal }) =>
      api<StaffCandidates>(`/api/admin/staff/candidates?q=${encodeURIComponent(q)}`, { signal }).then(
        (b) => b.candidates,
      ),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useAddStaff() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AddStaffInput) => api<void>('/api/admin/staff', { method: 'POST', body: input }),
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export function useChangeStaffRole() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: StaffRole }) =>
      api<void>(`/api/admin/staff/${encodeURIComponent(userId)}`, { method: 'PATCH', body: { role } }),
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export function useRemoveStaff() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) =>
      api<void>(`/api/admin/staff/${encodeURIComponent(userId)}`, { method: 'DELETE' }),
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** 'Tentar de novo' or 'Descartar' on a dead letter (Sistema); the list is read again either way. */
export function useDeadLetterAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'retry' | 'discard' }) =>
      action === 'retry'
        ? api<void>(`/api/admin/dead-letters/${encodeURIComponent(id)}/retry`, { method: 'POST' })
        : api<void>(`/api/admin/dead-letters/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin', 'system'] }),
  });
}

/** This browser's session (for the logout dialog's start time), from the account's session list. */
export function useCurrentSession(enabled: boolean) {
  return useQuery({
    queryKey: adminKeys.session,
    queryFn: ({ signal }) =>
      api<{ sessions: ActiveSession[] }>('/api/accounts/me/sessions', { signal }).then(
        (b) => b.sessions.find((s) => s.isCurrent) ?? null,
      ),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
