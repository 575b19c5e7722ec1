import type { AuthProviders, MeResponse } from '@shared/accounts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';

export const accountKeys = {
  me: ['accounts', 'me'] as const,
  providers: ['accounts', 'providers'] as const,
};

/** The signed-in user: `data` is the user, null for a guest, undefined while loading. */
export function useMe() {
  return useQuery({
    queryKey: accountKeys.me,
    queryFn: ({ signal }) => api<MeResponse>('/api/accounts/me', { signal }).then((body) => body.user),
    staleTime: 60_000,
  });
}

/**
 * Who is signed in, for a click: the known answer, or, while the session is still being read (a slow first load),
 * that answer once it arrives, so a guest's click never opens a member's form. Null for a guest or a failed read.
 */
export function useResolveMe() {
  const me = useMe();
  return async () => (me.data !== undefined ? me.data : ((await me.refetch()).data ?? null));
}

export function useProviders() {
  return useQuery({
    queryKey: accountKeys.providers,
    queryFn: ({ signal }) => api<AuthProviders>('/api/accounts/providers', { signal }),
    staleTime: 10 * 60_000,
  });
}
