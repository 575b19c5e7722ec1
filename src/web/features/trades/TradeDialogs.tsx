import { tradeMessages as m } from '@shared/trade-messages';
import { MAX_REASON, paidTradeStates, type TradeView } from '@shared/trades';
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
import { Input } from '@web/components/ui/input';
import { cn } from '@web/lib/cn';
import { toast } from '@web/lib/toast';
import {
  Ban,
  Gavel,
  ImagePlus,
  type LucideIcon,
  MessageSquareQuote,
  Scale,
  UserRoundCog,
} from 'lucide-react';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import {
  type FieldErrors,
  type FieldValues,
  type UseFormRegister,
  type UseFormRegisterReturn,
  useForm,
} from 'react-hook-form';
import { useTradeStep } from './api';
import { TradeMoneySummary } from './MoneyConfirmDialog';
import { fieldErrorsInto, textareaClasses } from './StepForms';
import { reportStepError } from './step-errors';
import { stepBody, TradePhotoField } from './TradePhotos';
import {
  type CancelFields,
  cancelForm,
  type DecisionBody,
  type DecisionFields,
  type DisputeFields,
  decisionForm,
  disputeForm,
  formResolver,
  type RecommendationFields,
  recommendationForm,
  type TakeOverFields,
  takeOverForm,
} from './trade-forms';

/** A button that opens a form in a dialog; focus returns to the button when it closes. */
function StepDialog({
  trigger,
  icon: Icon,
  variant = 'secondary',
  title,
  description,
  open,
  onOpenChange,
  busy,
  summary,
  children,
}: {
  trigger: string;
  icon: LucideIcon;
  variant?: ButtonVariant;
  title: string;
  description: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  busy: boolean;
  /** The trade and the amount a money action moves, repeated before it is sent. */
  summary?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogTrigger asChild>
        <Button variant={variant}>
          <Icon aria-hidden />
          {trigger}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
        {summary}
        {children}
      </DialogContent>
    </Dialog>
  );
}

function ReasonField<T extends FieldValues & { reason: string }>({
  id,
  label,
  register,
  errors,
}: {
  id: string;
  label: string;
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
}) {
  const error = errors.reason?.message as string | undefined;
  return (
    <Field htmlFor={`${id}-reason`} label={label} error={error}>
      <textarea
        id={`${id}-reason`}
        rows={4}
        maxLength={MAX_REASON}
        className={textareaClasses}
        {...describedBy(`${id}-reason`, Boolean(error))}
        {...register('reason' as never)}
      />
    </Field>
  );
}

function E2EField<T extends FieldValues & { endToEndId: string }>({
  id,
  label,
  register,
  errors,
}: {
  id: string;
  label: string;
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
}) {
  const error = errors.endToEndId?.message as string | undefined;
  return (
    <Field htmlFor={`${id}-e2e`} label={label} error={error}>
      <Input
        id={`${id}-e2e`}
        autoComplete="off"
        spellCheck={false}
        className="font-mono"
        {...describedBy(`${id}-e2e`, Boolean(error))}
        {...register('endToEndId' as never)}
      />
    </Field>
  );
}

function DialogButtons({
  busy,
  label,
  busyLabel,
  variant,
  onBack,
}: {
  busy: boolean;
  label: string;
  busyLabel: string;
  variant: ButtonVariant;
  onBack: () => void;
}) {
  return (
    <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
      <Button variant="secondary" disabled={busy} onClick={onBack}>
        Voltar
      </Button>
      <Button type="submit" variant={variant} busy={busy}>
        {busy ? busyLabel : label}
      </Button>
    </div>
  );
}

