import { zodResolver } from '@hookform/resolvers/zod';
import { type FeedbackInput, feedbackInput, MAX_FEEDBACK_MESSAGE } from '@shared/feedback';
import { supportMessages as m } from '@shared/support-messages';
import { Button } from '@web/components/ui/button';
import { describedBy, Field } from '@web/components/ui/field';
import { fieldClasses, Input } from '@web/components/ui/input';
import { cn } from '@web/lib/cn';
import { toast } from '@web/lib/toast';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { applyServerFieldErrors } from '../accounts/server-errors';
import { useSendFeedback } from './forms-api';

const fieldNames = ['userName', 'userEmail', 'subject', 'message'] as const;

/** /enviar-feedback: optional name, e-mail, subject and message; the staff answers by e-mail. */
export function FeedbackForm() {
  const send = useSendFeedback();
  const [sent, setSent] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<FeedbackInput, unknown, z.output<typeof feedbackInput>>({
    resolver: zodResolver(feedbackInput),
    defaultValues: { userName: '', userEmail: '', subject: '', message: '' },
  });

  const onSubmit = handleSubmit((values) => {
    send.mutate(
      {
        ...values,
        userName: values.userName ?? '',
        browser: values.browser ?? undefined,
        device: values.device ?? undefined,
      },
      {
        onSuccess: () => {
          reset();
          setSent(true);
          toast.success(m.feedbackSent);
        },
        onError: (error) => {
          toast.error(m.feedbackFailed, { description: error.message });
          applyServerFieldErrors<FeedbackInput>(error, fieldNames, setError);
        },
      },
    );
  });

  const id = (name: string) => `feedback-${name}`;
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
          {m.feedbackSent}
        </p>
      )}
      <Field htmlFor={id('userName')} label="Nome (opcional)" error={errors.userName?.message}>
        <Input autoComplete="name" {...control('userName')} {...register('userName')} />
      </Field>
      <Field htmlFor={id('userEmail')} label="E-mail" error={errors.userEmail?.message}>
        <Input type="email" autoComplete="email" {...control('userEmail')} {...register('userEmail')} />
      </Field>
      <Field
        htmlFor={id('subject')}
        label="Assunto"
        error={errors.subject?.message}
        className="sm:col-span-2"
      >
        <Input {...control('subject')} {...register('subject')} />
      </Field>
      <Field
        htmlFor={id('message')}
        label="Mensagem"
        error={errors.message?.message}
        className="sm:col-span-2"
      >
        <textarea
          rows={6}
          maxLength={MAX_FEEDBACK_MESSAGE}
          className={cn(fieldClasses, 'h-auto! min-h-36 resize-y px-3.5 py-2.5')}
          {...control('message')}
          {...register('message')}
        />
      </Field>
      <div className="flex gap-3 sm:col-span-2">
        <Button type="submit" busy={send.isPending}>
          {send.isPending ? 'Enviando...' : 'Enviar feedback'}
        </Button>
        <Button type="button" variant="secondary" onClick={() => reset()}>
          Limpar
        </Button>
      </div>
    </form>
  );
}
