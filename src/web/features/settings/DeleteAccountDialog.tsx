import { zodResolver } from '@hookform/resolvers/zod';
import { type DeleteAccountInput, deleteAccountInput } from '@shared/settings';
import { settingsMessages as m } from '@shared/settings-messages';
import { PasswordInput } from '@web/components/PasswordInput';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '@web/components/ui/dialog';
import { describedBy, Field } from '@web/components/ui/field';
import { isApiError } from '@web/lib/api';
import { applyServerFieldErrors } from '@web/lib/server-errors';
import { toast } from '@web/lib/toast';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useDeleteAccount } from './api';

const PASSWORD_ID = 'excluir-conta-senha';

/**
 * 'Excluir conta' (LGPD): a dialog that says what goes and what stays, asks for the password, and on success
 * lands the signed-out browser on '/' with a toast. A refusal (wrong password, an open trade) shows in the dialog.
 */
export function DeleteAccountDialog() {
  const [open, setOpen] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const remove = useDeleteAccount();
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<DeleteAccountInput>({
    resolver: zodResolver(deleteAccountInput),
    defaultValues: { password: '' },
  });

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      reset();
      setRefusal(null);
    }
  };

  const onSubmit = handleSubmit(async (values) => {
    setRefusal(null);
    // Awaited rather than through mutate's callbacks: the server ends the session and closes the live socket at
    // once, which can send this page to /login (unmounting this dialog) before the answer arrives, and mutate's
    // callbacks never run for an unmounted component; the awaited answer still lands.
    try {
      await remove.mutateAsync(values);
    } catch (error) {
      applyServerFieldErrors<DeleteAccountInput>(error, ['password'], setError);
      // A wrong password shows under its input; a refusal of the account (an open trade) above the buttons.
      if (!(isApiError(error) && error.fields.password)) {
        setRefusal((error instanceof Error && error.message) || m.deleteAccountFailed);
      }
      return;
    }
    toast.success(m.accountDeleted, { description: m.accountDeletedDetail });
    navigate('/', { replace: true });
    void remove.forgetUser();
  });

  const passwordError = errors.password?.message;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <div className="flex flex-col gap-2 rounded-xl border border-danger/40 bg-danger/5 p-4">
        <p className="text-sm font-semibold text-fg">{m.deleteAccountTitle}</p>
        <p className="text-xs text-muted">
          Apaga seus dados pessoais e encerra todas as suas sessões. Negociações em andamento precisam ser
          concluídas ou canceladas antes.
        </p>
        <Button variant="danger" className="self-start" onClick={() => onOpenChange(true)}>
          <Trash2 aria-hidden />
          {m.deleteAccountTitle}
        </Button>
      </div>
      <DialogContent className="max-h-[calc(100dvh-2rem)] max-w-lg overflow-y-auto">
        <DialogTitle>{m.deleteAccountTitle}</DialogTitle>
        <DialogDescription>{m.deleteAccountIntro}</DialogDescription>
        <div className="mt-4 flex flex-col gap-3 text-sm text-muted">
          <section aria-labelledby="excluir-conta-apagado">
            <h3 id="excluir-conta-apagado" className="font-semibold text-fg">
              O que apagamos
            </h3>
            <p className="mt-1">{m.deleteAccountRemoved}</p>
          </section>
          <section aria-labelledby="excluir-conta-mantido">
            <h3 id="excluir-conta-mantido" className="font-semibold text-fg">
              O que guardamos
            </h3>
            <p className="mt-1">{m.deleteAccountKept}</p>
          </section>
        </div>
        <form noValidate onSubmit={onSubmit} className="mt-5 flex flex-col gap-4">
          <Field htmlFor={PASSWORD_ID} label={m.deleteAccountPasswordLabel} error={passwordError}>
            <PasswordInput
              id={PASSWORD_ID}
              autoComplete="current-password"
              {...register('password')}
              {...describedBy(PASSWORD_ID, Boolean(passwordError))}
            />
          </Field>
          {refusal && (
            <p role="alert" className="rounded-lg border border-danger/40 bg-danger/10 p-3 text-sm text-fg">
              {refusal}
            </p>
          )}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button type="button" variant="ghost">
                {m.deleteAccountCancel}
              </Button>
            </DialogClose>
            <Button type="submit" variant="danger" busy={remove.isPending}>
              {remove.isPending ? 'Excluindo...' : m.deleteAccountConfirm}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