/** 'Cancelar intermediação': a reason; staff cancelling after the payment refund it and give the E2E id. */
export function CancelTradeDialog({ trade }: { trade: TradeView }) {
  const id = useId();
  const step = useTradeStep(trade.id);
  const busy = step.isPending;
  const [open, setOpen] = useState(false);
  const isRefund = trade.viewerRole === 'intermediador' && paidTradeStates.includes(trade.state);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<CancelFields, unknown, { reason: string; endToEndId?: string | undefined }>({
    resolver: formResolver(cancelForm(isRefund)),
    defaultValues: { reason: '', endToEndId: '' },
  });
  const submit = handleSubmit((body) =>
    step.mutateAsync({ path: 'cancel', body }).then(
      (view) => {
        refundOrDone(view, m.cancelled);
        setOpen(false);
        reset();
      },
      (error: unknown) => reportStepError(error, fieldErrorsInto(setError, ['reason', 'endToEndId'])),
    ),
  );
  return (
    <StepDialog
      trigger="Cancelar intermediação"
      icon={Ban}
      variant="ghost"
      title="Cancelar intermediação"
      description={
        isRefund
          ? 'O valor pago volta ao comprador. Faça o PIX de reembolso deste valor e informe o identificador da transferência.'
          : 'A intermediação termina e a unidade reservada volta ao estoque. Conte o motivo para a outra parte.'
      }
      open={open}
      onOpenChange={setOpen}
      busy={busy}
      summary={isRefund ? <TradeMoneySummary trade={trade} amountCents={trade.amountCents} /> : undefined}
    >
      <form noValidate onSubmit={submit} className="mt-5 flex flex-col gap-4">
        <ReasonField id={id} label="Motivo do cancelamento" register={register} errors={errors} />
        {isRefund && (
          <E2EField id={id} label="Identificador do reembolso (E2E)" register={register} errors={errors} />
        )}
        <DialogButtons
          busy={busy}
          label={isRefund ? 'Reembolsar e cancelar' : 'Cancelar intermediação'}
          busyLabel="Cancelando..."
          variant="danger"
          onBack={() => setOpen(false)}
        />
      </form>
    </StepDialog>
  );
}

/**
 * The photos a dialog's form carries. Closing the dialog drops them (the picker releases their previews when
 * it goes), as it drops what was typed.
 */
function useDialogPhotos() {
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
    /** Routes a server message about 'photos' under the picker, any other to `fallback`. */
    showError: (fallback: (name: string, message: string) => void) => (name: string, message: string) =>
      name === 'photos' ? setError(message) : fallback(name, message),
  };
}

/** 'Abrir disputa' (buyer or seller, after the payment and before the release): the staff decide. */
export function OpenDisputeDialog({ trade }: { trade: TradeView }) {
  const id = useId();
  const step = useTradeStep(trade.id);
  const busy = step.isPending;
  const [open, setOpen] = useState(false);
  const evidence = useDialogPhotos();
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) evidence.clear();
  };
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<DisputeFields, unknown, { reason: string }>({
    resolver: formResolver(disputeForm),
    defaultValues: { reason: '' },
  });
  const submit = handleSubmit((body) =>
    step.mutateAsync({ path: 'dispute', body: stepBody(body, evidence.photos) }).then(
      () => {
        toast.success(m.disputeOpened);
        onOpenChange(false);
        reset();
      },
      (error: unknown) => reportStepError(error, evidence.showError(fieldErrorsInto(setError, ['reason']))),
    ),
  );
  return (
    <StepDialog
      trigger="Abrir disputa"
      icon={Scale}
      variant="ghost"
      title="Abrir disputa"
      description="O pagamento fica retido e um intermediador analisa o caso. Explique o que aconteceu."
      open={open}
      onOpenChange={onOpenChange}
      busy={busy}
    >
      <form noValidate onSubmit={submit} className="mt-5 flex flex-col gap-4">
        <ReasonField id={id} label="O que aconteceu?" register={register} errors={errors} />
        <TradePhotoField
          id={id}
          label="Evidências (opcional, até 4 fotos)"
          altPrefix="Evidência"
          photos={evidence.photos}
          onChange={evidence.onChange}
          error={evidence.error}
          disabled={busy}
        />
        <DialogButtons
          busy={busy}
          label="Abrir disputa"
          busyLabel="Abrindo..."
          variant="danger"
          onBack={() => onOpenChange(false)}
        />
      </form>
    </StepDialog>
  );
}

