import { tradeActionMap } from '@shared/trade-action-map';
import { tradeMessages as m } from '@shared/trade-messages';
import { MAX_REASON, type TradeView } from '@shared/trades';
import type { Photo } from '@web/components/photos/photos';
import { Button, type ButtonVariant } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from '@web/components/ui/dialog';
import { describedBy, Field } from '@web/components/ui/field';
import { fieldClasses, Input } from '@web/components/ui/input';
import { cn } from '@web/lib/cn';
import { toast } from '@web/lib/toast';
import type { LucideIcon } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import {
  type DefaultValues,
  type FieldValues,
  type Path,
  type UseFormReturn,
  type UseFormSetError,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';
import { type TradeStepAction, type TradeStepBody, useTradeAction } from './api';
import { reportStepError } from './step-errors';
import { stepBody, TradePhotoField } from './TradePhotos';
import { formResolver } from './trade-forms';

/**
 * The room's steps on one frame. `useStepForm` holds a step's form: checked in the browser with the schema of
 * the action in the shared map (or a stricter one), sent to the action's route, the server's per-field messages put
 * under the inputs (photos under the picker). `StepDialog` is the shell of the steps taken in a dialog, `StepCard`
 * the frame of those taken in place.
 */

export const textareaClasses = cn(fieldClasses, 'h-auto! resize-y px-3.5 py-2.5');

/** Puts the server's per-field messages under the inputs this form has. */
export function fieldErrorsInto<T extends FieldValues>(
  setError: UseFormSetError<T>,
  names: readonly string[],
) {
  return (name: string, message: string) => {
    if (names.includes(name)) setError(name as Path<T>, { type: 'server', message }, { shouldFocus: true });
  };
}

/** The photos a step's form carries, with the message under the picker. */
function useStepPhotos() {
  const [photos, setPhotos] = useState<Photo[]>([]);
  const [error, setError] = useState<string>();
  return {
    photos,
    error,
    onChange: (next: Photo[]) => {
      setPhotos(next);
      setError(undefined);
    },
    clear: () => {
      setPhotos([]);
      setError(undefined);
    },
    fail: setError,
  };
}
export type StepPhotos = ReturnType<typeof useStepPhotos>;

export interface StepForm<Fields extends FieldValues, Body> extends UseFormReturn<Fields, unknown, Body> {
  /** A prefix for the ids of the form's inputs. */
  id: string;
  busy: boolean;
  photos: StepPhotos;
  /** Sends the body (with the picked photos where the action takes photos); answers the room after the step. */
  send: (body: Record<string, unknown>) => Promise<TradeView>;
  /** A refusal: its toast, and each field's message under its input. */
  fail: (error: unknown, fallback?: string) => void;
}

export function useStepForm<Fields extends FieldValues, Body = Fields>({
  tradeId,
  action,
  form,
  defaultValues,
}: {
  tradeId: number;
  action: TradeStepAction;
  /** The browser's check; by default the route's own input schema. */
  form?: z.ZodType<Body>;
  defaultValues: DefaultValues<Fields>;
}): StepForm<Fields, Body> {
  const id = useId();
  const step = useTradeAction(tradeId, action);
  const route = tradeActionMap[action];
  const methods = useForm<Fields, unknown, Body>({
    resolver: formResolver<Fields, Body>(form ?? (route.input as unknown as z.ZodType<Body>)),
    defaultValues,
  });
  const photos = useStepPhotos();
  const showError = fieldErrorsInto(methods.setError, Object.keys(defaultValues));
  const send = (body: Record<string, unknown>) => {
    photos.fail(undefined);
    const sent: TradeStepBody =
      'photos' in route ? stepBody(body as Record<string, string>, photos.photos) : body;
    return step.mutateAsync(sent);
  };
  const fail = (error: unknown, fallback?: string) =>
    reportStepError(
      error,
      (name, message) => (name === 'photos' ? photos.fail(message) : showError(name, message)),
      fallback,
    );
  return { ...methods, id, busy: step.isPending, photos, send, fail };
}

export function StepCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-3">
      <h3 className="font-semibold text-fg">{title}</h3>
      {children}
    </div>
  );
}

/**
 * A step taken in a dialog: the button that opens it (focus returns to it when the dialog closes), the form fed by
 * the action's schema, its photos where the action takes them, and 'Voltar' beside the step's own button. The
 * form's values are kept until the step is taken; closing drops the photos (the picker releases their previews).
 */
