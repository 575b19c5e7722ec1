import { zodResolver } from '@hookform/resolvers/zod';
import {
  MAX_PROPOSAL,
  type PartnershipInput,
  partnershipInput,
  partnershipTypes,
} from '@shared/partnerships';
import { MAX_PHONE_LENGTH } from '@shared/settings';
import { supportMessages as m, partnershipTypeLabels } from '@shared/support-messages';
import { Button } from '@web/components/ui/button';
import { describedBy, Field } from '@web/components/ui/field';
import { fieldClasses, Input } from '@web/components/ui/input';
import { Select } from '@web/components/ui/select';
import { cn } from '@web/lib/cn';
import { applyServerFieldErrors } from '@web/lib/server-errors';
import { toast } from '@web/lib/toast';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useRequestPartnership } from './forms-api';

type FormValues = z.input<typeof partnershipInput>;

const fieldNames = [
  'contactName',
  'contactEmail',
  'contactPhone',
  'companyName',
  'partnershipType',
  'description',
] as const;

/** /parcerias: the request the staff approves or rejects. */
export function PartnershipForm() {
  const send = useRequestPartnership();
  const [sent, setSent] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<FormValues, unknown, PartnershipInput>({
    resolver: zodResolver(partnershipInput),
    defaultValues: {
      contactName: '',
      contactEmail: '',
      contactPhone: '',
      companyName: '',
      partnershipType: '' as PartnershipInput['partnershipType'],
      description: '',
    },
  });

  const onSubmit = handleSubmit((values) => {
    send.mutate(values, {
      onSuccess: () => {
        reset();
        setSent(true);
        toast.success(m.partnershipSent);
      },
      onError: (error) => {
        toast.error(m.partnershipFailed, { description: error.message });
        applyServerFieldErrors<FormValues>(error, fieldNames, setError);
      },
    });
  });

  const id = (name: string) => `parceria-${name}`;
  const control = (name: (typeof fieldNames)[number]) => ({
    id: id(name),
    ...describedBy(id(name), Boolean(errors[name])),
  });
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="grid gap-4 rounded-xl border border-line bg-surface p-5 sm:grid-cols-2"
    >
      {sent && (
        <p role="status" className="rounded-lg bg-surface-2 p-3 text-sm text-fg sm:col-span-2">
          {m.partnershipSent}
        </p>
      )}
      <Field
        htmlFor={id('contactName')}
        label="Nome completo"
        error={errors.contactName?.message}
        className="sm:col-span-2"
      >
        <Input autoComplete="name" {...control('contactName')} {...register('contactName')} />
      </Field>
      <Field htmlFor={id('contactEmail')} label="E-mail" error={errors.contactEmail?.message}>
        <Input type="email" autoComplete="email" {...control('contactEmail')} {...register('contactEmail')} />
      </Field>
      <Field htmlFor={id('contactPhone')} label="Telefone (opcional)" error={errors.contactPhone?.message}>
        <Input
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="(11) 98765-4321"
          maxLength={MAX_PHONE_LENGTH}
          {...control('contactPhone')}
          {...register('contactPhone')}
        />
      </Field>
      <Field htmlFor={id('companyName')} label="Empresa ou canal" error={errors.companyName?.message}>
        <Input autoComplete="organization" {...control('companyName')} {...register('companyName')} />
      </Field>
      <Field htmlFor={id('partnershipType')} label="Tipo de parceria" error={errors.partnershipType?.message}>
        <Select {...control('partnershipType')} {...register('partnershipType')}>
          <option value="">Escolha o tipo</option>
          {partnershipTypes.map((type) => (
            <option key={type} value={type}>
              {partnershipTypeLabels[type]}
            </option>
          ))}
        </Select>
      </Field>
      <Field
        htmlFor={id('description')}
        label="Descrição da proposta"
        error={errors.description?.message}
        className="sm:col-span-2"
      >
        <textarea
          rows={5}
          maxLength={MAX_PROPOSAL}
          className={cn(fieldClasses, 'h-auto! min-h-32 resize-y px-3.5 py-2.5')}
          {...control('description')}
          {...register('description')}
        />
      </Field>
      <Button type="submit" busy={send.isPending} className="self-start">
        {send.isPending ? 'Enviando...' : 'Enviar proposta'}
      </Button>
    </form>
  );
}
