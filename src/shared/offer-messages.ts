import { lowOfferPercent } from './offer-constants';
import { TRADE_TIMERS } from './trade-rules';

/** Offers (part 1 §5, §8). */
export const offerMessages = {
  loginRequiredTitle: 'Login necessário',
  loginRequired: 'Você precisa estar logado para fazer uma oferta.',
  ownListingTitle: 'Ação não permitida',
  ownListing: 'Você não pode fazer oferta no seu próprio produto.',
  invalidAmountTitle: 'Valor inválido',
  invalidAmount: 'Por favor, insira um valor válido.',
  messageTooLong: 'A mensagem pode ter no máximo 500 caracteres.',
  sendFailed: 'Erro ao enviar oferta. Tente novamente.',
  sentTitle: 'Oferta enviada!',
  sent: 'Sua oferta foi enviada com sucesso. O vendedor será notificado.',
  alreadyPending: 'Você já tem uma oferta pendente neste produto.',
  listingUnavailable: 'Este produto não está mais disponível.',
  // Not in the spec: a suspension closes the member's shop and their buying (decision 023).
  sellerUnavailable: 'Este anúncio está indisponível: o vendedor não pode negociar no momento.',
  buyerSuspended: 'Sua conta está suspensa: você não pode fazer ofertas nem compras até o fim da suspensão.',
  notFound: 'Oferta não encontrada.',
  notPending: 'Esta oferta já foi respondida.',
  onlySeller: 'Só o vendedor pode responder a esta oferta.',
  onlyBuyer: 'Só quem fez a oferta pode retirá-la.',
  onlySellerSees: 'Só o vendedor pode ver as ofertas deste produto.',
  accepted: 'Oferta aceita! O valor está confirmado e o comprador já pode pagar.',
  // Not in the spec (issue 34): an offer far below the price warns the buyer, and is labelled for the seller.
  lowOfferWarning: `Sua oferta está abaixo de ${lowOfferPercent} do preço: ofertas assim raramente são aceitas. Você ainda pode enviá-la.`,
  lowOfferLabel: `Oferta abaixo de ${lowOfferPercent} do preço`,
  rejected: 'Oferta recusada.',
  withdrawn: 'Oferta retirada.',
  stockReserved: 'Todas as unidades deste produto estão reservadas em intermediações; esta oferta aguarda.',
  actionFailed: 'Não foi possível concluir. Tente novamente.',
} as const;

/** The in-app notifications each answer sends ('O vendedor será notificado'). */
export const offerNotices = {
  received: (buyer: string, amount: string, title: string) => ({
    title: 'Nova oferta recebida',
    body: `${buyer} ofereceu ${amount} em "${title}".`,
  }),
  accepted: (amount: string, title: string) => ({
    title: 'Oferta aceita!',
    body: `Sua oferta de ${amount} em "${title}" foi aceita: o valor está confirmado. Pague ${amount} por PIX na sala da intermediação em até ${TRADE_TIMERS.paymentHours} horas.`,
  }),
  rejected: (amount: string, title: string) => ({
    title: 'Oferta recusada',
    body: `Sua oferta de ${amount} em "${title}" foi recusada pelo vendedor.`,
  }),
  withdrawn: (buyer: string, amount: string, title: string) => ({
    title: 'Oferta retirada',
    body: `${buyer} retirou a oferta de ${amount} em "${title}".`,
  }),
};
