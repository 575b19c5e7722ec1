import { describedBy, Field } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import type { UseFormRegisterReturn } from 'react-hook-form';

/** The account's e-mail, as sign-in, sign-up and password recovery ask for it. */
export function EmailField({
  registration,
  error,
}: {
  registration: UseFormRegisterReturn<'email'>;
  error: string | undefined;
}) {
  return (
    <Field htmlFor="email" label="Email" error={error}>
      <Input
        id="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        placeholder="voce@exemplo.com"
        {...describedBy('email', Boolean(error))}
        {...registration}
      />
    </Field>
  );
}
