import { zodResolver } from '@hookform/resolvers/zod';
import { accountMessages } from '@shared/account-messages';
import type { Me } from '@shared/accounts';
import { type LoginInput, loginInput } from '@shared/accounts';
import { pageMeta } from '@shared/page-meta';
import { paths } from '@shared/paths';
import { withReturnPath } from '@shared/return-path';
import { twoFactorMessages } from '@shared/settings-messages';
import { PasswordInput } from '@web/components/PasswordInput';
import { Button } from '@web/components/ui/button';
import { describedBy, Field } from '@web/components/ui/field';
import { AuthCard } from '@web/features/accounts/AuthCard';
import { useMe } from '@web/features/accounts/api';
import { DiscordButton } from '@web/features/accounts/DiscordButton';
import { EmailField } from '@web/features/accounts/EmailField';
import { FormAlert } from '@web/features/accounts/FormAlert';
import { useLogin } from '@web/features/accounts/mutations';
import { useReturnPath } from '@web/features/accounts/return-path';
import { TwoFactorStep } from '@web/features/accounts/TwoFactorStep';
import { isApiError } from '@web/lib/api';
import { applyServerFieldErrors } from '@web/lib/server-errors';
import { toast } from '@web/lib/toast';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';

const fieldNames = ['email', 'password'] as const;

/**
 * '/login': e-mail and password, or Discord. '?destino=/listing/12?acao=comprar' is where a guest was (a path of this
 * site only, shared/return-path.ts): the sign-in goes back there and the page resumes the action. A Discord sign-in
 * of an account with two-factor on comes back to '/login?etapa=codigo&destino=…' (server: auth/oauth-sign-in.ts):
 * the code step, then where it was headed.
 */
export default function LoginPage() {
  const me = useMe();
  const login = useLogin();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [needsCode, setNeedsCode] = useState(() => params.get('etapa') === 'codigo');
  const returnTo = useReturnPath();
  const destination = returnTo ?? paths.home;
  useDiscordErrorToast();

  const {
    register,
    handleSubmit,
    setError,
    getValues,
    formState: { errors },
  } = useForm<LoginInput>({ resolver: zodResolver(loginInput), defaultValues: { email: '', password: '' } });

  // Already signed in (checked once `me` has loaded): nothing to do here. The code step navigates by itself.
  if (me.data && login.isIdle && !needsCode) return <Navigate to={destination} replace />;

  const signedIn = () => {
    toast.success(accountMessages.signInSuccess, { description: accountMessages.signInSuccessDetail });
    navigate(destination, { replace: true });
  };

  const onSubmit = handleSubmit((values) => {
    login.mutate(
      { ...values, returnTo },
      {
        onSuccess: (user: Me | null) => {
          if (user) signedIn();
          else setNeedsCode(true);
        },
        // Said at the form (FormAlert below), where it stays until the next try.
        onError: (error) => applyServerFieldErrors<LoginInput>(error, fieldNames, setError),
      },
    );
  });

  if (needsCode) {
    return (
      <AuthCard
        title="Entrar"
        subtitle={twoFactorMessages.stepSubtitle}
        footer={
          <>
            Perdeu o celular? Use um dos seus códigos de backup.{' '}
            <Link to={paths.help} className="font-semibold text-accent hover:underline">
              Precisa de ajuda?
            </Link>
          </>
        }
      >
        <title>Verificação em duas etapas | Mercado Gamer</title>
        <TwoFactorStep
          onSignedIn={signedIn}
          onRestart={(message) => {
            setNeedsCode(false);
            login.reset();
            // Back to the form: a reload must not reopen the code step a Discord sign-in opened.
            if (params.has('etapa')) setParams({}, { replace: true });
            if (message) toast.error(accountMessages.signInTitle, { description: message });
          }}
        />
      </AuthCard>
    );
  }

  const failure = login.error;
  const unconfirmed = isApiError(failure) && failure.code === 'EMAIL_NOT_CONFIRMED';

  return (
    <AuthCard
      title="Entrar"
      subtitle="Acesse sua conta para comprar, vender e negociar com segurança."
      footer={
        <>
          Não tem uma conta?{' '}
          <Link
            to={withReturnPath(paths.register, returnTo)}
            className="font-semibold text-accent hover:underline"
          >
            Cadastre-se
          </Link>
        </>
      }
    >
      <title>{pageMeta['/login'].title}</title>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        {failure && (
          <FormAlert title={accountMessages.signInTitle}>
            <p>{failure.message}</p>
            {unconfirmed && (
              <Link
                to={paths.confirmEmail}
                state={{ email: getValues('email'), returnTo }}
                className="mt-1 inline-block font-semibold text-accent hover:underline"
              >
                Reenviar email de confirmação
              </Link>
            )}
          </FormAlert>
        )}
        <EmailField registration={register('email')} error={errors.email?.message} />
        <Field htmlFor="password" label="Senha" error={errors.password?.message}>
          <PasswordInput
            id="password"
            autoComplete="current-password"
            placeholder="Sua senha"
            {...describedBy('password', Boolean(errors.password))}
            {...register('password')}
          />
        </Field>
        <Link
          to={paths.forgotPassword}
          className="-mt-1 self-end text-sm font-medium text-accent hover:underline"
        >
          Esqueci minha senha
        </Link>
        <Button type="submit" size="lg" className="mt-2 w-full" busy={login.isPending || login.isSuccess}>
          {login.isPending ? 'Entrando...' : 'Entrar'}
        </Button>
      </form>
      <DiscordButton returnTo={returnTo} />
    </AuthCard>
  );
}

/**
 * Discord sends failed sign-ins back to /login?erro=discord, with better-auth's `error` code: say so once and clean
 * the URL. A suspension is named by its code only; its `error_description` is never shown, as anyone can write one
 * into a link.
 */
function useDiscordErrorToast() {
  const [params, setParams] = useSearchParams();
  const failed = params.get('erro') === 'discord';
  const suspended = params.get('error') === 'ACCOUNT_SUSPENDED';
  const shown = useRef(false);

  useEffect(() => {
    if (!failed || shown.current) return;
    shown.current = true;
    toast.error(accountMessages.signInTitle, {
      description: suspended ? accountMessages.discordSuspended : accountMessages.discordFailed,
    });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const key of ['erro', 'error', 'error_description']) next.delete(key);
        return next;
      },
      { replace: true },
    );
  }, [failed, suspended, setParams]);
}
