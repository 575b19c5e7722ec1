import { formatPrice } from '@shared/money';
import { tradeMessages as m } from '@shared/trade-messages';
import { MAX_CREDENTIALS, MAX_TRADE_NOTE, type TradeView } from '@shared/trades';
import { Button } from '@web/components/ui/button';
import { describedBy, Field } from '@web/components/ui/field';
import { fieldClasses, Input } from '@web/components/ui/input';
import type { Photo } from '@web/features/listings/form/photos';
import { cn } from '@web/lib/cn';
import { toast } from '@web/lib/toast';
import { BadgeCheck, CircleDollarSign, Hand, KeyRound, PackageCheck, Send, Truck } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { type FieldValues, type Path, type UseFormSetError, useForm } from 'react-hook-form';
import { useTradeStep } from './api';
import { useAnnounceStock } from './listing-stock';
import { reportStepError } from './step-errors';
import { stepBody, TradePhotoField } from './TradePhotos';
import {
  centsToReais,
  type DeliveryFields,
  deliveryForm,
  formResolver,
  type PaymentFields,
  paymentForm,
  type ReleaseFields,
  releaseForm,
  type ValueFields,
  valueForm,
} from './trade-forms';
import { formatDayTime } from './trade-time';

/** Puts the server's per-field messages under the inputs this form has. */
export function fieldErrorsInto<T extends FieldValues>(
  setError: UseFormSetError<T>,
  names: readonly string[],
) {
  return (name: string, message: string) => {
    if (names.includes(name)) setError(name as Path<T>, { type: 'server', message }, { shouldFocus: true });
  };
}

export const textareaClasses = cn(fieldClasses, 'h-auto! resize-y px-3.5 py-2.5');

function StepCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-3">
      <h3 className="font-semibold text-fg">{title}</h3>
      {children}
    </div>
  );
}

/** Step 1 (seller): the amount, prefilled with the listing's price. */
export function ConfirmValueForm({ trade }: { trade: TradeView }) {
  const id = useId();
  const step = useTradeStep(trade.id);
  const {
    register,
    handleSubmit,
    getValues,
    setError,
    formState: { errors },
  } = useForm<ValueFields, unknown, unknown>({
    resolver: formResolver<ValueFields, unknown>(valueForm),
    defaultValues: { amount: centsToReais(trade.amountCents) },
  });

  const submit = handleSubmit(
    () =>
      step.mutateAsync({ path: 'value', body: { amount: getValues('amount').trim() } }).then(
        () => toast.success(m.valueConfirmed),
        (error: unknown) => reportStepError(error, fieldErrorsInto(setError, ['amount'])),
      ),
    (invalid) => {
      if (invalid.amount?.message === m.valueRequired)
        toast.error(m.valueRequiredTitle, { description: m.valueRequired });
    },
  );
  const error = errors.amount?.message;

  return (
    <StepCard title="Confirme o valor da transação">
      <p className="text-sm text-muted">
        Confira o valor combinado com o comprador. Depois da confirmação, ele recebe a cobrança PIX e uma
        unidade do estoque fica reservada.
      </p>
      <form noValidate onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <Field htmlFor={`${id}-amount`} label="Valor (R$)" error={error} className="sm:w-56">
          <Input
            id={`${id}-amount`}
            inputMode="decimal"
            autoComplete="off"
            {...describedBy(`${id}-amount`, Boolean(error))}
            {...register('amount')}
          />
        </Field>
        <Button type="submit" busy={step.isPending} className="sm:mt-7">
          {!step.isPending && <CircleDollarSign aria-hidden />}
          Confirmar valor
        </Button>
      </form>
    </StepCard>
  );
}

