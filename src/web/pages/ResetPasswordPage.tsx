import { zodResolver } from '@hookform/resolvers/zod';
import { accountMessages } from '@shared/account-messages';
import { type PasswordResetInput, passwordResetInput } from '@shared/accounts';
import { paths } from '@shared/paths';
import { Button } from '@web/components/ui/button';
import { AuthCard } from '@web/features/accounts/AuthCard';
import { useResetPassword } from '@web/features/accounts/mutations';
import { NewPasswordFields } from '@web/features/accounts/NewPasswordFields';
import { isApiError } from '@web/lib/api';
import { applyServerFieldErrors } from '@web/lib/server-errors';
import { toast } from '@web/lib/toast';
import { TriangleAlert } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';

const fieldNames = ['password', 'confirmPassword'] as const;

/** '/redefinir-senha?token=…': the page the reset mail links to; chooses the new password. */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const resetPassword = useResetPassword();
  const navigate = useNavigate();

  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm<PasswordResetInput>({
    resolver: zodResolver(passwordResetInput),
    defaultValues: { token, password: '', confirmPassword: '' },
  });
  const password = useWatch({ control, name: 'password' });

  const linkRefused =
    !token || (isApiError(resetPassword.error) && resetPassword.error.code === 'RESET_LINK_INVALID');

  const onSubmit = handleSubmit((values) => {
    resetPassword.mutate(values, {
      onSuccess: () => {
        toast.success(accountMessages.passwordResetDone, {
          description: accountMessages.passwordResetDoneDetail,
        });
        navigate(paths.login, { replace: true });
      },
      onError: (error) => {
        toast.error(accountMessages.passwordResetTitle, { description: error.message });
        applyServerFieldErrors<PasswordResetInput>(error, fieldNames, setError);
      },
    });
  });

  return (
    <AuthCard
      title="Redefinir senha"
      subtitle={
        linkRefused
          ? 'Não foi possível usar este link.'
          : 'Escolha uma nova senha. Ao salvar, todas as sessões abertas da sua conta serão encerradas.'
      }
      footer={
        <>
          Lembrou a senha?{' '}
          <Link to={paths.login} className="font-semibold text-accent hover:underline">
            Entrar
          </Link>
        </>
      }
    >
      <title>Redefinir senha | Mercado Gamer</title>
      {linkRefused ? (
        <div role="alert" className="flex flex-col items-center gap-3 text-center">
          <TriangleAlert aria-hidden className="size-10 text-danger" />
          <p className="text-sm text-fg">{accountMessages.passwordResetLinkInvalid}</p>
          <Link to={paths.forgotPassword} className="text-sm font-semibold text-accent hover:underline">
            Pedir um novo link
          </Link>
        </div>
      ) : (
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
          <NewPasswordFields
            labels={{
              password: 'Nova senha',
              confirmPassword: 'Confirmar nova senha',
              confirmPlaceholder: 'Repita a nova senha',
            }}
            value={password}
            password={register('password')}
            confirmPassword={register('confirmPassword')}
            errors={{ password: errors.password?.message, confirmPassword: errors.confirmPassword?.message }}
          />
          <Button
            type="submit"
            size="lg"
            className="mt-2 w-full"
            busy={resetPassword.isPending || resetPassword.isSuccess}
          >
            {resetPassword.isPending ? 'Salvando...' : 'Salvar nova senha'}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
