import { sellerReceivesLine } from '@shared/fees';
import { formatPrice, MAX_PRICE_CENTS, parsePriceCents } from '@shared/money';
import { type PixKeyType, pixKeyTypeLabels } from '@shared/pix';
import { tradeMessages as m } from '@shared/trade-messages';
import { TRADE_TIMERS } from '@shared/trade-rules';
import { MAX_CREDENTIALS, MAX_TRADE_NOTE, type TradeView } from '@shared/trades';
import type { Photo } from '@web/components/photos/photos';
import { Button } from '@web/components/ui/button';
import { describedBy, Field } from '@web/components/ui/field';
import { fieldClasses, Input } from '@web/components/ui/input';
import { cn } from '@web/lib/cn';
import { formatDateAtTime, formatDayAtTime } from '@web/lib/format';
import { toast } from '@web/lib/toast';
import {
  BadgeCheck,
  Check,
  CircleDollarSign,
  Hand,
  KeyRound,
  PackageCheck,
  Send,
  Truck,
  Undo2,
} from 'lucide-react';
import { type ReactNode, useId, useRef, useState } from 'react';
import { type FieldValues, type Path, type UseFormSetError, useForm, useWatch } from 'react-hook-form';
import { useTradeStep } from './api';
import { CopyButton } from './CopyButton';
import { useAnnounceStock } from './listing-stock';
import { MoneyConfirmDialog } from './MoneyConfirmDialog';
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

/**
 * Step 1 (seller): the amount, prefilled with the agreed one (the offer or the listing's price). The same amount
 * confirms it; a different one goes to the buyer as a proposal, and no charge exists until they accept it.
 */
