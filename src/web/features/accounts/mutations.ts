import type {
  ConfirmationResendInput,
  ConfirmationResent,
  LoginInput,
  Me,
  PasswordResetInput,
  PasswordResetRequested,
  PasswordResetRequestInput,
  RegisterInput,
} from '@shared/accounts';
import { paths, withQuery } from '@shared/paths';
import { RETURN_PARAM } from '@shared/return-path';
import type { LoginResponse, TwoFactorCodeInput } from '@shared/two-factor';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { accountKeys } from './api';

/** Queries whose answer depends on who is signed in (not `me` itself, the game list or the providers). */
export function isUserScoped(queryKey: readonly unknown[]): boolean {
  if (queryKey[0] === 'games') return false;
  if (queryKey[0] === 'accounts' && (queryKey[1] === 'me' || queryKey[1] === 'providers')) return false;
  return true;
}

/**
 * The password step of a sign-in. Resolves with the member, or with null when two-factor is on: no session yet,
 * the page asks for the code next ({@link useTwoFactorLogin}).
 */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginInput) =>
      api<LoginResponse>('/api/accounts/login', { method: 'POST', body: input }).then((body) => body.user),
    onSuccess: (user) => {
      if (!user) return;
      queryClient.removeQueries({
        predicate: (query) => isUserScoped(query.queryKey),
      });
      queryClient.setQueryData(accountKeys.me, user);
    },
  });
}

/** The code step of a sign-in (app code or backup code): creates the session. */
export function useTwoFactorLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TwoFactorCodeInput) =>
      api<{ user: Me }>('/api/accounts/login/two-factor', { method: 'POST', body: input }).then(
        (body) => body.user,
      ),
    onSuccess: (user) => {
      queryClient.removeQueries({
        predicate: (query) => isUserScoped(query.queryKey),
      });
      queryClient.setQueryData(accountKeys.me, user);
    },
  });
}

export function useRegister() {
  return useMutation({
    mutationFn: (input: RegisterInput) =>
      api<{ ok: true }>('/api/accounts/register', { method: 'POST', body: input }),
  });
}

/** 'Reenviar email': the server allows one a minute per address and says how long to wait. */
export function useResendConfirmation() {
  return useMutation({
    mutationFn: (input: ConfirmationResendInput) =>
      api<ConfirmationResent>('/api/accounts/confirmation/resend', { method: 'POST', body: input }),
  });
}

/** 'Esqueci minha senha': the server answers the same whether the address has an account or not. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (input: PasswordResetRequestInput) =>
      api<PasswordResetRequested>('/api/accounts/password-reset', { method: 'POST', body: input }),
  });
}

/** Sets the new password with the mailed token; the server ends every session, this browser's included. */
export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PasswordResetInput) =>
      api<void>('/api/accounts/password-reset/confirm', { method: 'POST', body: input }),
    onSuccess: () => {
      queryClient.removeQueries({ predicate: (query) => isUserScoped(query.queryKey) });
      queryClient.setQueryData(accountKeys.me, null);
    },
  });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<void>('/api/accounts/logout', { method: 'POST' }),
    onSuccess: () => {
      queryClient.removeQueries({ predicate: (query) => isUserScoped(query.queryKey) });
      queryClient.setQueryData(accountKeys.me, null);
    },
  });
}

interface OAuthStart {
  url: string;
  redirect: boolean;
}

/**
 * Starts the Discord sign-in: the server answers the provider's URL, which the browser then opens. The callback
 * comes back to `returnTo` (the page a guest was on), else /home; a failure to /login, keeping it.
 */
export function useDiscordSignIn(returnTo: string | undefined) {
  return useMutation({
    mutationFn: () =>
      api<OAuthStart>('/api/auth/sign-in/social', {
        method: 'POST',
        body: {
          provider: 'discord',
          callbackURL: returnTo ?? paths.home,
          errorCallbackURL: withQuery(paths.login, { erro: 'discord', [RETURN_PARAM]: returnTo }),
        },
      }),
    onSuccess: ({ url }) => {
      window.location.assign(url);
    },
  });
}
