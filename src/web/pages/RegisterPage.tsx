import { zodResolver } from '@hookform/resolvers/zod';
import { accountMessages } from '@shared/account-messages';
import { OTHER_GAME, type RegisterInput, registerInput } from '@shared/accounts';
import { pageMeta } from '@shared/page-meta';
import { paths } from '@shared/paths';
import { withReturnPath } from '@shared/return-path';
import { Button } from '@web/components/ui/button';
import { describedBy, Field } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { Select } from '@web/components/ui/select';
import { AuthCard } from '@web/features/accounts/AuthCard';
import { useMe } from '@web/features/accounts/api';
import { DiscordButton } from '@web/features/accounts/DiscordButton';
import { EmailField } from '@web/features/accounts/EmailField';
import { FormAlert } from '@web/features/accounts/FormAlert';
import { useRegister } from '@web/features/accounts/mutations';
import { NewPasswordFields } from '@web/features/accounts/NewPasswordFields';
import { useReturnPath } from '@web/features/accounts/return-path';
import { useGames } from '@web/features/games/api';
import { cn } from '@web/lib/cn';
import { applyServerFieldErrors } from '@web/lib/server-errors';
import { toast } from '@web/lib/toast';
import { useForm, useWatch } from 'react-hook-form';
import { Link, Navigate, useNavigate } from 'react-router';
import type { z } from 'zod';

/** What the form holds: the main game may be blank, which the schema turns into none. */
type FormInput = z.input<typeof registerInput>;

const fieldNames = ['email', 'nickname', 'mainGame', 'password', 'confirmPassword'] as const;

/**
 * '/register': e-mail, nickname, main game, password and confirmation, or Discord. It ends on 'Confirme seu email'
 * (ConfirmEmailPage); '?destino=' (where a guest was) travels with the sign-up into the confirmation link.
 */
export default function RegisterPage() {
  const me = useMe();
  const games = useGames();
  const signUp = useRegister();
  const navigate = useNavigate();
  const returnTo = useReturnPath();

  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm<FormInput, unknown, RegisterInput>({
    resolver: zodResolver(registerInput),
    defaultValues: { email: '', nickname: '', mainGame: '', password: '', confirmPassword: '' },
  });
  const password = useWatch({ control, name: 'password' });
  const mainGame = useWatch({ control, name: 'mainGame' });

  if (me.data && signUp.isIdle) return <Navigate to={returnTo ?? paths.home} replace />;

  const onSubmit = handleSubmit((values) => {
    signUp.mutate(
      { ...values, returnTo },
      {
        onSuccess: () => {
          toast.success(accountMessages.signUpSuccess, { description: accountMessages.signUpSuccessDetail });
          navigate(paths.confirmEmail, { state: { email: values.email, returnTo }, replace: true });
        },
        // Said at the form (FormAlert), and under the field the server named.
        onError: (error) => applyServerFieldErrors<FormInput>(error, fieldNames, setError),
      },
    );
  });

  return (
    <AuthCard
      title="Criar conta"
      subtitle="Junte-se à comunidade e negocie itens, contas e skins com segurança."
      footer={
        <>
          Já tem uma conta?{' '}
          <Link
            to={withReturnPath(paths.login, returnTo)}
            className="font-semibold text-accent hover:underline"
          >
            Faça login
          </Link>
        </>
      }
    >
      <title>{pageMeta['/register'].title}</title>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        {signUp.error && (
          <FormAlert title={accountMessages.signUpTitle}>
            <p>{signUp.error.message}</p>
          </FormAlert>
        )}
        <EmailField registration={register('email')} error={errors.email?.message} />
        <Field htmlFor="nickname" label="Nickname" error={errors.nickname?.message}>
          <Input
            id="nickname"
            autoComplete="nickname"
            placeholder="Ex.: PedroGamer (sem espaços)"
            maxLength={40}
            {...describedBy('nickname', Boolean(errors.nickname))}
            {...register('nickname')}
          />
        </Field>
        <Field htmlFor="mainGame" label="Jogo principal (opcional)" error={errors.mainGame?.message}>
          <Select
            id="mainGame"
            disabled={games.isPending}
            className={cn(!mainGame && 'text-subtle', '[&>option]:text-fg')}
            {...describedBy('mainGame', Boolean(errors.mainGame))}
            {...register('mainGame')}
          >
            <option value="">
              {games.isPending ? 'Carregando jogos...' : 'Selecione seu jogo principal'}
            </option>
            {games.data?.map((game) => (
              <option key={game.id} value={game.slug}>
                {game.name}
              </option>
            ))}
            <option value={OTHER_GAME}>Outro</option>
          </Select>
        </Field>
        <NewPasswordFields
          labels={{
            password: 'Senha',
            confirmPassword: 'Confirmar senha',
            confirmPlaceholder: 'Repita a senha',
          }}
          value={password}
          password={register('password')}
          confirmPassword={register('confirmPassword')}
          errors={{ password: errors.password?.message, confirmPassword: errors.confirmPassword?.message }}
        />
        <Button type="submit" size="lg" className="mt-2 w-full" busy={signUp.isPending}>
          {signUp.isPending ? 'Criando conta...' : 'Criar conta'}
        </Button>
        <p className="text-center text-xs text-muted">
          Ao criar sua conta, você concorda com os{' '}
          <Link to={paths.terms} className="font-medium text-accent underline-offset-2 hover:underline">
            Termos de Uso
          </Link>{' '}
          e a{' '}
          <Link to={paths.privacy} className="font-medium text-accent underline-offset-2 hover:underline">
            Política de Privacidade
          </Link>
          .
        </p>
      </form>
      <DiscordButton returnTo={returnTo} />
    </AuthCard>
  );
}
