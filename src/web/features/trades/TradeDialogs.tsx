import { tradeMessages as m } from '@shared/trade-messages';
import { paidTradeStates, type TradeView } from '@shared/trades';
import { cn } from '@web/lib/cn';
import { toast } from '@web/lib/toast';
import { Ban, Gavel, ImagePlus, MessageSquareQuote, Scale, UserRoundCog } from 'lucide-react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { TradeMoneySummary } from './MoneyConfirmDialog';
import { E2EField, ReasonField, refundOrDone, StepDialog } from './StepShell';
import {
  type CancelFields,
  cancelForm,
  type DecisionBody,
  type DecisionFields,
  decisionForm,
  type RecommendationFields,
  recommendationForm,
  type TakeOverFields,
} from './trade-forms';

/** 'Cancelar intermediação': a reason; staff cancelling after the payment refund it and give the E2E id. */
export function CancelTradeDialog({ trade }: { trade: TradeView }) {
  const isRefund = trade.viewerRole === 'intermediador' && paidTradeStates.includes(trade.state);
  return (
    <StepDialog<CancelFields, { reason: string; endToEndId?: string | undefined }>
      trade={trade}
      action="cancel"
      form={cancelForm(isRefund)}
      defaultValues={{ reason: '', endToEndId: '' }}
      trigger="Cancelar intermediação"
      icon={Ban}
      variant="ghost"
      title="Cancelar intermediação"
      description={
        isRefund
          ? 'O valor pago volta ao comprador. Faça o PIX de reembolso deste valor e informe o identificador da transferência.'
          : 'A intermediação termina e a unidade reservada volta ao estoque. Conte o motivo para a outra parte.'
      }
      summary={() => isRefund && <TradeMoneySummary trade={trade} amountCents={trade.amountCents} />}
      submit={{
        label: isRefund ? 'Reembolsar e cancelar' : 'Cancelar intermediação',
        busyLabel: 'Cancelando...',
        variant: 'danger',
      }}
      onDone={(view) => refundOrDone(view, m.cancelled)}
    >
      {(form) => (
        <>
          <ReasonField form={form} label="Motivo do cancelamento" />
          {isRefund && <E2EField form={form} label="Identificador do reembolso (E2E)" />}
        </>
      )}
    </StepDialog>
  );
}

/** 'Abrir disputa' (buyer or seller, after the payment and before the release): the staff decide. */
export function OpenDisputeDialog({ trade }: { trade: TradeView }) {
  return (
    <StepDialog<{ reason: string }, { reason: string }>
      trade={trade}
      action="open_dispute"
      defaultValues={{ reason: '' }}
      trigger="Abrir disputa"
      icon={Scale}
      variant="ghost"
      title="Abrir disputa"
      description="O pagamento fica retido e um intermediador analisa o caso. Explique o que aconteceu."
      photos={{ label: 'Evidências (opcional, até 4 fotos)', altPrefix: 'Evidência' }}
      submit={{ label: 'Abrir disputa', busyLabel: 'Abrindo...', variant: 'danger' }}
      onDone={() => toast.success(m.disputeOpened)}
    >
      {(form) => <ReasonField form={form} label="O que aconteceu?" />}
    </StepDialog>
  );
}