/** Step 2 (staff): the PIX was received; its E2E id is optional. */
export function ConfirmPaymentForm({ trade }: { trade: TradeView }) {
  const id = useId();
  const step = useTradeStep(trade.id);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<PaymentFields, unknown, { endToEndId?: string | undefined }>({
    resolver: formResolver(paymentForm),
    defaultValues: { endToEndId: '' },
  });
  const submit = handleSubmit((body) =>
    step.mutateAsync({ path: 'payment', body }).then(
      () => toast.success(m.paymentConfirmed),
      (error: unknown) => reportStepError(error, fieldErrorsInto(setError, ['endToEndId'])),
    ),
  );
  const error = errors.endToEndId?.message;
  return (
    <StepCard title="Confirmar o pagamento do comprador">
      <form noValidate onSubmit={submit} className="flex flex-col gap-3">
        <Field
          htmlFor={`${id}-e2e`}
          label="Identificador da transferência (E2E, opcional)"
          error={error}
          hint={<p className="text-xs text-muted">Os 32 caracteres que o extrato do PIX recebido mostra.</p>}
        >
          <Input
            id={`${id}-e2e`}
            autoComplete="off"
            spellCheck={false}
            className="font-mono"
            {...describedBy(`${id}-e2e`, Boolean(error))}
            {...register('endToEndId')}
          />
        </Field>
        <Button type="submit" busy={step.isPending} className="self-start">
          {!step.isPending && <BadgeCheck aria-hidden />}
          Confirmar pagamento
        </Button>
      </form>
    </StepCard>
  );
}

/** Step 3, first half (seller): the delivery, with the account data the buyer will read. */
export function MarkDeliveredForm({ trade }: { trade: TradeView }) {
  const id = useId();
  const step = useTradeStep(trade.id);
  const {
    register,
    handleSubmit,
    getValues,
    setError,
    formState: { errors },
  } = useForm<DeliveryFields, unknown, unknown>({
    resolver: formResolver<DeliveryFields, unknown>(deliveryForm),
    defaultValues: { note: '', credentials: '' },
  });
  const [photos, setPhotos] = useState<Photo[]>([]);
  const [photosError, setPhotosError] = useState<string>();
  const submit = handleSubmit(() => {
    const note = getValues('note').trim();
    const credentials = getValues('credentials').trim();
    setPhotosError(undefined);
    const showError = fieldErrorsInto(setError, ['note', 'credentials']);
    return step.mutateAsync({ path: 'delivery', body: stepBody({ note, credentials }, photos) }).then(
      () => toast.success(m.deliveryMarked),
      (error: unknown) =>
        reportStepError(error, (name, message) =>
          name === 'photos' ? setPhotosError(message) : showError(name, message),
        ),
    );
  });
  const noteError = errors.note?.message ?? errors.root?.message;
  const credentialsError = errors.credentials?.message;

  return (
    <StepCard title="Registrar a entrega">
      <p className="text-sm text-muted">
        Não é preciso trocar telefone ou outros contatos: a entrega acontece aqui, dentro da intermediação.
      </p>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <Field
          htmlFor={`${id}-credentials`}
          label="Dados de acesso (conta, código)"
          error={credentialsError}
          hint={
            <p id={`${id}-credentials-hint`} className="flex items-start gap-1.5 text-xs text-muted">
              <KeyRound aria-hidden className="mt-px size-3.5 shrink-0 text-accent" />
              Ficam criptografados, e só o comprador pode vê-los, depois do pagamento.
            </p>
          }
        >
          <textarea
            id={`${id}-credentials`}
            rows={4}
            maxLength={MAX_CREDENTIALS}
            autoComplete="off"
            spellCheck={false}
            placeholder={'Login: ...\nSenha: ...'}
            className={cn(textareaClasses, 'font-mono')}
            aria-invalid={credentialsError ? true : undefined}
            aria-describedby={cn(`${id}-credentials-hint`, credentialsError && `${id}-credentials-error`)}
            {...register('credentials')}
          />
        </Field>
        <Field htmlFor={`${id}-note`} label="Observação (opcional)" error={noteError}>
          <textarea
            id={`${id}-note`}
            rows={3}
            maxLength={MAX_TRADE_NOTE}
            placeholder="Como a entrega foi feita, o que o comprador deve conferir..."
            className={textareaClasses}
            {...describedBy(`${id}-note`, Boolean(noteError))}
            {...register('note')}
          />
        </Field>
        <TradePhotoField
          id={id}
          label="Fotos da entrega (opcional, até 4)"
          altPrefix="Comprovante de entrega"
          photos={photos}
          onChange={(next) => {
            setPhotos(next);
            setPhotosError(undefined);
          }}
          error={photosError}
          disabled={step.isPending}
        />
        <Button type="submit" busy={step.isPending} className="self-start">
          {!step.isPending && <Truck aria-hidden />}
          Registrar entrega
        </Button>
      </form>
    </StepCard>
  );
}

