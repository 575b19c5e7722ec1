import type {
  ActiveSession,
  ActivityReport,
  ChangePasswordInput,
  DeleteAccountInput,
  LoginAttempt,
  MyProfile,
  ProfileInput,
  UserSettings,
  UserSettingsInput,
} from '@shared/settings';
import type { TwoFactorBackupCodes, TwoFactorSetup, TwoFactorStatus } from '@shared/two-factor';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { uploadForm } from '@web/lib/upload';
import { accountKeys } from '../accounts/api';
import { isUserScoped } from '../accounts/mutations';

const base = '/api/accounts/me';

export const settingsKeys = {
  profile: ['settings', 'profile'] as const,
  switches: ['settings', 'switches'] as const,
  sessions: ['settings', 'sessions'] as const,
  loginHistory: ['settings', 'login-history'] as const,
  activity: ['settings', 'activity'] as const,
};

/** Where 'Baixar meus dados' points: the server answers a JSON attachment. */
export const DATA_EXPORT_URL = `${base}/export`;

export function useMyProfile() {
  return useQuery({
    queryKey: settingsKeys.profile,
    queryFn: ({ signal }) => api<MyProfile>(`${base}/profile`, { signal }),
  });
}

/** After a change to the name or picture, the shell's user (menu, avatar) reads it again. */
function useProfileSaved() {
  const queryClient = useQueryClient();
  return (profile: MyProfile) => {
    queryClient.setQueryData(settingsKeys.profile, profile);
    void queryClient.invalidateQueries({ queryKey: accountKeys.me });
  };
}

export function useUpdateProfile() {
  const onSaved = useProfileSaved();
  return useMutation({
    mutationFn: (input: ProfileInput) => api<MyProfile>(`${base}/profile`, { method: 'PUT', body: input }),
    onSuccess: onSaved,
  });
}

export function useUploadAvatar() {
  const onSaved = useProfileSaved();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('avatar', file);
      return uploadForm<MyProfile>(`${base}/avatar`, { method: 'PUT', body });
    },
    onSuccess: onSaved,
  });
}

/** The member's switches; also read outside React (notifications/live.ts asks the push switch). */
export const userSettingsQuery = {
  queryKey: settingsKeys.switches,
  queryFn: ({ signal }: { signal?: AbortSignal }) => api<UserSettings>(`${base}/settings`, { signal }),
};

export function useUserSettings() {
  return useQuery(userSettingsQuery);
}

/** Turns switches at once on screen; the server's answer (or the old state, on failure) settles them. */
export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UserSettingsInput) =>
      api<UserSettings>(`${base}/settings`, { method: 'PUT', body: input }),
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey: settingsKeys.switches });
      const previous = queryClient.getQueryData<UserSettings>(settingsKeys.switches);
      if (previous) {
        queryClient.setQueryData<UserSettings>(settingsKeys.switches, {
          notifications: { ...previous.notifications, ...input.notifications },
          privacy: { ...previous.privacy, ...input.privacy },
        });
      }
      return { previous };
    },
    onError: (_error, _input, context) => {
      if (context?.previous) queryClient.setQueryData(settingsKeys.switches, context.previous);
    },
    onSuccess: (settings) => queryClient.setQueryData(settingsKeys.switches, settings),
  });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ChangePasswordInput) =>
      api<void>(`${base}/password`, { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.sessions }),
  });
}

export function useSessions() {
  return useQuery({
    queryKey: settingsKeys.sessions,
    queryFn: ({ signal }) =>
      api<{ sessions: ActiveSession[] }>(`${base}/sessions`, { signal }).then((body) => body.sessions),
  });
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`${base}/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.sessions }),
  });
}

export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<void>(`${base}/sessions/end-others`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.sessions }),
  });
}

export function useLoginHistory(enabled: boolean) {
  return useQuery({
    queryKey: settingsKeys.loginHistory,
    queryFn: ({ signal }) =>
      api<{ attempts: LoginAttempt[] }>(`${base}/login-history`, { signal }).then((body) => body.attempts),
    enabled,
  });
}

export function useActivityReport(enabled: boolean) {
  return useQuery({
    queryKey: settingsKeys.activity,
    queryFn: ({ signal }) => api<ActivityReport>(`${base}/activity`, { signal }),
    enabled,
  });
}

/** 'Excluir conta'. The server ends every session; the caller leaves the page, then calls `forgetUser`. */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (input: DeleteAccountInput) => api<void>(`${base}/delete`, { method: 'POST', body: input }),
  });
  /**
   * Forgets the user as a sign-out does. `me` is reset (to loading, not to null) and read again, so the page
   * being left does not send the now guest to /login before the navigation lands; what depended on the user
   * goes once `me` answers null.
   */
  const forgetUser = async () => {
    await queryClient.resetQueries({ queryKey: accountKeys.me });
    queryClient.removeQueries({ predicate: (query) => isUserScoped(query.queryKey) });
  };
  return { ...mutation, forgetUser };
}

const twoFactorBase = `${base}/two-factor`;
export const twoFactorKey = ['settings', 'two-factor'] as const;

export function useTwoFactorStatus() {
  return useQuery({
    queryKey: twoFactorKey,
    queryFn: ({ signal }) => api<TwoFactorStatus>(twoFactorBase, { signal }),
  });
}

/** Checks the password and starts the setup (QR, secret, backup codes); nothing is in force yet. */
export function useStartTwoFactor() {
  return useMutation({
    mutationFn: (password: string) =>
      api<TwoFactorSetup>(`${twoFactorBase}/enable`, { method: 'POST', body: { password } }),
  });
}

/** The first code from the app turns two-factor on (the server replaces the session cookie). */
export function useConfirmTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api<void>(`${twoFactorBase}/confirm`, { method: 'POST', body: { code } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: twoFactorKey });
      void queryClient.invalidateQueries({ queryKey: settingsKeys.sessions });
    },
  });
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) =>
      api<void>(`${twoFactorBase}/disable`, { method: 'POST', body: { password } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: twoFactorKey });
      void queryClient.invalidateQueries({ queryKey: settingsKeys.sessions });
    },
  });
}

export function useRegenerateBackupCodes() {
  return useMutation({
    mutationFn: (password: string) =>
      api<TwoFactorBackupCodes>(`${twoFactorBase}/backup-codes`, { method: 'POST', body: { password } }),
  });
}
