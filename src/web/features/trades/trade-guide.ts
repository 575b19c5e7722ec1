import type { TradeAction, TradeState, TradeView } from '@shared/trades';

/** The buyer's line once the payment arrived: the money waits, protected, for their confirmation. */
export const PAYMENT_RECEIVED = 'Pagamento recebido — fica protegido até você confirmar';
/** The buyer's line once they confirmed (or the timer did): the purchase is done for them. */
export const PURCHASE_COMPLETED = 'Compra concluída';

/** The parties' lines; staff's, only to whoever may take that action now (an admin pays, a moderator does not). */
type Lines = { comprador?: string; vendedor?: string; staff?: [TradeAction, string]; others: string };

/** An instant delivery's buyer, once the code arrived by itself (issue 37). */
export const CODE_ARRIVED = 'Seu código chegou: revele, confira e confirme o recebimento';

/** What the room's header says to do (or what happens) now, for each state and whoever reads it. */
const nowLines: Record<TradeState, Lines> = {
  awaiting_value: { vendedor: 'Confirme o valor combinado', others: 'O vendedor confirma o valor' },
  value_proposed: {
    comprador: 'Aceite ou recuse o novo valor',
    others: 'O comprador responde ao novo valor',
  },
  awaiting_payment: {
    comprador: 'Pague com PIX: copie o código abaixo',
    staff: ['confirm_payment', 'Confirme o pagamento PIX quando ele chegar'],
    others: 'O comprador faz o pagamento PIX',
  },
  awaiting_delivery: {
    comprador: PAYMENT_RECEIVED,
    vendedor: 'Pagamento recebido: entregue o produto e registre a entrega',
    others: 'O vendedor entrega o produto',
  },
  delivered: {
    comprador: 'Confira o produto e confirme o recebimento',
    others: 'O comprador confere a entrega',
  },
  in_warranty: {
    comprador: PURCHASE_COMPLETED,
    vendedor: 'Entrega confirmada: o repasse sai no fim da garantia',
    others: 'Garantia da conta em andamento',
  },
  awaiting_release: {
    comprador: PURCHASE_COMPLETED,
    vendedor: 'Entrega confirmada: a equipe envia o seu repasse',
    staff: ['release', 'Pague o repasse ao vendedor'],
    others: 'A equipe envia o repasse ao vendedor',
  },
  disputed: { staff: ['decide_dispute', 'Decida a disputa'], others: 'A equipe analisa a disputa' },
  completed: {
    comprador: PURCHASE_COMPLETED,
    vendedor: 'Venda concluída: repasse enviado',
    others: 'Intermediação concluída',
  },
  cancelled: { others: 'Intermediação cancelada' },
  refunded: { others: 'Intermediação reembolsada' },
};

export interface TradeGuide {
  /** 1 to 4 while a step is under way; null once the trade ended. */
  step: number | null;
  stepTitle: string | null;
  now: string;
}

/** Where the trade is (step N of 4) and what the viewer should do, or wait for, now. */
export function tradeGuideFor(
  trade: Pick<TradeView, 'state' | 'steps' | 'viewerRole' | 'actions'> & { instant?: boolean },
): TradeGuide {
  const active = trade.steps.findIndex((step) => step.status === 'active');
  const lines = nowLines[trade.state];
  const { comprador, vendedor, staff, others } =
    trade.instant && trade.state === 'delivered'
      ? { ...lines, comprador: CODE_ARRIVED, others: 'Código entregue automaticamente: o comprador confere' }
      : lines;
  const now =
    trade.viewerRole === 'comprador'
      ? comprador
      : trade.viewerRole === 'vendedor'
        ? vendedor
        : staff && trade.actions.includes(staff[0])
          ? staff[1]
          : undefined;
  return {
    step: active === -1 ? null : active + 1,
    stepTitle: active === -1 ? null : (trade.steps[active]?.title ?? null),
    now: now ?? others,
  };
}

/**
 * The buyer's protection once they confirmed: held until the payout (a dispute is still possible), the account's
 * warranty, or over. Null for anyone else and before the confirmation.
 */
export function buyerProtectionLine(
  trade: Pick<TradeView, 'state' | 'viewerRole' | 'warranty'>,
  formatDay: (at: string) => string,
): string | null {
  if (trade.viewerRole !== 'comprador') return null;
  if (trade.state === 'in_warranty' && trade.warranty)
    return `Você segue protegido pela garantia da conta até ${formatDay(trade.warranty.endsAt)}.`;
  if (trade.state === 'awaiting_release')
    return 'Você segue protegido até o repasse ao vendedor: se houver um problema, abra uma disputa.';
  if (trade.state === 'completed') return 'Proteção encerrada: o vendedor recebeu o pagamento.';
  return null;
}
