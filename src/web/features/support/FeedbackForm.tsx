import { zodResolver } from '@hookform/resolvers/zod';
import {
  DEFAULT_FEEDBACK_RATING,
  type FeedbackInput,
  feedbackInput,
  feedbackTypes,
  MAX_FEEDBACK_CLIENT_INFO,
  MAX_FEEDBACK_MESSAGE,
  MAX_FEEDBACK_RATING,
} from '@shared/feedback';
import { feedbackRatingLabels, feedbackTypeLabels, supportMessages as m } from '@shared/support-messages';
import { Button } from '@web/components/ui/button';
import { describedBy, Field } from '@web/components/ui/field';
import { fieldClasses, Input } from '@web/components/ui/input';
import { cn } from '@web/lib/cn';
import { applyServerFieldErrors } from '@web/lib/server-errors';
import { toast } from '@web/lib/toast';
import { Star } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useSendFeedback } from './forms-api';

const fieldNames = [
  'feedbackType',
  'rating',
  'userName',
  'userEmail',
  'subject',
  'message',
  'browser',
  'device',
] as const;

const ratings = Array.from({ length: MAX_FEEDBACK_RATING }, (_, i) => i + 1);

/** What the browser says about itself, to pre-fill a bug's browser and device (the sender may edit them). */
export function readClientInfo(userAgent: string): { browser: string; device: string } {
  const match =
    /(Edg|OPR|Firefox|SamsungBrowser|CriOS|Chrome|Version)\/(\d+)/.exec(userAgent) ??
    /(Safari)\/(\d+)/.exec(userAgent);
  const names: Record<string, string> = {
    Edg: 'Edge',
    OPR: 'Opera',
    SamsungBrowser: 'Samsung Internet',
    CriOS: 'Chrome',
    Version: 'Safari',
  };
  const browser = match ? `${names[match[1] ?? ''] ?? match[1]} ${match[2]}` : '';
  const system = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad|iPod/.test(userAgent)
      ? 'iOS'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(userAgent)
          ? 'macOS'
          : /CrOS/.test(userAgent)
            ? 'ChromeOS'
            : /Linux/.test(userAgent)
              ? 'Linux'
              : '';
  const kind = /Mobi|Android|iPhone|iPod/.test(userAgent)
    ? 'Celular'
    : /iPad|Tablet/.test(userAgent)
      ? 'Tablet'
      : 'Computador';
  return { browser, device: system ? `${kind} (${system})` : kind };
}

const emptyFeedback: FeedbackInput = {
  feedbackType: 'sugestao',
  rating: DEFAULT_FEEDBACK_RATING,
  userName: '',
  userEmail: '',
  subject: '',
  message: '',
  browser: '',
  device: '',
};

/**
 * /enviar-feedback (part 2 §2, §5): type, 1–5 stars, optional name, e-mail, subject and message, and for a bug the
 * browser and device pre-filled from the browser; the staff answers by e-mail.
 */
export function FeedbackForm() {
  const send = useSendFeedback();
  const [sent, setSent] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    watch,
    setValue,
    formState: { errors },
  } = useForm<FeedbackInput, unknown, z.output<typeof feedbackInput>>({
    resolver: zodResolver(feedbackInput),
    defaultValues: emptyFeedback,
  });

  const feedbackType = watch('feedbackType');
  const rating = watch('rating') ?? DEFAULT_FEEDBACK_RATING;
  const isBug = feedbackType === 'bug';
  const chooseType = (value: (typeof feedbackTypes)[number]) => {
    setValue('feedbackType', value);
    if (value === 'bug' && !watch('browser') && !watch('device')) {
      const info = readClientInfo(navigator.userAgent);
      setValue('browser', info.browser);
      setValue('device', info.device);
    }
  };

  const onSubmit = handleSubmit((values) => {
    send.mutate(
      {
        ...values,
        userName: values.userName ?? '',
        browser: isBug ? (values.browser ?? undefined) : undefined,
        device: isBug ? (values.device ?? undefined) : undefined,
      },
      {
        onSuccess: () => {
          reset(emptyFeedback);
          setSent(true);
          toast.success(m.feedbackSent, { description: m.feedbackSentDetail });
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
          <strong className="font-semibold">{m.feedbackSent}</strong> {m.feedbackSentDetail}
        </p>
      )}
      <fieldset className="sm:col-span-2">
        <legend className="mb-2 text-sm font-medium text-fg">Tipo de feedback</legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {feedbackTypes.map((value) => (
            <label
              key={value}
              className={cn(
                'flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-2.5 text-sm transition-colors',
                feedbackType === value
                  ? 'border-accent/60 bg-accent-soft text-fg'
                  : 'border-line bg-surface-2 text-muted hover:border-line-strong hover:text-fg',
              )}
            >
              <input
                type="radio"
                name="feedback-type"
                value={value}
                checked={feedbackType === value}
                onChange={() => chooseType(value)}
                className="size-4 accent-(--color-accent)"
              />
              {feedbackTypeLabels[value]}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="sm:col-span-2">
        <legend className="mb-2 text-sm font-medium text-fg">Avaliação</legend>
        <div className="flex flex-wrap items-center gap-3">
          <div className="flex gap-1">
            {ratings.map((value) => (
              <label
                key={value}
                className="cursor-pointer rounded-md p-1 has-focus-visible:outline-2 has-focus-visible:outline-accent"
              >
                <input
                  type="radio"
                  name="feedback-rating"
                  value={value}
                  checked={rating === value}
                  onChange={() => setValue('rating', value)}
                  className="sr-only"
                  aria-label={`${value} de 5: ${feedbackRatingLabels[value]}`}
                />
                <Star
                  aria-hidden
                  className={cn('size-7', value <= rating ? 'fill-warning text-warning' : 'text-subtle')}
                />
              </label>
            ))}
          </div>
          <span className="text-sm text-muted">{feedbackRatingLabels[rating]}</span>
        </div>
      </fieldset>
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
      {isBug && (
        <>
          <Field htmlFor={id('browser')} label="Navegador" error={errors.browser?.message}>
            <Input maxLength={MAX_FEEDBACK_CLIENT_INFO} {...control('browser')} {...register('browser')} />
          </Field>
          <Field htmlFor={id('device')} label="Dispositivo" error={errors.device?.message}>
            <Input maxLength={MAX_FEEDBACK_CLIENT_INFO} {...control('device')} {...register('device')} />
          </Field>
        </>
      )}
      <div className="flex gap-3 sm:col-span-2">
        <Button type="submit" busy={send.isPending}>
          {send.isPending ? 'Enviando...' : 'Enviar feedback'}
        </Button>
        <Button type="button" variant="secondary" onClick={() => reset(emptyFeedback)}>
          Limpar
        </Button>
      </div>
    </form>
  );
}
