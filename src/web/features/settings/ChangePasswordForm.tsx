import { zodResolver } from '@hookform/resolvers/zod';
import { type ChangePasswordInput, changePasswordInput } from '@shared/settings';
import { settingsMessages as m } from '@shared/settings-messages';
import { PasswordInput } from '@web/components/PasswordInput';
import { Button } from '@web/components/ui/button';
import { describedBy, Field } from '@web/components/ui/field';
import { applyServerFieldErrors } from '@web/lib/server-errors';
import { toast } from '@web/lib/toast';
import { type FieldErrors, useForm } from 'react-hook-form';
import { useChangePassword } from './api';

const fieldNames = ['currentPassword', 'newPassword', 'confirmPassword'] as const;

/** The spec's toast title for each of its three rules (part 1 §5). */
const titles: Record<string, string> = {
  [m.passwordFieldsRequired]: m.passwordFieldsRequiredTitle,
  [m.passwordsDiffer]: m.passwordsDifferTitle,
  [m.passwordTooShort]: m.passwordTooShortTitle,
};

/** Current password (checked on the server), new one and its confirmation; the other sessions end on success. */
export function ChangePasswordForm({ idPrefix }: { idPrefix: string }) {
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<ChangePasswordInput>({
    resolver: zodResolver(changePasswordInput),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });

  const onInvalid = (invalid: FieldErrors<ChangePasswordInput>) => {
    const message = fieldNames.map((name) => invalid[name]?.message).find(Boolean);
    if (message) toast.error(titles[message] ?? m.passwordChangeFailedTitle, { description: message });
  };

  const onSubmit = handleSubmit((values) => {
    change.mutate(values, {
      onSuccess: () => {
        reset();
        toast.success(m.successTitle, { description: `${m.passwordChanged} ${m.passwordChangedDetail}` });
      },
      onError: (error) => {
        toast.error(m.passwordChangeFailedTitle, { description: error.message || m.passwordChangeFailed });
        applyServerFieldErrors<ChangePasswordInput>(error, fieldNames, setError);
      },
    });
  }, onInvalid);

  const id = (name: string) => `${idPrefix}-${name}`;
  const fields = [
    ['currentPassword', 'Senha atual', 'current-password'],
    ['newPassword', 'Nova senha', 'new-password'],
    ['confirmPassword', 'Confirmar nova senha', 'new-password'],
  ] as const;
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-3">
      {fields.map(([name, label, autoComplete]) => (
        <Field key={name} htmlFor={id(name)} label={label} error={errors[name]?.message}>
          <PasswordInput
            id={id(name)}
            autoComplete={autoComplete}
            {...register(name)}
            {...describedBy(id(name), Boolean(errors[name]))}
          />
        </Field>
      ))}
      <div className="flex flex-col gap-2 sm:col-span-3 sm:flex-row sm:items-center sm:gap-4">
        <Button type="submit" variant="secondary" busy={change.isPending} className="self-start">
          {change.isPending ? 'Alterando...' : 'Alterar senha'}
        </Button>
        <p className="text-xs text-subtle">
          Ao alterar, as outras sessões abertas da sua conta serão encerradas.
        </p>
      </div>
    </form>
  );
}
