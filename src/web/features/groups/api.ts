import type { GroupDirectory } from '@shared/groups';
import { useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';

export const groupKeys = { all: ['groups'] as const };

/** Every group with the chips' categories and the stats; the page filters in the browser. */
export function useGroupDirectory() {
  return useQuery({
    queryKey: groupKeys.all,
    queryFn: ({ signal }) => api<GroupDirectory>('/api/groups', { signal }),
    staleTime: 60_000,
  });
}
