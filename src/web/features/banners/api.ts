import type { Banner, BannerList } from '@shared/banners';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { uploadForm } from '@web/lib/upload';

export const bannerKeys = {
  all: ['banners'] as const,
  home: ['banners', 'home'] as const,
  admin: ['banners', 'admin'] as const,
};

/** The active banners /home shows, in display order. */
export function useHomeBanners() {
  return useQuery({
    queryKey: bannerKeys.home,
    queryFn: ({ signal }) => api<BannerList>('/api/banners', { signal }).then((b) => b.banners),
    staleTime: 60_000,
  });
}

/** Every banner, for the admin's Banners tab. */
export function useAdminBanners() {
  return useQuery({
    queryKey: bannerKeys.admin,
    queryFn: ({ signal }) => api<BannerList>('/api/admin/banners', { signal }).then((b) => b.banners),
  });
}

export function useSaveBanner() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, form }: { id: number | null; form: FormData }) =>
      uploadForm<Banner>(id ? `/api/admin/banners/${id}` : '/api/admin/banners', {
        method: id ? 'PUT' : 'POST',
        body: form,
      }),
    onSettled: () => client.invalidateQueries({ queryKey: bannerKeys.all }),
  });
}

export function useSetBannerActive() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }) =>
      api<Banner>(`/api/admin/banners/${id}`, { method: 'PATCH', body: { active } }),
    onSettled: () => client.invalidateQueries({ queryKey: bannerKeys.all }),
  });
}

export function useDeleteBanner() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<void>(`/api/admin/banners/${id}`, { method: 'DELETE' }),
    onSettled: () => client.invalidateQueries({ queryKey: bannerKeys.all }),
  });
}
