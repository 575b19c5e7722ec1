import { PasswordInput } from '@web/components/PasswordInput';
import { describedBy, Field } from '@web/components/ui/field';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { PasswordChecklist } from './PasswordChecklist';

interface NewPasswordFieldsProps {
  /** 'Senha' at sign-up, 'Nova senha' when resetting. */
  labels: { password: string; confirmPassword: string; confirmPlaceholder: string };
  /** What is typed so far, for the live checklist. */
  value: string;
  password: UseFormRegisterReturn<'password'>;
  confirmPassword: UseFormRegisterReturn<'confirmPassword'>;
  errors: { password?: string | undefined; confirmPassword?: string | undefined };
}

/** A new password with its live checklist, then its confirmation (sign-up and password reset). */
export function NewPasswordFields({
  labels,
  value,
  password,
  confirmPassword,
  errors,
}: NewPasswordFieldsProps) {
  return (
    <>
      <Field
        htmlFor="password"
        label={labels.password}
        error={errors.password}
        hint={<PasswordChecklist password={value} />}
      >
        <PasswordInput
          id="password"
          autoComplete="new-password"
          placeholder="Mínimo de 6 caracteres"
          {...describedBy('password', Boolean(errors.password))}
          {...password}
        />
      </Field>
      <Field htmlFor="confirmPassword" label={labels.confirmPassword} error={errors.confirmPassword}>
        <PasswordInput
          id="confirmPassword"
          autoComplete="new-password"
          placeholder={labels.confirmPlaceholder}
          {...describedBy('confirmPassword', Boolean(errors.confirmPassword))}
          {...confirmPassword}
        />
      </Field>
    </>
  );
}
