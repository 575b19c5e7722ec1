import type { PixKeyConfirmation, PixKeyConfirmWith } from '@shared/pix';
import { pixMessages as m } from '@shared/pix-messages';
import { PasswordInput } from '@web/components/PasswordInput';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@web/components/ui/dialog';
import { describedBy, Field } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { isApiError } from '@web/lib/api';
import { type FormEvent, useId, useState } from 'react';

/** The server's refusal of a confirmation: under the input when it names it, otherwise above the buttons. */
export interface ConfirmRefusal {
  input: string | undefined;
  form: string | undefined;
}

/** Splits an answer's error into the input's message and the form's. */
export function refusalOf(error: unknown, fallback: string): ConfirmRefusal {
  if (isApiError(error) && error.isClientError) {
    const input = error.fields.password ?? error.fields.code;
    return input ? { input, form: undefined } : { input: undefined, form: error.message };
  }
  return { input: undefined, form: fallback };
}

export interface ConfirmDefaultDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** What the server expects: the password, the app's code, or nothing can confirm (no password). */
  confirmWith: PixKeyConfirmWith;
  title: string;
  description: string;
  submitLabel: string;
  busy: boolean;
  danger?: boolean;
  refusal: ConfirmRefusal | null;
  /** What an account without a password is told (the payout identity's words, issue 36); the PIX keys' by default. */
  noPasswordMessage?: string;
  onConfirm: (confirmation: PixKeyConfirmation) => void;
}

/**
 * Asks for the password (or, with two-factor on, the app's code) before the default key changes: where the
 * payouts go is not changed by whoever holds a session alone. Stays open, busy, until the server answered; a
 * wrong password shows under its input. Focus goes back to what opened it (DialogContent).
 */
export function ConfirmDefaultDialog({
  open,
  onOpenChange,
  confirmWith,
  title,
  description,
  submitLabel,
  busy,
  danger = false,
  refusal,
  noPasswordMessage = m.noPassword,
  onConfirm,
}: ConfirmDefaultDialogProps) {
  const id = useId();
  const [value, setValue] = useState('');
  const change = (next: boolean) => {
    if (busy) return;
    if (!next) setValue('');
    onOpenChange(next);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onConfirm(confirmWith === 'code' ? { code: value } : { password: value });
  };
  const inputError = refusal?.input;
  const formError = confirmWith === 'none' ? noPasswordMessage : refusal?.form;

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent className="max-w-md">
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
        <form noValidate onSubmit={submit} className="mt-5 flex flex-col gap-4">
          {confirmWith === 'password' && (
            <Field htmlFor={id} label={m.confirmPasswordLabel} error={inputError}>
              <PasswordInput
                id={id}
                autoComplete="current-password"
                value={value}
                onChange={(event) => setValue(event.target.value)}
                {...describedBy(id, Boolean(inputError))}
              />
            </Field>
          )}
          {confirmWith === 'code' && (
            <Field
              htmlFor={id}
              label={m.confirmCodeLabel}
              error={inputError}
              hint={<p className="text-xs text-muted">{m.confirmCodeHelp}</p>}
            >
              <Input
                id={id}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                value={value}
                onChange={(event) => setValue(event.target.value.replace(/\D/g, ''))}
                {...describedBy(id, Boolean(inputError))}
              />
            </Field>
          )}
          {formError && (
            <p role="alert" className="rounded-lg border border-danger/40 bg-danger/10 p-3 text-sm text-fg">
              {formError}
            </p>
          )}
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button type="button" variant="secondary" disabled={busy} onClick={() => change(false)}>
              {m.confirmCancel}
            </Button>
            {confirmWith !== 'none' && (
              <Button type="submit" variant={danger ? 'danger' : 'primary'} busy={busy} disabled={!value}>
                {submitLabel}
              </Button>
            )}
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
