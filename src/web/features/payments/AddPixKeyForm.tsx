import { zodResolver } from '@hookform/resolvers/zod';
import {
  type AddPixKeyInput,
  addPixKeyInput,
  type PixKeyConfirmation,
  type PixKeyConfirmWith,
  type PixKeyType,
  pixKeyTypeLabels,
  pixKeyTypes,
} from '@shared/pix';
import { pixMessages as m } from '@shared/pix-messages';
import { Button } from '@web/components/ui/button';
import { Field } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { Select } from '@web/components/ui/select';
import { isApiError } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import { Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { type Resolver, useForm, useWatch } from 'react-hook-form';
import { useAddPixKey } from './api';
import { ConfirmDefaultDialog, type ConfirmRefusal, refusalOf } from './ConfirmDefaultDialog';

const placeholders: Record<PixKeyType, string> = {
  cpf: '000.000.000-00',
  cnpj: '00.000.000/0000-00',
  email: 'voce@exemplo.com.br',
  phone: '(11) 98765-4321',
  random: '123e4567-e89b-12d3-a456-426614174000',
};

const inputModes: Record<PixKeyType, 'numeric' | 'email' | 'tel' | 'text'> = {
  cpf: 'numeric',
  cnpj: 'text',
  email: 'email',
  phone: 'tel',
  random: 'text',
};

type Output = { type: PixKeyType; key: string };

/**
 * Type and key; the shared schema checks the key as the server does, with the spec's message. The member's first
 * key becomes the default, where payouts go: it is sent only after the password (or two-factor code) is typed in
 * a dialog (`confirmFirst`, what the server asks for; null when the key will not be the default).
 */
export function AddPixKeyForm({
  disabled,
  confirmFirst,
}: {
  disabled: boolean;
  confirmFirst: PixKeyConfirmWith | null;
}) {
  const add = useAddPixKey();
  const id = useId();
  const [confirming, setConfirming] = useState<Output | null>(null);
  const [refusal, setRefusal] = useState<ConfirmRefusal | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<AddPixKeyInput, unknown, Output>({
    resolver: zodResolver(addPixKeyInput) as unknown as Resolver<AddPixKeyInput, unknown, Output>,
    defaultValues: { type: 'cpf', key: '' },
  });
  const type = useWatch({ control, name: 'type' });

  const send = (values: Output, confirmation: PixKeyConfirmation = {}) =>
    add.mutateAsync({ ...values, ...confirmation }).then(
      () => {
        setConfirming(null);
        toast.success(m.added);
        reset({ type: values.type, key: '' });
      },
      (error: unknown) => {
        // A wrong password or code stays in the dialog, under its input.
        if (isApiError(error) && (error.fields.password || error.fields.code)) {
          setRefusal(refusalOf(error, m.confirmTitle));
          return;
        }
        setConfirming(null);
        const message = isApiError(error) ? (error.fields.key ?? error.message) : undefined;
        if (isApiError(error) && error.fields.key)
          setError('key', { type: 'server', message }, { shouldFocus: true });
        toast.error('Não foi possível adicionar a chave', { description: message });
      },
    );

  const submit = handleSubmit((values) => {
    if (!confirmFirst) return send(values);
    setRefusal(null);
    setConfirming(values);
  });

  const keyError = errors.key?.message;
  return (
    <>
      <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-[11rem_1fr_auto] sm:items-start">
        <Field htmlFor={`${id}-type`} label="Tipo de chave">
          <Select id={`${id}-type`} disabled={disabled} {...register('type')}>
            {pixKeyTypes.map((t) => (
              <option key={t} value={t}>
                {pixKeyTypeLabels[t]}
              </option>
            ))}
          </Select>
        </Field>
        <Field htmlFor={`${id}-key`} label="Chave PIX" error={keyError}>
          <Input
            id={`${id}-key`}
            autoComplete="off"
            spellCheck={false}
            inputMode={inputModes[type]}
            placeholder={placeholders[type]}
            disabled={disabled}
            aria-invalid={keyError ? true : undefined}
            aria-describedby={keyError ? `${id}-key-error` : undefined}
            {...register('key')}
          />
        </Field>
        <Button type="submit" busy={add.isPending} disabled={disabled} className="sm:mt-7">
          <Plus aria-hidden />
          {add.isPending ? 'Adicionando...' : 'Adicionar chave'}
        </Button>
      </form>
      {/* Outside the form: React events bubble through portals, and the dialog's own submit must not send this one. */}
      <ConfirmDefaultDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        confirmWith={confirmFirst ?? 'password'}
        title={m.confirmTitle}
        description={m.confirmFirstKey}
        submitLabel={m.confirmSubmit}
        busy={add.isPending}
        refusal={refusal}
        onConfirm={(confirmation) => confirming && void send(confirming, confirmation)}
      />
    </>
  );
}
