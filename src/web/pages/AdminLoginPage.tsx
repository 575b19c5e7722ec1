import { zodResolver } from '@hookform/resolvers/zod';
import { type LoginInput, loginInput, type Me } from '@shared/accounts';
import { adminMessages as m } from '@shared/admin-messages';
import { PasswordInput } from '@web/components/PasswordInput';
import { Button } from '@web/components/ui/button';
import { describedBy, Field } from '@web/components/ui/field';
import { useMe } from '@web/features/accounts/api';
import { EmailField } from '@web/features/accounts/EmailField';
import { useLogin, useLogout } from '@web/features/accounts/mutations';
import { TwoFactorStep } from '@web/features/accounts/TwoFactorStep';
import { adminReturnPath } from '@web/features/admin/redirect';
import { formatLongDateBrasilia } from '@web/lib/format';
import { toast } from '@web/lib/toast';
import { ShieldCheck, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate, useNavigate, useSearchParams } from 'react-router';

/** '/admin/login' (part 2 §2): the same sign-in as /login, then the staff role is required. */
export default function AdminLoginPage() {
  const me = useMe();
  const login = useLogin();
  const logout = useLogout();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const back = adminReturnPath(params.get('de'));
  const [alert, setAlert] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const [needsCode, setNeedsCode] = useState(false);

  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginInput>({ resolver: zodResolver(loginInput), defaultValues: { email: '', password: '' } });

  // Staff already signed in go straight to the panel.
  if (me.data?.role && login.isIdle) return <Navigate to={back} replace />;

  const fail = (message: string | undefined) => {
    setAlert(message || m.loginFailedInline);
    toast.error(m.loginFailedTitle, { description: message || m.loginFailedFallback });
  };

  const signedIn = (user: Me) => {
    if (!user.role) {
      // Signed in, but not staff: sign out again and say why.
      logout.mutate(undefined, {
        onSettled: () => {
          setChecking(false);
          setNeedsCode(false);
          login.reset();
          fail(m.loginNoRole);
        },
      });
      return;
    }
    toast.success(m.loginSuccess, { description: m.loginWelcome(user.email) });
    navigate(back, { replace: true });
  };

  const onSubmit = handleSubmit((values) => {
    setAlert(null);
    setChecking(true);
    login.mutate(values, {
      onSuccess: (user) => {
        if (user) {
          signedIn(user);
          return;
        }
        // Two-factor on: the code step replaces the form.
        setChecking(false);
        setNeedsCode(true);
      },
      onError: (error) => {
        setChecking(false);
        fail(error.message);
      },
    });
  });

  const busy = checking || login.isPending;

  return (
    <div className="relative isolate flex flex-1 items-start justify-center overflow-hidden px-4 py-8 sm:py-12">
      <title>Login Administrativo | Mercado Gamer</title>
      <div
        aria-hidden
        className="absolute top-0 left-1/2 -z-10 size-[28rem] -translate-x-1/2 rounded-full bg-accent/10 blur-[110px]"
      />
      <div className="w-full max-w-md rounded-2xl border border-line bg-surface/90 p-6 shadow-2xl shadow-black/50 backdrop-blur sm:p-8">
        <div className="mb-7 flex flex-col items-center text-center">
          <span className="mb-4 inline-flex size-12 items-center justify-center rounded-xl bg-accent-soft text-accent">
            <ShieldCheck aria-hidden className="size-6" />
          </span>
          <h1 className="font-display text-2xl font-bold tracking-wide text-fg">Painel Administrativo</h1>
          <p className="mt-2 text-sm text-muted">Entre com suas credenciais de administrador.</p>
        </div>
        {alert && (
          <div
            role="alert"
            className="mb-5 flex items-start gap-3 rounded-lg border border-danger/40 bg-danger/10 p-3 text-sm text-fg"
          >
            <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-danger" />
            {alert}
          </div>
        )}
        {needsCode ? (
          <TwoFactorStep
            idPrefix="admin-dois-fatores"
            onSignedIn={(user) => {
              setChecking(true);
              signedIn(user);
            }}
            onRestart={(message) => {
              setNeedsCode(false);
              login.reset();
              if (message) fail(message);
            }}
          />
        ) : (
          <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
            <EmailField registration={register('email')} error={errors.email?.message} />
            <Field htmlFor="password" label="Senha" error={errors.password?.message}>
              <PasswordInput
                id="password"
                autoComplete="current-password"
                placeholder="Sua senha"
                required
                {...describedBy('password', Boolean(errors.password))}
                {...register('password')}
              />
            </Field>
            <Button type="submit" size="lg" className="mt-2 w-full" busy={busy}>
              {busy ? 'Verificando credenciais...' : 'Acessar Painel'}
            </Button>
          </form>
        )}
        <div className="mt-6 flex flex-col gap-2 border-t border-line pt-5 text-center text-sm text-muted">
          <p>Acesso restrito a administradores do sistema.</p>
          <p className="inline-flex items-center justify-center gap-2 text-xs text-subtle">
            <span aria-hidden className="size-2 rounded-full bg-accent" />
            Sistema online · {formatLongDateBrasilia(new Date())}
          </p>
        </div>
      </div>
    </div>
  );
}