/** Step 3, second half (buyer): confirms the delivery; silence confirms it when the 72 h end. */
export function ConfirmDeliveryBox({ trade }: { trade: TradeView }) {
  const step = useTradeStep(trade.id);
  const autoAt = trade.deadline?.kind === 'buyer_confirmation' ? trade.deadline.at : null;
  return (
    <StepCard title="Você recebeu o produto?">
      <p className="text-sm text-muted">
        Confira tudo antes de confirmar: a confirmação libera o pagamento ao vendedor. Se algo estiver errado,
        abra uma disputa.
      </p>
      {autoAt && (
        <p className="text-sm font-medium text-warning">Confirmação automática em {formatDayTime(autoAt)}</p>
      )}
      <Button
        className="self-start"
        busy={step.isPending}
        onClick={() =>
          step.mutate(
            { path: 'delivery/confirm' },
            {
              onSuccess: () => toast.success(m.deliveryConfirmed),
              onError: (error) => reportStepError(error),
            },
          )
        }
      >
        {!step.isPending && <PackageCheck aria-hidden />}
        Confirmar recebimento
      </Button>
    </StepCard>
  );
}

/** Step 4 (staff): the payout's PIX transfer, to the seller's default key. */
export function ReleaseForm({ trade }: { trade: TradeView }) {
  const id = useId();
  const step = useTradeStep(trade.id);
  const announceStock = useAnnounceStock();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ReleaseFields, unknown, { endToEndId: string }>({
    resolver: formResolver(releaseForm),
    defaultValues: { endToEndId: '' },
  });
  const disabled = !trade.sellerHasPixKey;
  const submit = handleSubmit((body) =>
    step.mutateAsync({ path: 'release', body }).then(
      (after) => {
        toast.success(m.released);
        announceStock(after);
        toast.success(m.finished);
      },
      (error: unknown) => reportStepError(error, fieldErrorsInto(setError, ['endToEndId']), m.finishFailed),
    ),
  );
  const error = errors.endToEndId?.message;

  return (
    <StepCard title="Liberar o pagamento ao vendedor">
      <p className="text-sm text-muted">
        Envie {formatPrice(trade.sellerShareCents)} por PIX para a chave padrão do vendedor (valor de{' '}
        {formatPrice(trade.amountCents)} menos a taxa de {formatPrice(trade.feeCents)}) e informe o
        identificador da transferência.
      </p>
      {disabled && (
        <div role="alert" className="rounded-xl border border-warning/40 bg-warning/10 p-3 text-sm">
          <p className="font-semibold text-fg">{m.pixKeyRequiredTitle}</p>
          <p className="text-muted">{m.pixKeyRequired}</p>
        </div>
      )}
      <form noValidate onSubmit={submit} className="flex flex-col gap-3">
        <Field htmlFor={`${id}-e2e`} label="Identificador da transferência (E2E)" error={error}>
          <Input
            id={`${id}-e2e`}
            autoComplete="off"
            spellCheck={false}
            className="font-mono"
            disabled={disabled}
            {...describedBy(`${id}-e2e`, Boolean(error))}
            {...register('endToEndId')}
          />
        </Field>
        <Button type="submit" busy={step.isPending} disabled={disabled} className="self-start">
          {!step.isPending && <Send aria-hidden />}
          Liberar pagamento
        </Button>
      </form>
    </StepCard>
  );
}

/** Staff take an unassigned trade as its intermediary. */
export function TakeTradeButton({ trade }: { trade: TradeView }) {
  const step = useTradeStep(trade.id);
  return (
    <Button
      variant="outline"
      busy={step.isPending}
      className="self-start"
      onClick={() =>
        step.mutate(
          { path: 'take' },
          {
            onSuccess: () => toast.success('Você é o intermediador desta negociação'),
            onError: (error) => reportStepError(error),
          },
        )
      }
    >
      {!step.isPending && <Hand aria-hidden />}
      Assumir intermediação
    </Button>
  );
}
