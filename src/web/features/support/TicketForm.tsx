import { zodResolver } from '@hookform/resolvers/zod';
import { MAX_TICKET_DESCRIPTION, MAX_TICKET_SUBJECT, memberTicketCategories } from '@shared/support';
import { supportMessages as m, ticketCategoryLabels } from '@shared/support-messages';
import { type TicketInput, ticketInput } from '@shared/support-tickets';
import { Button } from '@web/components/ui/button';
import { describedBy, Field } from '@web/components/ui/field';
import { fieldClasses, Input } from '@web/components/ui/input';
import { Select } from '@web/components/ui/select';
import { cn } from '@web/lib/cn';
import { applyServerFieldErrors } from '@web/lib/server-errors';
import { toast } from '@web/lib/toast';
import { useForm } from 'react-hook-form';
import { useOpenTicket } from './api';

const fieldNames = ['category', 'subject', 'description'] as const;

/** 'Abrir chamado': category, subject and description; the staff answers on the admin panel. */
export function TicketForm() {
  const open = useOpenTicket();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<TicketInput>({
    resolver: zodResolver(ticketInput),
    defaultValues: { category: '' as TicketInput['category'], subject: '', description: '' },
  });

  const onSubmit = handleSubmit((values) => {
    open.mutate(values, {
      onSuccess: () => {
        reset();
        toast.success(m.ticketCreated);
      },
      onError: (error) => {
        toast.error(m.ticketFailed, { description: error.message });
        applyServerFieldErrors<TicketInput>(error, fieldNames, setError);
      },
    });
  });

  const id = (name: string) => `chamado-${name}`;
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4 rounded-xl border border-line bg-surface p-5">
      <Field htmlFor={id('category')} label="Categoria" error={errors.category?.message}>
        <Select
          id={id('category')}
          {...register('category')}
          {...describedBy(id('category'), Boolean(errors.category))}
        >
          <option value="">Escolha uma categoria</option>
          {memberTicketCategories.map((c) => (
            <option key={c} value={c}>
              {ticketCategoryLabels[c]}
            </option>
          ))}
        </Select>
      </Field>
      <Field htmlFor={id('subject')} label="Assunto" error={errors.subject?.message}>
        <Input
          id={id('subject')}
          maxLength={MAX_TICKET_SUBJECT}
          {...register('subject')}
          {...describedBy(id('subject'), Boolean(errors.subject))}
        />
      </Field>
      <Field htmlFor={id('description')} label="Descrição" error={errors.description?.message}>
        <textarea
          id={id('description')}
          rows={5}
          maxLength={MAX_TICKET_DESCRIPTION}
          className={cn(fieldClasses, 'h-auto! min-h-32 resize-y px-3.5 py-2.5')}
          {...register('description')}
          {...describedBy(id('description'), Boolean(errors.description))}
        />
      </Field>
      <Button type="submit" busy={open.isPending} className="self-start">
        {open.isPending ? 'Enviando...' : 'Abrir chamado'}
      </Button>
    </form>
  );
}
