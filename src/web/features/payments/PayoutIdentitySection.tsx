import { zodResolver } from '@hookform/resolvers/zod';
import { type PayoutIdentityInput, payoutIdentityInput } from '@shared/payout-identity';
import { payoutIdentityMessages as m } from '@shared/payout-identity-messages';
import { formatPixKeyTime, type PixKeyConfirmation } from '@shared/pix';
import { pixMessages as pm } from '@shared/pix-messages';
import { taxIdKindLabels } from '@shared/tax-id';
import { Button } from '@web/components/ui/button';
import { describedBy, Field } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { LoadError } from '@web/components/ui/load-error';
import { Skeleton } from '@web/components/ui/skeleton';
import { isApiError } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import { IdCard, Pencil } from 'lucide-react';
import { useId, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ConfirmDefaultDialog, type ConfirmRefusal, refusalOf } from './ConfirmDefaultDialog';
import { usePayoutIdentity, useSetPayoutIdentity } from './payout-identity-api';

type Values = { name: string; document: string };
type Output = z.output<typeof payoutIdentityInput>;

/**
 * 'Dados para recebimento' (issue 36): the holder's full name and CPF or CNPJ, where the PSP checks that a
 * payout's key belongs to them. Saved, it shows masked with 'Alterar'; the form is checked by the shared schema
 * (errors under the fields, in pt-BR) and sent only after the password or code, in the PIX keys' dialog.
 */
export function PayoutIdentitySection() {
  const identity = usePayoutIdentity();
  const save = useSetPayoutIdentity();
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState<Values | null>(null);
  const [refusal, setRefusal] = useState<ConfirmRefusal | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<PayoutIdentityInput, unknown, Output>({
    resolver: zodResolver(payoutIdentityInput) as unknown as Resolver<PayoutIdentityInput, unknown, Output>,
    defaultValues: { name: '', document: '' },
  });

  const saved = identity.data?.identity ?? null;
  const confirmWith = identity.data?.confirmWith ?? 'password';
  const showForm = !saved || editing;

  const send = (values: Values, confirmation: PixKeyConfirmation) =>
    save.mutateAsync({ ...values, ...confirmation }).then(
      () => {
        setConfirming(null);
        setEditing(false);
        reset({ name: '', document: '' });
        toast.success(m.saved);
      },
      (error: unknown) => {
        // A wrong password or code stays in the dialog, under its input.
        if (isApiError(error) && (error.fields.password || error.fields.code)) {
          setRefusal(refusalOf(error, pm.confirmTitle));
          return;
        }
        setConfirming(null);
        const fields = isApiError(error) ? error.fields : {};
        if (fields.document)
          setError('document', { type: 'server', message: fields.document }, { shouldFocus: true });
        if (fields.name) setError('name', { type: 'server', message: fields.name }, { shouldFocus: true });
        if (!fields.document && !fields.name)
          toast.error('Não foi possível salvar os dados', {
            description: isApiError(error) && error.isClientError ? error.message : undefined,
          });
      },
    );

  // Sent as the schema read them (the name tidied, the document without its mask); the server reads them again.
  const submit = handleSubmit((values) => {
    setRefusal(null);
    setConfirming({ name: values.name, document: values.document.number });
  });

  const nameError = errors.name?.message;
  const documentError = errors.document?.message;

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-2xl border border-line bg-surface p-5 sm:p-6">
      <h2 id={`${id}-title`} className="font-display text-lg font-semibold tracking-wide text-fg">
        {m.title}
      </h2>
      <p className="mt-1 mb-5 text-sm text-muted">{m.intro}</p>

      {identity.isPending ? (
        <Skeleton className="h-16 rounded-xl" />
      ) : identity.isError ? (
        <LoadError
          title="Não foi possível carregar seus dados para recebimento"
          message={isApiError(identity.error) ? identity.error.message : 'Tente novamente.'}
          onRetry={() => identity.refetch()}
          retrying={identity.isFetching}
        />
      ) : (
        <>
          {saved && !editing && (
            <div className="flex flex-col gap-3 rounded-xl border border-line bg-bg/40 p-4 sm:flex-row sm:items-center">
              <IdCard aria-hidden className="size-6 shrink-0 text-accent" />
              <div className="min-w-0 flex-1">
                <p className="font-medium break-words text-fg">{saved.name}</p>
                <p className="mt-0.5 font-mono text-sm text-fg">
                  {taxIdKindLabels[saved.kind]} {saved.document}
                </p>
                <p className="mt-1 text-xs text-muted">{m.since(formatPixKeyTime(saved.updatedAt))}</p>
              </div>
              <Button
                variant="secondary"
                size="sm"
                className="self-start sm:self-center"
                aria-label={`${m.change} os dados para recebimento`}
                onClick={() => {
                  reset({ name: saved.name, document: '' });
                  setEditing(true);
                }}
              >
                <Pencil aria-hidden />
                {m.change}
              </Button>
            </div>
          )}
          {!saved && <p className="mb-4 text-sm text-fg">{m.empty}</p>}
          {showForm && (
            <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
              <Field htmlFor={`${id}-name`} label={m.nameLabel} error={nameError}>
                <Input
                  id={`${id}-name`}
                  autoComplete="name"
                  {...describedBy(`${id}-name`, Boolean(nameError))}
                  {...register('name')}
                />
              </Field>
              <Field
                htmlFor={`${id}-document`}
                label={m.documentLabel}
                error={documentError}
                hint={<p className="text-xs text-muted">{m.documentHelp}</p>}
              >
                <Input
                  id={`${id}-document`}
                  autoComplete="off"
                  spellCheck={false}
                  placeholder="000.000.000-00"
                  {...describedBy(`${id}-document`, Boolean(documentError))}
                  {...register('document')}
                />
              </Field>
              <div className="flex flex-col-reverse gap-3 sm:col-span-2 sm:flex-row sm:justify-end">
                {editing && (
                  <Button
                    type="button"
                    variant="secondary"
                    onClick={() => {
                      setEditing(false);
                      reset({ name: '', document: '' });
                    }}
                  >
                    {m.cancel}
                  </Button>
                )}
                <Button type="submit" busy={save.isPending}>
                  {m.save}
                </Button>
              </div>
            </form>
          )}
        </>
      )}
      {/* Outside the form: React events bubble through portals, and the dialog's own submit must not send this one. */}
      <ConfirmDefaultDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        confirmWith={confirmWith}
        title={pm.confirmTitle}
        description={saved ? m.confirmChange : m.confirmFirst}
        submitLabel={pm.confirmSubmit}
        busy={save.isPending}
        refusal={refusal}
        noPasswordMessage={m.noPassword}
        onConfirm={(confirmation) => confirming && void send(confirming, confirmation)}
      />
    </section>
  );
}
