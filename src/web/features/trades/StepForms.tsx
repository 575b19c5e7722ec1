import { sellerReceivesLine } from '@shared/fees';
import { formatPrice, MAX_PRICE_CENTS, parsePriceCents } from '@shared/money';
import { tradeMessages as m } from '@shared/trade-messages';
import { TRADE_TIMERS } from '@shared/trade-rules';
import { MAX_CREDENTIALS, MAX_TRADE_NOTE, type TradeView } from '@shared/trades';
import { Button } from '@web/components/ui/button';
import { describedBy, Field } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { cn } from '@web/lib/cn';
import { formatDayAtTime } from '@web/lib/format';
import { toast } from '@web/lib/toast';
import {
  BadgeCheck,
  Check,
  CircleDollarSign,
  Hand,
  KeyRound,
  PackageCheck,
  Truck,
  Undo2,
} from 'lucide-react';
import { useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTradeAction } from './api';
import { isInstantTrade } from './instant-trade';
import { useAnnounceStock } from './listing-stock';
import { MoneyConfirmDialog } from './MoneyConfirmDialog';
import { PayoutPanel, payoutOfTrade } from './PayoutPanel';
import { E2EField, StepCard, textareaClasses, useStepForm } from './StepShell';
import { reportStepError } from './step-errors';
import { TradePhotoField } from './TradePhotos';
import {
  centsToReais,
  type DeliveryFields,
  deliveryForm,
  type PaymentFields,
  paymentForm,
  type ValueFields,
} from './trade-forms';

/**
 * Step 1 (seller): the amount, prefilled with the agreed one (the offer or the listing's price). The same amount
 * confirms it; a different one goes to the buyer as a proposal, and no charge exists until they accept it.
 */