/** 'Enviar evidências' (buyer or seller, while the dispute is open): up to 4 photos each, in all. */
export function AddEvidenceDialog({ trade }: { trade: TradeView }) {
  return (
    <StepDialog<Record<string, never>, unknown>
      trade={trade}
      action="add_evidence"
      defaultValues={{}}
      toBody={() => ({})}
      trigger="Enviar evidências"
      icon={ImagePlus}
      variant="secondary"
      title="Enviar evidências"
      description="Fotos que ajudam o intermediador a decidir: até 4 por parte, somando as enviadas ao abrir a disputa."
      photos={{ label: 'Fotos', altPrefix: 'Evidência', required: m.photoRequired }}
      submit={{ label: 'Enviar evidências', busyLabel: 'Enviando...', variant: 'primary' }}
      onDone={() => toast.success(m.evidenceAdded)}
    />
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
  const recommendation = trade.dispute?.recommendation;
  return (
    <StepDialog<DecisionFields, DecisionBody>
      trade={trade}
      action="decide_dispute"
      form={decisionForm}
      defaultValues={{ decision: '', reason: '', endToEndId: '' }}
      trigger="Decidir disputa"
      icon={Gavel}
      variant="primary"
      title="Decidir disputa"
      description="A decisão é final e aparece para as duas partes. Para o vendedor, o repasse fica devido e é pago em seguida; para o comprador, faça o PIX de reembolso antes e informe o identificador."
      summary={(form) => (
        <TradeMoneySummary
          trade={trade}
          amountCents={form.watch('decision') === 'release' ? trade.sellerShareCents : trade.amountCents}
        />
      )}
      submit={{
        label: (form) => {
          const decision = form.watch('decision');
          return decision === 'release'
            ? 'Decidir e deixar o repasse devido'
            : decision === 'refund'
              ? 'Decidir e registrar o reembolso'
              : 'Registrar decisão';
        },
        busyLabel: 'Registrando...',
        variant: 'primary',
      }}
      onDone={(view) => refundOrDone(view, m.disputeDecided)}
    >
      {(form) => (
        <>
          {recommendation && (
            <p className="rounded-lg border border-line bg-surface px-3.5 py-2.5 text-sm text-muted">
              <span className="font-medium text-fg">Recomendação de {recommendation.byName}:</span>{' '}
              {decisionWords[recommendation.decision]}. {recommendation.reason}
            </p>
          )}
          <DecisionChoice
            id={form.id}
            chosen={form.watch('decision')}
            error={form.formState.errors.decision?.message}
            field={form.register('decision')}
          />
          <ReasonField form={form} label="Justificativa" />
          {form.watch('decision') === 'refund' && (
            <E2EField form={form} label="Identificador do reembolso (E2E)" />
          )}
        </>
      )}
    </StepDialog>
  );
}

/** A moderator recommends a decision; an admin confirms it (money moves only by an admin's hand). */
export function RecommendDecisionDialog({ trade }: { trade: TradeView }) {
  return (
    <StepDialog<RecommendationFields, { decision: 'release' | 'refund'; reason: string }>
      trade={trade}
      action="recommend_decision"
      form={recommendationForm}
      defaultValues={{ decision: trade.dispute?.recommendation?.decision ?? '', reason: '' }}
      trigger={trade.dispute?.recommendation ? 'Alterar recomendação' : 'Recomendar decisão'}
      icon={MessageSquareQuote}
      variant="primary"
      title="Recomendar decisão"
      description="Um administrador lê a sua recomendação e decide: só ele movimenta o dinheiro."
      submit={{ label: 'Enviar recomendação', busyLabel: 'Enviando...', variant: 'primary' }}
      onDone={() => toast.success(m.decisionRecommended)}
    >
      {(form) => (
        <>
          <DecisionChoice
            id={form.id}
            chosen={form.watch('decision')}
            error={form.formState.errors.decision?.message}
            field={form.register('decision')}
          />
          <ReasonField form={form} label="Justificativa" />
        </>
      )}
    </StepDialog>
  );
}

/** An admin takes the trade from the staff member holding it; the reason goes to the history and the audit. */
export function TakeOverDialog({ trade }: { trade: TradeView }) {
  return (
    <StepDialog<TakeOverFields, { reason: string }>
      trade={trade}
      action="take_over"
      defaultValues={{ reason: '' }}
      trigger="Assumir no lugar"
      icon={UserRoundCog}
      variant="secondary"
      title="Assumir a intermediação"
      description={`${trade.intermediary?.name ?? 'Outro membro da equipe'} conduz esta intermediação. O motivo fica no histórico e na auditoria.`}
      submit={{ label: 'Assumir intermediação', busyLabel: 'Assumindo...', variant: 'primary' }}
      onDone={() => toast.success('Você é o intermediador desta negociação')}
    >
      {(form) => <ReasonField form={form} label="Motivo" />}
    </StepDialog>
  );
}
