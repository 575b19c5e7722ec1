import type { TradeAction, TradeView } from '@shared/trades';
import type { ReactNode } from 'react';
import { PixCharge } from './PixCharge';
import { RevealCredentials } from './RevealCredentials';
import {
  AnswerProposalBox,
  ConfirmDeliveryBox,
  ConfirmPaymentForm,
  ConfirmValueForm,
  MarkDeliveredForm,
  ReleaseForm,
  TakeTradeButton,
} from './StepForms';
import {
  AddEvidenceDialog,
  CancelTradeDialog,
  DecideDisputeDialog,
  OpenDisputeDialog,
  RecommendDecisionDialog,
  TakeOverDialog,
} from './TradeDialogs';

/** The steps a viewer takes in place, in the order the trade reaches them. */
const forms: [TradeAction, (trade: TradeView) => ReactNode][] = [
  ['take', (trade) => <TakeTradeButton trade={trade} />],
  ['confirm_value', (trade) => <ConfirmValueForm trade={trade} />],
  ['accept_value', (trade) => <AnswerProposalBox trade={trade} />],
  ['confirm_payment', (trade) => <ConfirmPaymentForm trade={trade} />],
  ['mark_delivered', (trade) => <MarkDeliveredForm trade={trade} />],
  ['reveal_credentials', (trade) => <RevealCredentials trade={trade} />],
  ['confirm_delivery', (trade) => <ConfirmDeliveryBox trade={trade} />],
  ['release', (trade) => <ReleaseForm trade={trade} />],
];

/** What the viewer may do now: exactly the actions the server lists, plus the PIX charge while it waits. */
export function TradeActions({ trade }: { trade: TradeView }) {
  const can = (action: TradeAction) => trade.actions.includes(action);
  const shown = forms.filter(([action]) => can(action));
  const charge = trade.state === 'awaiting_payment' ? trade.charge : null;
  const dialogActions: TradeAction[] = [
    'decide_dispute',
    'recommend_decision',
    'open_dispute',
    'add_evidence',
    'take_over',
    'cancel',
  ];
  const dialogs = dialogActions.some(can);

  return (
    <section aria-labelledby="acoes" className="rounded-2xl border border-line bg-surface p-5 sm:p-6">
      <h2 id="acoes" className="font-display text-lg font-semibold tracking-wide text-fg">
        Ações
      </h2>
      <div className="mt-4 flex flex-col gap-6">
        {charge && <PixCharge charge={charge} forBuyer={trade.viewerRole === 'comprador'} />}
        {shown.map(([action, render]) => (
          <div key={action} className="border-t border-line pt-5 first:border-t-0 first:pt-0">
            {render(trade)}
          </div>
        ))}
        {!charge && shown.length === 0 && !dialogs && (
          <p className="text-sm text-muted">
            Nada a fazer por você agora. Esta página se atualiza sozinha quando a intermediação avançar.
          </p>
        )}
        {dialogs && (
          <div className="flex flex-wrap gap-2 border-t border-line pt-5 first:border-t-0 first:pt-0">
            {can('decide_dispute') && <DecideDisputeDialog trade={trade} />}
            {can('recommend_decision') && <RecommendDecisionDialog trade={trade} />}
            {can('open_dispute') && <OpenDisputeDialog trade={trade} />}
            {can('add_evidence') && <AddEvidenceDialog trade={trade} />}
            {can('take_over') && <TakeOverDialog trade={trade} />}
            {can('cancel') && <CancelTradeDialog trade={trade} />}
          </div>
        )}
      </div>
    </section>
  );
}
