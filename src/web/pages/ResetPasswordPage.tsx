import { zodResolver } from '@hookform/resolvers/zod';
import { accountMessages } from '@shared/account-messages';
import { type PasswordResetInput, passwordResetInput } from '@shared/accounts';
import { Button } from '@web/components/ui/button';
import { Field } from '@web/components/ui/field';
import { AuthCard } from '@web/features/accounts/AuthCard';
import { useResetPassword } from '@web/features/accounts/mutations';
import { PasswordChecklist } from '@web/features/accounts/PasswordChecklist';
import { PasswordInput } from '@web/features/accounts/PasswordInput';
import { applyServerFieldErrors } from '@web/features/accounts/server-errors';
import { isApiError } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import { TriangleAlert } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';

const fieldNames = ['password', 'confirmPassword'] as const;

function describedBy(id: string, hasError: boolean) {
  return {
    'aria-invalid': hasError ? true : undefined,
    'aria-describedby': hasError ? `${id}-error` : undefined,
  } as const;
}

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
        navigate('/login', { replace: true });
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
          <Link to="/login" className="font-semibold text-accent hover:underline">
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
          <Link to="/esqueci-senha" className="text-sm font-semibold text-accent hover:underline">
            Pedir um novo link
          </Link>
        </div>
      ) : (
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
          <Field
            htmlFor="password"
            label="Nova senha"
            error={errors.password?.message}
            hint={<PasswordChecklist password={password} />}
          >
            <PasswordInput
              id="password"
              autoComplete="new-password"
              placeholder="Mínimo de 6 caracteres"
              {...describedBy('password', Boolean(errors.password))}
              {...register('password')}
            />
          </Field>
          <Field
            htmlFor="confirmPassword"
            label="Confirmar nova senha"
            error={errors.confirmPassword?.message}
          >
            <PasswordInput
              id="confirmPassword"
              autoComplete="new-password"
              placeholder="Repita a nova senha"
              {...describedBy('confirmPassword', Boolean(errors.confirmPassword))}
              {...register('confirmPassword')}
            />
          </Field>
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