/** 'Enviar evidências' (buyer or seller, while the dispute is open): up to 4 photos each, in all. */
export function AddEvidenceDialog({ trade }: { trade: TradeView }) {
  const id = useId();
  const step = useTradeStep(trade.id);
  const busy = step.isPending;
  const [open, setOpen] = useState(false);
  const evidence = useDialogPhotos();
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) evidence.clear();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (evidence.photos.length === 0) {
      evidence.fail(m.photoRequired);
      return;
    }
    step.mutate(
      { path: 'dispute/photos', body: stepBody({}, evidence.photos) },
      {
        onSuccess: () => {
          toast.success(m.evidenceAdded);
          onOpenChange(false);
        },
        onError: (error) =>
          reportStepError(
            error,
            evidence.showError(() => {}),
          ),
      },
    );
  };
  return (
    <StepDialog
      trigger="Enviar evidências"
      icon={ImagePlus}
      variant="secondary"
      title="Enviar evidências"
      description="Fotos que ajudam o intermediador a decidir: até 4 por parte, somando as enviadas ao abrir a disputa."
      open={open}
      onOpenChange={onOpenChange}
      busy={busy}
    >
      <form noValidate onSubmit={submit} className="mt-5 flex flex-col gap-4">
        <TradePhotoField
          id={id}
          label="Fotos"
          altPrefix="Evidência"
          photos={evidence.photos}
          onChange={evidence.onChange}
          error={evidence.error}
          disabled={busy}
        />
        <DialogButtons
          busy={busy}
          label="Enviar evidências"
          busyLabel="Enviando..."
          variant="primary"
          onBack={() => onOpenChange(false)}
        />
      </form>
    </StepDialog>
  );
}

const decisions = [
  { value: 'release', label: 'Liberar o pagamento ao vendedor' },
  { value: 'refund', label: 'Reembolsar o comprador' },
] as const;
const decisionWords = {
  release: 'liberar o pagamento ao vendedor',
  refund: 'reembolsar o comprador',
} as const;