export function ConfirmValueForm({ trade }: { trade: TradeView }) {
  const form = useStepForm<ValueFields, unknown>({
    tradeId: trade.id,
    action: 'confirm_value',
    defaultValues: { amount: centsToReais(trade.amountCents) },
  });
  const {
    id,
    register,
    control,
    handleSubmit,
    getValues,
    formState: { errors },
  } = form;
  // What the seller receives on the amount typed, at the rate the trade fixed when it opened.
  const typedCents = parsePriceCents(useWatch({ control, name: 'amount' }) ?? '');

  const submit = handleSubmit(
    () =>
      form.send({ amount: getValues('amount').trim() }).then(
        (after) => toast.success(after.state === 'value_proposed' ? m.valueProposed : m.valueConfirmed),
        (error: unknown) => form.fail(error),
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
        <Button type="submit" busy={form.busy} className="sm:mt-7">
          {!form.busy && <CircleDollarSign aria-hidden />}
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
  const accept = useTradeAction(trade.id, 'accept_value');
  const decline = useTradeAction(trade.id, 'decline_value');
  const pending = accept.isPending || decline.isPending;
  const answering = accept.isPending ? 'accept' : decline.isPending ? 'decline' : null;
  const proposal = trade.proposal;
  const answer = (which: 'accept' | 'decline') =>
    (which === 'accept' ? accept : decline).mutate(undefined, {
      onSuccess: () => toast.success(which === 'accept' ? m.valueAccepted : m.valueDeclined),
      onError: (error) => reportStepError(error),
    });
  return (
    <StepCard title="O vendedor propôs um novo valor">
      {proposal && <ProposalAmounts proposal={proposal} />}
      <p className="text-sm text-muted">
        Aceitando, a cobrança PIX sai com o novo valor. Recusando, vale o valor combinado e o vendedor
        confirma de novo.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button busy={answering === 'accept'} disabled={pending} onClick={() => answer('accept')}>
          {answering !== 'accept' && <Check aria-hidden />}
          Aceitar novo valor
        </Button>
        <Button
          variant="secondary"
          busy={answering === 'decline'}
          disabled={pending}
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
  const form = useStepForm<PaymentFields, { endToEndId?: string | undefined }>({
    tradeId: trade.id,
    action: 'confirm_payment',
    form: paymentForm,
    defaultValues: { endToEndId: '' },
  });
  const opener = useRef<HTMLButtonElement>(null);
  const [body, setBody] = useState<{ endToEndId?: string | undefined } | null>(null);
  const send = () => {
    if (!body) return;
    form.send(body).then(
      () => {
        toast.success(m.paymentConfirmed);
        setBody(null);
      },
      (error: unknown) => {
        setBody(null);
        form.fail(error);
      },
    );
  };
  return (
    <StepCard title="Confirmar o pagamento do comprador">
      <form noValidate onSubmit={form.handleSubmit(setBody)} className="flex flex-col gap-3">
        <E2EField
          form={form}
          label="Identificador da transferência (E2E, opcional)"
          hint="Os 32 caracteres que o extrato do PIX recebido mostra."
        />
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
        busy={form.busy}
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
  const form = useStepForm<DeliveryFields, unknown>({
    tradeId: trade.id,
    action: 'mark_delivered',
    form: deliveryForm,
    defaultValues: { note: '', credentials: '' },
  });
  const {
    id,
    register,
    handleSubmit,
    getValues,
    photos,
    formState: { errors },
  } = form;
  const submit = handleSubmit(() =>
    form.send({ note: getValues('note').trim(), credentials: getValues('credentials').trim() }).then(
      () => toast.success(m.deliveryMarked),
      (error: unknown) => form.fail(error),
    ),
  );
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
          photos={photos.photos}
          onChange={photos.onChange}
          error={photos.error}
          disabled={form.busy}
        />
        <Button type="submit" busy={form.busy} className="self-start">
          {!form.busy && <Truck aria-hidden />}
          Registrar entrega
        </Button>
      </form>
    </StepCard>
  );
}

/** Step 3, second half (buyer): confirms the delivery; silence confirms it when the 72 h end. */
export function ConfirmDeliveryBox({ trade }: { trade: TradeView }) {
  const step = useTradeAction(trade.id, 'confirm_delivery');
  const autoAt = trade.deadline?.state === 'delivered' ? trade.deadline.at : null;
  const isAccount = trade.listing.kind === 'accounts';
  const instant = isInstantTrade(trade);
  return (
    <StepCard title={instant ? 'O código funcionou?' : 'Você recebeu o produto?'}>
      <p className="text-sm text-muted">
        {instant
          ? 'Use o código antes de confirmar: a confirmação libera o pagamento ao vendedor. Se ele não funcionar, abra uma disputa — a equipe lê o código entregue e decide.'
          : isAccount
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
          step.mutate(undefined, {
            onSuccess: () => toast.success(m.deliveryConfirmed),
            onError: (error) => reportStepError(error),
          })
        }
      >
        {!step.isPending && <PackageCheck aria-hidden />}
        Confirmar recebimento
      </Button>
    </StepCard>
  );
}

/** Step 4 (admin): 'Repasse ao vendedor', paid with the payout panel the 'Repasses' desk shows too. */
export function ReleaseForm({ trade }: { trade: TradeView }) {
  const announceStock = useAnnounceStock();
  return (
    <StepCard title="Repasse ao vendedor">
      <PayoutPanel
        payout={payoutOfTrade(trade, true)}
        onPaid={(after) => {
          toast.success(m.released);
          announceStock(after);
          toast.success(m.finished);
        }}
      />
    </StepCard>
  );
}

/** Staff take an unassigned trade as its intermediary. */
export function TakeTradeButton({ trade }: { trade: TradeView }) {
  const step = useTradeAction(trade.id, 'take');
  return (
    <Button
      variant="outline"
      busy={step.isPending}
      className="self-start"
      onClick={() =>
        step.mutate(undefined, {
          onSuccess: () => toast.success('Você é o intermediador desta negociação'),
          onError: (error) => reportStepError(error),
        })
      }
    >
      {!step.isPending && <Hand aria-hidden />}
      Assumir intermediação
    </Button>
  );
}
