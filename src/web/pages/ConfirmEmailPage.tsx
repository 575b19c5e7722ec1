import { zodResolver } from '@hookform/resolvers/zod';
import { accountMessages } from '@shared/account-messages';
import {
  CONFIRMATION_LINK_HOURS,
  type PasswordResetRequestInput,
  passwordResetRequestInput,
} from '@shared/accounts';
import { paths } from '@shared/paths';
import { returnPathOrNone, withReturnPath } from '@shared/return-path';
import { Button } from '@web/components/ui/button';
import { AuthCard } from '@web/features/accounts/AuthCard';
import { EmailField } from '@web/features/accounts/EmailField';
import { FormAlert } from '@web/features/accounts/FormAlert';
import { useResendConfirmation } from '@web/features/accounts/mutations';
import { MailCheck, RotateCw } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link, useLocation } from 'react-router';

/** What the sign-up (or an unconfirmed sign-in) hands this page: the address, and where the member was headed. */
interface ConfirmState {
  email?: string;
  returnTo?: string;
}

/**
 * '/confirme-email': where a sign-up ends. Names the address the link went to, how long it lasts, and resends it
 * (the server allows one a minute per address and says how long to wait). Reached without an address (a reload in
 * another tab, a bookmark), it asks for one.
 */
export default function ConfirmEmailPage() {
  const state = (useLocation().state ?? {}) as ConfirmState;
  const returnTo = returnPathOrNone(state.returnTo);
  const resend = useResendConfirmation();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<PasswordResetRequestInput>({
    resolver: zodResolver(passwordResetRequestInput),
    defaultValues: { email: state.email ?? '' },
  });

  const onSubmit = handleSubmit(({ email }) => resend.mutate({ email, returnTo }));

  return (
    <AuthCard
      title="Confirme seu email"
      subtitle="Falta só um passo para ativar sua conta."
      footer={
        <>
          Já confirmou?{' '}
          <Link
            to={withReturnPath(paths.login, returnTo)}
            className="font-semibold text-accent hover:underline"
          >
            Entrar
          </Link>
        </>
      }
    >
      <title>Confirme seu email | Mercado Gamer</title>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <div className="flex flex-col items-center gap-3 text-center">
          <MailCheck aria-hidden className="size-10 text-accent" />
          {state.email ? (
            <p className="text-sm text-fg">
              Enviamos um link de confirmação para{' '}
              <strong className="font-semibold break-all">{state.email}</strong>. Abra o email e clique no
              link para ativar sua conta.
            </p>
          ) : (
            <p className="text-sm text-fg">
              Enviamos um link de confirmação para o seu email. Abra o email e clique no link para ativar sua
              conta.
            </p>
          )}
          <p className="text-xs text-muted">
            O link vale por {CONFIRMATION_LINK_HOURS} horas. Não chegou? Veja também a caixa de spam ou peça
            outro.
          </p>
        </div>
        {!state.email && <EmailField registration={register('email')} error={errors.email?.message} />}
        {resend.isSuccess && (
          <p role="status" className="rounded-lg border border-accent/30 bg-accent-soft p-3 text-sm text-fg">
            {resend.data.message}
          </p>
        )}
        {resend.error && (
          <FormAlert title={accountMessages.confirmationResendTitle}>
            <p>{resend.error.message}</p>
          </FormAlert>
        )}
        <Button type="submit" variant="secondary" size="lg" className="w-full" busy={resend.isPending}>
          {!resend.isPending && <RotateCw aria-hidden />}
          {resend.isPending ? 'Reenviando...' : 'Reenviar email'}
        </Button>
      </form>
    </AuthCard>
  );
}
