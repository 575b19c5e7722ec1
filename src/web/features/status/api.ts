import type { SystemStatus } from '@shared/status';
import { useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';

export const statusKeys = { all: ['status'] as const };

/** The spec's page "atualiza a cada 30 segundos"; the server reuses one measurement for 10 s whoever asks. */
export const STATUS_REFRESH_MS = 30_000;

export function useSystemStatus() {
  return useQuery({
    queryKey: statusKeys.all,
    queryFn: ({ signal }) => api<SystemStatus>('/api/status', { signal }),
    refetchInterval: STATUS_REFRESH_MS,
    staleTime: 0,
  });
}