export function StepDialog<Fields extends FieldValues, Body>({
  trade,
  action,
  form: schema,
  defaultValues,
  toBody = (values) => values as Record<string, unknown>,
  trigger,
  icon: Icon,
  variant = 'secondary',
  title,
  description,
  summary,
  photos: photoField,
  submit,
  onDone,
  children,
}: {
  trade: TradeView;
  action: TradeStepAction;
  form?: z.ZodType<Body>;
  defaultValues: DefaultValues<Fields>;
  toBody?: (values: Body) => Record<string, unknown>;
  trigger: string;
  icon: LucideIcon;
  variant?: ButtonVariant;
  title: string;
  description: string;
  /** The trade and the amount a money action moves, repeated before it is sent. */
  summary?: (form: StepForm<Fields, Body>) => ReactNode;
  /** The picker's label and alt text; `required`, the message when none was picked. */
  photos?: { label: string; altPrefix: string; required?: string };
  submit: {
    label: string | ((form: StepForm<Fields, Body>) => string);
    busyLabel: string;
    variant: ButtonVariant;
  };
  /** The room after the step: what the viewer is told. */
  onDone: (view: TradeView) => void;
  children?: (form: StepForm<Fields, Body>) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const form = useStepForm<Fields, Body>({ tradeId: trade.id, action, form: schema, defaultValues });
  const { busy, photos } = form;
  const onOpenChange = (next: boolean) => {
    if (busy) return;
    setOpen(next);
    if (!next) photos.clear();
  };
  const send = form.handleSubmit((values) => {
    if (photoField?.required && photos.photos.length === 0) return photos.fail(photoField.required);
    return form.send(toBody(values)).then(
      (view) => {
        onDone(view);
        setOpen(false);
        photos.clear();
        form.reset();
      },
      (error: unknown) => form.fail(error),
    );
  });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant={variant}>
          <Icon aria-hidden />
          {trigger}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
        {summary?.(form)}
        <form noValidate onSubmit={send} className="mt-5 flex flex-col gap-4">
          {children?.(form)}
          {photoField && (
            <TradePhotoField
              id={form.id}
              label={photoField.label}
              altPrefix={photoField.altPrefix}
              photos={photos.photos}
              onChange={photos.onChange}
              error={photos.error}
              disabled={busy}
            />
          )}
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" disabled={busy} onClick={() => onOpenChange(false)}>
              Voltar
            </Button>
            <Button type="submit" variant={submit.variant} busy={busy}>
              {busy ? submit.busyLabel : typeof submit.label === 'string' ? submit.label : submit.label(form)}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** A form's 'reason' textarea. */
export function ReasonField<Fields extends FieldValues & { reason: string }, Body>({
  form,
  label,
}: {
  form: StepForm<Fields, Body>;
  label: string;
}) {
  const { id } = form;
  const error = form.formState.errors.reason?.message as string | undefined;
  return (
    <Field htmlFor={`${id}-reason`} label={label} error={error}>
      <textarea
        id={`${id}-reason`}
        rows={4}
        maxLength={MAX_REASON}
        className={textareaClasses}
        {...describedBy(`${id}-reason`, Boolean(error))}
        {...form.register('reason' as Path<Fields>)}
      />
    </Field>
  );
}

/** A form's E2E id of a PIX transfer. */
export function E2EField<Fields extends FieldValues & { endToEndId: string }, Body>({
  form,
  label,
  hint,
  disabled,
}: {
  form: StepForm<Fields, Body>;
  label: string;
  hint?: string;
  disabled?: boolean;
}) {
  const { id } = form;
  const error = form.formState.errors.endToEndId?.message as string | undefined;
  return (
    <Field
      htmlFor={`${id}-e2e`}
      label={label}
      error={error}
      hint={hint && <p className="text-xs text-muted">{hint}</p>}
    >
      <Input
        id={`${id}-e2e`}
        autoComplete="off"
        spellCheck={false}
        className="font-mono"
        disabled={disabled}
        {...describedBy(`${id}-e2e`, Boolean(error))}
        {...form.register('endToEndId' as Path<Fields>)}
      />
    </Field>
  );
}

/** A step that refunds through the PSP may be left processing there: say so rather than that it is done. */
export function refundOrDone(view: TradeView, done: string) {
  if (view.refundPendingSince) toast.info(m.refundProcessingTitle, { description: m.refundProcessing });
  else toast.success(done);
}