/** The two decisions as radio cards, with the error under them. */
function DecisionChoice({
  id,
  chosen,
  error,
  field,
}: {
  id: string;
  chosen: string;
  error: string | undefined;
  field: UseFormRegisterReturn;
}) {
  return (
    <fieldset aria-describedby={error ? `${id}-decision-error` : undefined} className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-medium text-fg">Decisão</legend>
      {decisions.map(({ value, label }) => (
        <label
          key={value}
          className={cn(
            'flex cursor-pointer items-center gap-3 rounded-lg border px-3.5 py-2.5 text-sm transition-colors has-focus-visible:outline-2 has-focus-visible:outline-accent',
            chosen === value
              ? 'border-accent/60 bg-accent-soft text-fg'
              : 'border-line bg-surface-2 text-muted hover:border-line-strong hover:text-fg',
          )}
        >
          <input type="radio" value={value} className="size-4 accent-(--color-accent)" {...field} />
          {label}
        </label>
      ))}
      {error && (
        <p id={`${id}-decision-error`} role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/**
 * An admin decides a dispute. For the seller, the payout becomes due (paid afterwards from the room or
 * 'Repasses', with its own E2E id); for the buyer, the refund's PIX is made first and its E2E id recorded.
 */
export function DecideDisputeDialog({ trade }: { trade: TradeView }) {
  const id = useId();
  const step = useTradeStep(trade.id);
  const busy = step.isPending;
  const [open, setOpen] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    watch,
    formState: { errors },
  } = useForm<DecisionFields, unknown, DecisionBody>({
    resolver: formResolver(decisionForm),
    defaultValues: { decision: '', reason: '', endToEndId: '' },
  });
  const decision = watch('decision');
  const recommendation = trade.dispute?.recommendation;
  const submit = handleSubmit((body) =>
    step.mutateAsync({ path: 'dispute/decision', body }).then(
      (view) => {
        refundOrDone(view, m.disputeDecided);
        setOpen(false);
        reset();
      },
      (error: unknown) =>
        reportStepError(error, fieldErrorsInto(setError, ['decision', 'reason', 'endToEndId'])),
    ),
  );
  return (
    <StepDialog
      trigger="Decidir disputa"
      icon={Gavel}
      variant="primary"
      title="Decidir disputa"
      description="A decisão é final e aparece para as duas partes. Para o vendedor, o repasse fica devido e é pago em seguida; para o comprador, faça o PIX de reembolso antes e informe o identificador."
      open={open}
      onOpenChange={setOpen}
      busy={busy}
      summary={
        <TradeMoneySummary
          trade={trade}
          amountCents={decision === 'release' ? trade.sellerShareCents : trade.amountCents}
        />
      }
    >
      <form noValidate onSubmit={submit} className="mt-5 flex flex-col gap-4">
        {recommendation && (
          <p className="rounded-lg border border-line bg-surface px-3.5 py-2.5 text-sm text-muted">
            <span className="font-medium text-fg">Recomendação de {recommendation.byName}:</span>{' '}
            {decisionWords[recommendation.decision]}. {recommendation.reason}
          </p>
        )}
        <DecisionChoice
          id={id}
          chosen={decision}
          error={errors.decision?.message}
          field={register('decision')}
        />
        <ReasonField id={id} label="Justificativa" register={register} errors={errors} />
        {decision === 'refund' && (
          <E2EField id={id} label="Identificador do reembolso (E2E)" register={register} errors={errors} />
        )}
        <DialogButtons
          busy={busy}
          label={
            decision === 'release'
              ? 'Decidir e deixar o repasse devido'
              : decision === 'refund'
                ? 'Decidir e registrar o reembolso'
                : 'Registrar decisão'
          }
          busyLabel="Registrando..."
          variant="primary"
          onBack={() => setOpen(false)}
        />
      </form>
    </StepDialog>
  );
}

/** A moderator recommends a decision; an admin confirms it (money moves only by an admin's hand). */
export function RecommendDecisionDialog({ trade }: { trade: TradeView }) {
  const id = useId();
  const step = useTradeStep(trade.id);
  const busy = step.isPending;
  const [open, setOpen] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    watch,
    formState: { errors },
  } = useForm<RecommendationFields, unknown, { decision: 'release' | 'refund'; reason: string }>({
    resolver: formResolver(recommendationForm),
    defaultValues: { decision: trade.dispute?.recommendation?.decision ?? '', reason: '' },
  });
  const submit = handleSubmit((body) =>
    step.mutateAsync({ path: 'dispute/recommendation', body }).then(
      () => {
        toast.success(m.decisionRecommended);
        setOpen(false);
        reset();
      },
      (error: unknown) => reportStepError(error, fieldErrorsInto(setError, ['decision', 'reason'])),
    ),
  );
  return (
    <StepDialog
      trigger={trade.dispute?.recommendation ? 'Alterar recomendação' : 'Recomendar decisão'}
      icon={MessageSquareQuote}
      variant="primary"
      title="Recomendar decisão"
      description="Um administrador lê a sua recomendação e decide: só ele movimenta o dinheiro."
      open={open}
      onOpenChange={setOpen}
      busy={busy}
    >
      <form noValidate onSubmit={submit} className="mt-5 flex flex-col gap-4">
        <DecisionChoice
          id={id}
          chosen={watch('decision')}
          error={errors.decision?.message}
          field={register('decision')}
        />
        <ReasonField id={id} label="Justificativa" register={register} errors={errors} />
        <DialogButtons
          busy={busy}
          label="Enviar recomendação"
          busyLabel="Enviando..."
          variant="primary"
          onBack={() => setOpen(false)}
        />
      </form>
    </StepDialog>
  );
}

/** An admin takes the trade from the staff member holding it; the reason goes to the history and the audit. */
export function TakeOverDialog({ trade }: { trade: TradeView }) {
  const id = useId();
  const step = useTradeStep(trade.id);
  const busy = step.isPending;
  const [open, setOpen] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<TakeOverFields, unknown, { reason: string }>({
    resolver: formResolver(takeOverForm),
    defaultValues: { reason: '' },
  });
  const submit = handleSubmit((body) =>
    step.mutateAsync({ path: 'take-over', body }).then(
      () => {
        toast.success('Você é o intermediador desta negociação');
        setOpen(false);
        reset();
      },
      (error: unknown) => reportStepError(error, fieldErrorsInto(setError, ['reason'])),
    ),
  );
  return (
    <StepDialog
      trigger="Assumir no lugar"
      icon={UserRoundCog}
      variant="secondary"
      title="Assumir a intermediação"
      description={`${trade.intermediary?.name ?? 'Outro membro da equipe'} conduz esta intermediação. O motivo fica no histórico e na auditoria.`}
      open={open}
      onOpenChange={setOpen}
      busy={busy}
    >
      <form noValidate onSubmit={submit} className="mt-5 flex flex-col gap-4">
        <ReasonField id={id} label="Motivo" register={register} errors={errors} />
        <DialogButtons
          busy={busy}
          label="Assumir intermediação"
          busyLabel="Assumindo..."
          variant="primary"
          onBack={() => setOpen(false)}
        />
      </form>
    </StepDialog>
  );
}

/** A step that refunds through the PSP may be left processing there: say so rather than that it is done. */
function refundOrDone(view: TradeView, done: string) {
  if (view.refundPendingSince) toast.info(m.refundProcessingTitle, { description: m.refundProcessing });
  else toast.success(done);
}