export function ConfirmValueForm({ trade }: { trade: TradeView }) {
  const id = useId();
  const step = useTradeStep(trade.id);
  const {
    register,
    control,
    handleSubmit,
    getValues,
    setError,
    formState: { errors },
  } = useForm<ValueFields, unknown, unknown>({
    resolver: formResolver<ValueFields, unknown>(valueForm),
    defaultValues: { amount: centsToReais(trade.amountCents) },
  });
  // What the seller receives on the amount typed, at the rate the trade fixed when it opened.
  const typedCents = parsePriceCents(useWatch({ control, name: 'amount' }) ?? '');

  const submit = handleSubmit(
    () =>
      step.mutateAsync({ path: 'value', body: { amount: getValues('amount').trim() } }).then(
        (after) => toast.success(after.state === 'value_proposed' ? m.valueProposed : m.valueConfirmed),
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
      <p id={`${id}-amount-hint`} className="text-sm text-muted">
        O valor combinado ({formatPrice(trade.amountCents)}) já está preenchido: confirme-o e o comprador
        recebe a cobrança PIX, com uma unidade do estoque reservada. Se você mudar o valor, ele vai ao
        comprador como proposta, e a cobrança só sai depois que ele aceitar.
      </p>
      <form noValidate onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <Field htmlFor={`${id}-amount`} label="Valor (R$)" error={error} className="sm:w-56">
          <Input
            id={`${id}-amount`}
            inputMode="decimal"
            autoComplete="off"
            aria-invalid={error ? true : undefined}
            aria-describedby={cn(`${id}-amount-hint`, error && `${id}-amount-error`)}
            {...register('amount')}
          />
        </Field>
        <Button type="submit" busy={step.isPending} className="sm:mt-7">
          {!step.isPending && <CircleDollarSign aria-hidden />}
          Confirmar valor
        </Button>
      </form>
      <p aria-live="polite" className="text-sm font-medium text-fg empty:hidden">
        {typedCents > 0 && typedCents <= MAX_PRICE_CENTS && sellerReceivesLine(typedCents, trade.feeRateBps)}
      </p>
    </StepCard>
  );
}

/** Step 1, when the seller proposed another value (buyer): both amounts, and the answer. */
export function AnswerProposalBox({ trade }: { trade: TradeView }) {
  const step = useTradeStep(trade.id);
  const [answering, setAnswering] = useState<'accept' | 'decline' | null>(null);
  const proposal = trade.proposal;
  const answer = (which: 'accept' | 'decline') => {
    setAnswering(which);
    step.mutate(
      { path: which === 'accept' ? 'value/accept' : 'value/decline' },
      {
        onSuccess: () => toast.success(which === 'accept' ? m.valueAccepted : m.valueDeclined),
        onError: (error) => reportStepError(error),
        onSettled: () => setAnswering(null),
      },
    );
  };
  return (
    <StepCard title="O vendedor propôs um novo valor">
      {proposal && <ProposalAmounts proposal={proposal} />}
      <p className="text-sm text-muted">
        Aceitando, a cobrança PIX sai com o novo valor. Recusando, vale o valor combinado e o vendedor
        confirma de novo.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button busy={answering === 'accept'} disabled={step.isPending} onClick={() => answer('accept')}>
          {answering !== 'accept' && <Check aria-hidden />}
          Aceitar novo valor
        </Button>
        <Button
          variant="secondary"
          busy={answering === 'decline'}
          disabled={step.isPending}
          onClick={() => answer('decline')}
        >
          {answering !== 'decline' && <Undo2 aria-hidden />}
          Recusar
        </Button>
      </div>
    </StepCard>
  );
}

/** 'Valor combinado R$ 180,00 · Proposto pelo vendedor R$ 200,00'. */
export function ProposalAmounts({ proposal }: { proposal: NonNullable<TradeView['proposal']> }) {
  return (
    <p className="flex flex-wrap items-baseline gap-x-2 gap-y-1 text-sm text-muted">
      <span>
        Valor combinado <span className="font-semibold text-fg">{formatPrice(proposal.agreedCents)}</span>
      </span>
      <span aria-hidden>·</span>
      <span>
        Proposto pelo vendedor{' '}
        <span className="font-semibold text-accent">{formatPrice(proposal.proposedCents)}</span>
      </span>
    </p>
  );
}

/** Step 2 (admin): the PIX was received; its E2E id is optional. A dialog repeats the amount before sending. */
export function ConfirmPaymentForm({ trade }: { trade: TradeView }) {
  const id = useId();
  const step = useTradeStep(trade.id);
  const opener = useRef<HTMLButtonElement>(null);
  const [body, setBody] = useState<{ endToEndId?: string | undefined } | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<PaymentFields, unknown, { endToEndId?: string | undefined }>({
    resolver: formResolver(paymentForm),
    defaultValues: { endToEndId: '' },
  });
  const submit = handleSubmit((checked) => setBody(checked));
  const send = () => {
    if (!body) return;
    step.mutate(
      { path: 'payment', body },
      {
        onSuccess: () => {
          toast.success(m.paymentConfirmed);
          setBody(null);
        },
        onError: (error) => {
          setBody(null);
          reportStepError(error, fieldErrorsInto(setError, ['endToEndId']));
        },
      },
    );
  };
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
        <Button ref={opener} type="submit" className="self-start">
          <BadgeCheck aria-hidden />
          Confirmar pagamento
        </Button>
      </form>
      <MoneyConfirmDialog
        open={body !== null}
        onOpenChange={(open) => !open && setBody(null)}
        trade={trade}
        amountCents={trade.amountCents}
        title="Confirmar pagamento?"
        description="Confira no extrato que este valor entrou. Depois da confirmação o vendedor é avisado para entregar."
        confirmLabel="Confirmar pagamento"
        busyLabel="Confirmando..."
        busy={step.isPending}
        onConfirm={send}
        returnFocusTo={opener}
      >
        {body?.endToEndId && (
          <p>
            E2E: <span className="font-mono break-all text-fg">{body.endToEndId}</span>
          </p>
        )}
      </MoneyConfirmDialog>
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
  const autoAt = trade.deadline?.state === 'delivered' ? trade.deadline.at : null;
  const isAccount = trade.listing.kind === 'accounts';
  return (
    <StepCard title="Você recebeu o produto?">
      <p className="text-sm text-muted">
        {isAccount
          ? `Confira tudo antes de confirmar. Por ser uma conta, o repasse ao vendedor fica retido por ${TRADE_TIMERS.accountWarrantyDays} dias de garantia depois da confirmação: se a conta for recuperada nesse período, você ainda pode abrir uma disputa.`
          : 'Confira tudo antes de confirmar: a confirmação libera o pagamento ao vendedor. Se algo estiver errado, abra uma disputa.'}
      </p>
      {autoAt && (
        <p className="text-sm font-medium text-warning">
          Confirmação automática em {formatDayAtTime(autoAt)}
        </p>
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

/**
 * Step 4 (admin): 'Repasse ao vendedor', everything the transfer needs (the key fixed on the trade when the payout
 * became due, in full; the holder; the exact amount after the fee), then the transfer's E2E id.
 */
export function ReleaseForm({ trade }: { trade: TradeView }) {
  const id = useId();
  const step = useTradeStep(trade.id);
  const announceStock = useAnnounceStock();
  const opener = useRef<HTMLButtonElement>(null);
  const [body, setBody] = useState<{ endToEndId: string } | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ReleaseFields, unknown, { endToEndId: string }>({
    resolver: formResolver(releaseForm),
    defaultValues: { endToEndId: '' },
  });
  const payout = trade.payout;
  const amountCents = payout?.amountCents ?? trade.sellerShareCents;
  const hasKey = Boolean(payout?.pixKey);
  const submit = handleSubmit((checked) => setBody(checked));
  const send = () => {
    if (!body) return;
    step.mutate(
      { path: 'release', body },
      {
        onSuccess: (after) => {
          setBody(null);
          toast.success(m.released);
          announceStock(after);
          toast.success(m.finished);
        },
        onError: (error) => {
          setBody(null);
          reportStepError(error, fieldErrorsInto(setError, ['endToEndId']), m.finishFailed);
        },
      },
    );
  };
  const error = errors.endToEndId?.message;

  return (
    <StepCard title="Repasse ao vendedor">
      <PayoutDetails trade={trade} copyable />
      {!hasKey && (
        <div role="alert" className="rounded-xl border border-warning/40 bg-warning/10 p-3 text-sm">
          <p className="font-semibold text-fg">{m.pixKeyRequiredTitle}</p>
          <p className="text-muted">{m.payoutKeyMissing}</p>
        </div>
      )}
      <form noValidate onSubmit={submit} className="flex flex-col gap-3">
        <Field
          htmlFor={`${id}-e2e`}
          label="Identificador da transferência (E2E)"
          error={error}
          hint={<p className="text-xs text-muted">Os 32 caracteres do comprovante do PIX que você enviou.</p>}
        >
          <Input
            id={`${id}-e2e`}
            autoComplete="off"
            spellCheck={false}
            className="font-mono"
            disabled={!hasKey}
            {...describedBy(`${id}-e2e`, Boolean(error))}
            {...register('endToEndId')}
          />
        </Field>
        <Button ref={opener} type="submit" disabled={!hasKey} className="self-start">
          <Send aria-hidden />
          Pagar repasse
        </Button>
      </form>
      <MoneyConfirmDialog
        open={body !== null}
        onOpenChange={(open) => !open && setBody(null)}
        trade={trade}
        amountCents={amountCents}
        title="Registrar o repasse?"
        description="Confira que o PIX saiu com este valor para a chave abaixo. A intermediação termina e o vendedor é avisado."
        confirmLabel="Confirmar repasse"
        busyLabel="Registrando..."
        busy={step.isPending}
        onConfirm={send}
        returnFocusTo={opener}
      >
        {payout?.pixKey && (
          <p>
            Chave: <span className="font-mono break-all text-fg">{payout.pixKey}</span>
            {payout.holderName && ` · ${payout.holderName}`}
          </p>
        )}
        {body && (
          <p>
            E2E: <span className="font-mono break-all text-fg">{body.endToEndId}</span>
          </p>
        )}
      </MoneyConfirmDialog>
    </StepCard>
  );
}

const keyTypeLabel = (type: string | null) =>
  type && type in pixKeyTypeLabels ? pixKeyTypeLabels[type as PixKeyType] : (type ?? '—');

/**
 * The payout as a list: key type, key (in full for admins, masked for anyone else: the server decides), holder,
 * amount after the fee, when it became due and, once paid, the transfer. `copyable` adds copy buttons (admins).
 */
export function PayoutDetails({ trade, copyable = false }: { trade: TradeView; copyable?: boolean }) {
  const payout = trade.payout;
  const amountCents = payout?.amountCents ?? trade.sellerShareCents;
  const row = 'flex flex-col gap-0.5 sm:flex-row sm:items-center sm:gap-3';
  const term = 'text-xs font-medium uppercase tracking-wide text-subtle sm:w-32 sm:shrink-0';
  return (
    <dl className="flex flex-col gap-3 rounded-xl border border-line-strong bg-surface-2 p-4 text-sm">
      <div className={row}>
        <dt className={term}>Tipo de chave</dt>
        <dd className="text-fg">{payout?.pixKey ? keyTypeLabel(payout.keyType) : '—'}</dd>
      </div>
      <div className={row}>
        <dt className={term}>Chave PIX</dt>
        <dd className="flex min-w-0 flex-1 flex-wrap items-center gap-2">
          {payout?.pixKey ? (
            <>
              <span className="font-mono break-all text-fg">{payout.pixKey}</span>
              {copyable && <CopyButton text={payout.pixKey} label="Copiar chave" className="h-8 px-3" />}
            </>
          ) : (
            <span className="text-muted">O vendedor ainda não tem chave PIX padrão</span>
          )}
        </dd>
      </div>
      <div className={row}>
        <dt className={term}>Titular</dt>
        <dd className="text-fg">
          {/* The server leaves the full name out where the seller's profile is private: their nickname then. */}
          {payout?.holderName ??
            (payout?.pixKey ? `${trade.seller.name} (apelido; nome completo privado)` : '—')}
        </dd>
      </div>
      <div className={row}>
        <dt className={term}>Valor a enviar</dt>
        <dd className="flex min-w-0 flex-1 flex-wrap items-center gap-2">
          <span className="font-display text-lg font-bold text-accent">{formatPrice(amountCents)}</span>
          {copyable && (
            <CopyButton text={centsToReais(amountCents)} label="Copiar valor" className="h-8 px-3" />
          )}
          <span className="w-full text-xs text-muted">
            {formatPrice(trade.amountCents)} menos a taxa de {formatPrice(trade.feeCents)}
          </span>
        </dd>
      </div>
      {payout && (
        <div className={row}>
          <dt className={term}>Devido desde</dt>
          <dd className="text-fg">{formatDateAtTime(payout.dueAt)}</dd>
        </div>
      )}
    </dl>
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
