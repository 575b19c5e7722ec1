import { zodResolver } from '@hookform/resolvers/zod';
import { accountMessages } from '@shared/account-messages';
import { type PasswordResetRequestInput, passwordResetRequestInput } from '@shared/accounts';
import { pageMeta } from '@shared/page-meta';
import { paths } from '@shared/paths';
import { Button } from '@web/components/ui/button';
import { AuthCard } from '@web/features/accounts/AuthCard';
import { EmailField } from '@web/features/accounts/EmailField';
import { useRequestPasswordReset } from '@web/features/accounts/mutations';
import { applyServerFieldErrors } from '@web/lib/server-errors';
import { toast } from '@web/lib/toast';
import { MailCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';

const fieldNames = ['email'] as const;

/** '/esqueci-senha': asks for a reset link; the answer never says whether the address has an account. */
export default function ForgotPasswordPage() {
  const requestReset = useRequestPasswordReset();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<PasswordResetRequestInput>({
    resolver: zodResolver(passwordResetRequestInput),
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit((values) => {
    requestReset.mutate(values, {
      onError: (error) => {
        toast.error(accountMessages.passwordResetTitle, { description: error.message });
        applyServerFieldErrors<PasswordResetRequestInput>(error, fieldNames, setError);
      },
    });
  });

  return (
    <AuthCard
      title="Esqueci minha senha"
      subtitle="Informe o email da sua conta e enviaremos um link para você escolher uma nova senha."
      footer={
        <>
          Lembrou a senha?{' '}
          <Link to={paths.login} className="font-semibold text-accent hover:underline">
            Entrar
          </Link>
        </>
      }
    >
      <title>{pageMeta['/esqueci-senha'].title}</title>
      {requestReset.isSuccess ? (
        <div role="status" className="flex flex-col items-center gap-3 text-center">
          <MailCheck aria-hidden className="size-10 text-accent" />
          <p className="text-sm text-fg">{requestReset.data.message}</p>
          <p className="text-xs text-muted">O link vale por 1 hora e pode ser usado uma única vez.</p>
        </div>
      ) : (
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
          <EmailField registration={register('email')} error={errors.email?.message} />
          <Button type="submit" size="lg" className="mt-2 w-full" busy={requestReset.isPending}>
            {requestReset.isPending ? 'Enviando...' : 'Enviar link'}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
