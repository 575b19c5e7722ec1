import type { PushDevice, PushEventSwitches, PushSubscriptionInput } from '@shared/push';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';

const base = '/api/push';

export const pushKeys = {
  devices: ['push', 'devices'] as const,
  switches: ['push', 'switches'] as const,
};

export const fetchPushKey = () => api<{ publicKey: string }>(`${base}/key`).then((body) => body.publicKey);

export function usePushDevices() {
  return useQuery({
    queryKey: pushKeys.devices,
    queryFn: ({ signal }) =>
      api<{ devices: PushDevice[] }>(`${base}/subscriptions`, { signal }).then((body) => body.devices),
  });
}

export function useSaveSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PushSubscriptionInput) =>
      api<PushDevice>(`${base}/subscriptions`, { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pushKeys.devices }),
  });
}

export function useRemoveDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<void>(`${base}/subscriptions/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pushKeys.devices }),
  });
}

export function usePushSwitches() {
  return useQuery({
    queryKey: pushKeys.switches,
    queryFn: ({ signal }) => api<PushEventSwitches>(`${base}/events`, { signal }),
  });
}

export function useUpdatePushSwitches() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Partial<PushEventSwitches>) =>
      api<PushEventSwitches>(`${base}/events`, { method: 'PUT', body: input }),
    onSuccess: (switches) => queryClient.setQueryData(pushKeys.switches, switches),
  });
}
