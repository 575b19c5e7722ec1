import type { TradeView } from '@shared/trades';

/**
 * Whether the trade's delivery was an instant delivery's (issue 37): the room says so in `delivery.automatic`; an
 * answer without it is read from the history (the system's 'code_delivered' step).
 */
export function isInstantTrade(
  trade: Pick<TradeView, 'events'> & { delivery?: TradeView['delivery']; instantDelivery?: boolean },
): boolean {
  if (typeof trade.delivery?.automatic === 'boolean') return trade.delivery.automatic;
  if (typeof trade.instantDelivery === 'boolean') return trade.instantDelivery;
  return trade.events.some((event) => (event.kind as string) === 'code_delivered');
}

/** The reveal's words: a delivered code reads as a code, not as account credentials. */
export function revealWords(instant: boolean, viewerRole: TradeView['viewerRole']) {
  if (!instant)
    return {
      title: 'Dados de acesso',
      intro: 'O vendedor enviou os dados de acesso. Cada visualização fica registrada no histórico.',
      show: 'Mostrar dados de acesso',
      copy: 'Copiar dados de acesso',
    };
  const buyer = viewerRole === 'comprador';
  return {
    title: buyer ? 'Seu código' : 'Código entregue',
    intro: buyer
      ? 'Seu código chegou automaticamente logo após o pagamento. Cada visualização fica registrada no histórico. Se ele não funcionar, abra uma disputa antes de confirmar o recebimento.'
      : 'O código foi entregue automaticamente do estoque do vendedor. Cada visualização fica registrada no histórico.',
    show: buyer ? 'Mostrar código' : 'Ler o código',
    copy: 'Copiar código',
  };
}
